/**
 * The demo Canvas's in-memory records. Field names are ours (camelCase); the serializers turn
 * them into Canvas's JSON. Timestamps are ISO-8601 strings in UTC, as Canvas sends them.
 */

export type EnrollmentType = 'teacher' | 'ta' | 'student' | 'observer' | 'designer';
export type EnrollmentState = 'active' | 'invited' | 'completed';
export type CourseState = 'unpublished' | 'available' | 'completed';
export type GradingType = 'points' | 'percent' | 'pass_fail' | 'letter_grade' | 'gpa_scale' | 'not_graded';
export type SubmissionState = 'unsubmitted' | 'submitted' | 'graded' | 'pending_review';
export type SubmissionType = 'online_text_entry' | 'online_upload' | 'online_url' | 'online_quiz' | 'discussion_topic';
export type QuizType = 'practice_quiz' | 'assignment' | 'graded_survey' | 'survey';
export type QuizSubmissionState = 'untaken' | 'pending_review' | 'complete';
export type QuestionType =
  | 'multiple_choice_question'
  | 'true_false_question'
  | 'essay_question'
  | 'short_answer_question'
  | 'file_upload_question'
  | 'text_only_question';
/** Canvas's per-answer correctness; 'undefined' means a person still has to score it. */
export type AnswerCorrectness = true | false | 'partial' | 'undefined' | 'defined' | 'no_score';

export interface DemoUser {
  id: number;
  name: string;
  shortName: string;
  sortableName: string;
  email: string;
  pronouns: string | null;
  timeZone: string;
  createdAt: string;
}

export interface DemoAccessToken {
  userId: number;
  /** Canvas answers 'Expired access token.' after this moment. */
  expiresAt: string | null;
  revoked: boolean;
  /** Set for tokens issued through OAuth2: the grant (developer key and refresh token) it belongs to. */
  grantId?: string;
}

export interface DemoTerm {
  id: number;
  name: string;
  startAt: string | null;
  endAt: string | null;
  createdAt: string;
}

export interface DemoCourse {
  id: number;
  name: string;
  courseCode: string;
  workflowState: CourseState;
  termId: number;
  startAt: string | null;
  endAt: string | null;
  createdAt: string;
  uuid: string;
  timeZone: string;
  syllabusBody: string | null;
  /** The course's late policy (`GET /courses/:id/late_policy`); absent when the course has none. */
  latePolicy?: DemoLatePolicy | null;
}

/** Canvas's LatePolicy: a percent of the points possible per started interval late, never below the minimum. */
export interface DemoLatePolicy {
  id: number;
  lateSubmissionDeductionEnabled: boolean;
  /** Percent of the points possible per interval. */
  lateSubmissionDeduction: number;
  lateSubmissionInterval: 'day' | 'hour';
  lateSubmissionMinimumPercentEnabled: boolean;
  lateSubmissionMinimumPercent: number;
  missingSubmissionDeductionEnabled: boolean;
  missingSubmissionDeduction: number;
}

export interface DemoEnrollment {
  id: number;
  courseId: number;
  userId: number;
  type: EnrollmentType;
  state: EnrollmentState;
  /** Course role permission `manage_grades` (a TA may be denied it). */
  canManageGrades: boolean;
}

export interface DemoRubricRating {
  id: string;
  points: number;
  description: string;
  longDescription: string;
}

export interface DemoRubricCriterion {
  id: string;
  points: number;
  description: string;
  longDescription: string | null;
  ratings: DemoRubricRating[];
  /** `criterion_use_range`: a rating covers the points down to the next lower rating's. */
  useRange?: boolean;
  /** `ignore_for_scoring`: assessed, but not counted in the rubric's total. */
  ignoreForScoring?: boolean;
  /** The learning outcome the row is linked to (`learning_outcome_id`). */
  outcomeId?: number | null;
}

/** A learning outcome (`GET /api/v1/outcomes/:id`). */
export interface DemoOutcome {
  id: number;
  title: string;
  description: string;
  vendorGuid: string | null;
  pointsPossible: number;
  masteryPoints: number;
  ratings: Array<{ points: number; description: string }>;
}

export interface DemoRubric {
  id: number;
  title: string;
  criteria: DemoRubricCriterion[];
  freeFormCriterionComments: boolean;
  /** When true, the rubric total becomes the score (assignment `use_rubric_for_grading`). */
  useForGrading: boolean;
  /** `rubric_settings.hide_points`: students see ratings without points. */
  hidePoints?: boolean;
}

export interface DemoAssignmentGroup {
  id: number;
  name: string;
  position: number;
  /** Share of the final grade when the course weights groups; 0 when it does not. */
  groupWeight: number;
}

export interface DemoAssignment {
  id: number;
  courseId: number;
  assignmentGroupId: number;
  position: number;
  name: string;
  description: string;
  pointsPossible: number;
  gradingType: GradingType;
  /** The course's grading scheme for letter and GPA grades (letter, lowest percent); Canvas's default when absent. */
  gradingScheme?: ReadonlyArray<readonly [string, number]>;
  submissionTypes: string[];
  allowedExtensions: string[];
  dueAt: string | null;
  lockAt: string | null;
  unlockAt: string | null;
  createdAt: string;
  updatedAt: string;
  published: boolean;
  postManually: boolean;
  /** Moderated grading: graders' grades are provisional until the moderator picks one. */
  moderatedGrading?: boolean;
  /** Anonymous grading: graders see no names (`anonymize_students` while grades are not posted). */
  anonymousGrading?: boolean;
  rubric: DemoRubric | null;
  quizId: number | null;
  discussionTopicId: number | null;
}

export interface DemoSubmissionComment {
  id: number;
  authorId: number;
  comment: string;
  createdAt: string;
  attempt: number | null;
  /** Set when the comment's text was edited (PUT .../comments/:id). */
  editedAt?: string | null;
}

export interface DemoRubricAssessmentEntry {
  ratingId: string | null;
  comments: string;
  points: number | null;
}

export interface DemoSubmission {
  id: number;
  assignmentId: number;
  userId: number;
  submissionType: SubmissionType | null;
  body: string | null;
  url: string | null;
  submittedAt: string | null;
  attempt: number | null;
  workflowState: SubmissionState;
  score: number | null;
  grade: string | null;
  gradedAt: string | null;
  graderId: number | null;
  /** False when the student resubmitted after being graded, which puts it back in the to-grade list. */
  gradeMatchesCurrentSubmission: boolean;
  excused: boolean | null;
  latePolicyStatus: 'late' | 'missing' | 'extended' | 'none' | null;
  /** Points the late policy took off the score entered (Canvas's `points_deducted`); null when none applied. */
  pointsDeducted?: number | null;
  /** The score as entered before the deduction (Canvas's `entered_score`); the score when there was none. */
  enteredScore?: number | null;
  postedAt: string | null;
  attachmentIds: number[];
  comments: DemoSubmissionComment[];
  rubricAssessment: Record<string, DemoRubricAssessmentEntry> | null;
  quizSubmissionId: number | null;
}

export interface DemoAttachment {
  id: number;
  courseId: number;
  uuid: string;
  filename: string;
  displayName: string;
  contentType: string;
  /** The essay the generated file contains; the bytes are made from it on first use. */
  text: string;
  title: string;
  /** A run Word hides (w:vanish) after the first paragraph: planted steering (decision 054). */
  hiddenText?: string;
  /** Secret part of the download URL, as Canvas's `verifier`. */
  verifier: string;
  createdAt: string;
}

export interface DemoDiscussionTopic {
  id: number;
  courseId: number;
  title: string;
  message: string;
  authorId: number;
  createdAt: string;
  postedAt: string;
  assignmentId: number | null;
  position: number;
  published: boolean;
  pinned: boolean;
  locked: boolean;
  requireInitialPost: boolean;
  discussionType: 'threaded' | 'side_comment' | 'not_threaded';
}

export interface DemoDiscussionEntry {
  id: number;
  topicId: number;
  userId: number;
  parentId: number | null;
  message: string;
  createdAt: string;
  updatedAt: string;
  deleted: boolean;
}

export interface DemoQuiz {
  id: number;
  courseId: number;
  title: string;
  description: string;
  quizType: QuizType;
  timeLimit: number | null;
  allowedAttempts: number;
  shuffleAnswers: boolean;
  showCorrectAnswers: boolean;
  scoringPolicy: 'keep_highest' | 'keep_latest';
  oneQuestionAtATime: boolean;
  published: boolean;
  dueAt: string | null;
  lockAt: string | null;
  unlockAt: string | null;
  assignmentId: number | null;
  assignmentGroupId: number | null;
  createdAt: string;
}

export interface DemoQuizAnswer {
  id: number;
  text: string;
  /** 100 for a correct answer, 0 for a wrong one. */
  weight: number;
  comments: string;
}

export interface DemoQuizQuestion {
  id: number;
  quizId: number;
  position: number;
  name: string;
  type: QuestionType;
  text: string;
  pointsPossible: number;
  answers: DemoQuizAnswer[];
  correctComments: string;
  incorrectComments: string;
  neutralComments: string;
  createdAt: string;
}

/** One question's result inside a finished attempt (Canvas `submission_data`). */
export interface DemoQuestionResult {
  questionId: number;
  correct: AnswerCorrectness;
  points: number;
  /** Essay HTML, or the chosen answer id as a string. */
  text: string;
  answerId: number | null;
  moreComments: string | null;
}

export interface DemoQuizSubmission {
  id: number;
  quizId: number;
  userId: number;
  submissionId: number | null;
  attempt: number;
  startedAt: string;
  finishedAt: string | null;
  fudgePoints: number | null;
  score: number | null;
  keptScore: number | null;
  workflowState: QuizSubmissionState;
  timeSpent: number;
  validationToken: string;
  results: DemoQuestionResult[];
}
