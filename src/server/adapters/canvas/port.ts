/**
 * The Canvas data Margin reads, in our words: only the fields the product uses, plus ids.
 * Timestamps stay ISO-8601 strings as Canvas sends them; HTML stays HTML (sanitise before showing).
 */

export interface CanvasUser {
  id: number;
  name: string;
  sortableName: string;
  shortName: string;
  /** Canvas includes it for the caller; null if the account hides it. */
  email: string | null;
  avatarUrl: string | null;
}

export interface CanvasTerm {
  id: number;
  name: string;
  startAt: string | null;
  endAt: string | null;
}

export interface CanvasCourse {
  id: number;
  name: string;
  courseCode: string;
  /** 'unpublished' | 'available' | 'completed' | 'deleted' */
  workflowState: string;
  startAt: string | null;
  endAt: string | null;
  totalStudents: number | null;
  /** Present only for instructors who may grade in the course. */
  needsGradingCount: number | null;
  isFavorite: boolean;
  term: CanvasTerm | null;
  /** The course page in Canvas (Canvas does not send one; built from the base URL). */
  htmlUrl: string;
}

export interface CanvasRubricRating {
  id: string;
  points: number;
  description: string;
  longDescription: string;
}

export interface CanvasRubricCriterion {
  id: string;
  points: number;
  description: string;
  longDescription: string | null;
  ratings: CanvasRubricRating[];
  /** `criterion_use_range`: each rating covers the points down to the next rating's. */
  useRange?: boolean;
  /** `ignore_for_scoring`: assessed, but left out of the rubric's total. */
  ignoreForScoring?: boolean;
  /** `outcome_id` of an outcome-linked criterion, else null. */
  outcomeId?: number | null;
  /** The linked outcome's mastery points (read from the outcome), when Canvas gave them. */
  masteryPoints?: number | null;
}

export interface CanvasRubricSettings {
  id: number | null;
  title: string;
  pointsPossible: number;
  freeFormCriterionComments: boolean;
  /** The rubric shows no points to students (`hide_points`). */
  hidePoints?: boolean;
  hideScoreTotal?: boolean;
}

/** A learning outcome (`GET /api/v1/outcomes/:id`): what a rubric criterion linked to it counts as mastery. */
export interface CanvasOutcome {
  id: number;
  title: string;
  masteryPoints: number | null;
  pointsPossible: number | null;
}

export interface CanvasAssignment {
  id: number;
  courseId: number;
  name: string;
  description: string | null;
  pointsPossible: number | null;
  /** 'points' | 'percent' | 'pass_fail' | 'letter_grade' | 'gpa_scale' | 'not_graded' */
  gradingType: string;
  /** Grades are posted by hand: the student sees neither grade nor comment until they are posted. */
  postManually?: boolean;
  dueAt: string | null;
  submissionTypes: string[];
  published: boolean;
  htmlUrl: string;
  /** Present only for callers who may grade. */
  needsGradingCount: number | null;
  rubric: CanvasRubricCriterion[] | null;
  rubricSettings: CanvasRubricSettings | null;
  useRubricForGrading: boolean;
  /** Moderated grading: a grader's grade is provisional until the moderator picks one (decision 058). */
  moderatedGrading?: boolean;
  /** Anonymous grading (decision 067); while `anonymizeStudents`, submissions carry no user, only an anonymous id. */
  anonymousGrading?: boolean;
  anonymizeStudents?: boolean;
  quizId: number | null;
  discussionTopicId: number | null;
}

/** An assignment group with its assignments (`include[]=assignments`). */
export interface CanvasAssignmentGroup {
  id: number;
  name: string;
  position: number;
  /** Share of the final grade when the course weights its groups. */
  groupWeight: number;
  assignments: CanvasAssignment[];
}

/** A student's enrollment in a course, with her current score as Canvas computes it. */
export interface CanvasStudentEnrollment {
  id: number;
  userId: number;
  name: string;
  sortableName: string;
  /** 'active' | 'invited' | 'inactive' | 'completed' */
  enrollmentState: string;
  /** Percent of the graded work, as Canvas's gradebook shows it; null when nothing is graded. */
  currentScore: number | null;
  /** The student's page in the course. */
  htmlUrl: string | null;
  /** Her grades page in Canvas. */
  gradesUrl: string | null;
}

export interface CanvasAttachment {
  id: number;
  filename: string;
  displayName: string;
  contentType: string;
  url: string;
  size: number;
}

export interface CanvasSubmissionComment {
  id: number;
  authorId: number | null;
  authorName: string;
  authorAvatarUrl: string | null;
  comment: string;
  createdAt: string;
  editedAt: string | null;
}

export interface CanvasRubricAssessmentEntry {
  ratingId: string | null;
  points: number | null;
  comments: string;
}

/** One per-question result of a classic-quiz attempt (Canvas `submission_data`). */
export interface CanvasQuizAnswer {
  questionId: number;
  /** true | false | 'partial' | 'undefined' (waiting for a person) | 'defined' (scored by a person) | 'no_score' */
  correct: boolean | string;
  points: number;
  /** Essay HTML, or the chosen answer's id as text. */
  text: string | null;
  answerId: number | null;
  teacherComment: string | null;
}

export interface CanvasSubmission {
  id: number;
  assignmentId: number;
  /**
   * The student's Canvas user id; on an anonymised assignment, the negative key made from the
   * anonymous id (decision 067, `anonymousStudentKey`), and `user` is null.
   */
  userId: number;
  /** Canvas's anonymous id, when Canvas sent one (anonymous grading). */
  anonymousId?: string | null;
  user: { id: number; name: string; sortableName: string; avatarUrl: string | null } | null;
  /** 'unsubmitted' | 'submitted' | 'graded' | 'pending_review' */
  workflowState: string;
  submissionType: string | null;
  body: string | null;
  url: string | null;
  submittedAt: string | null;
  gradedAt: string | null;
  score: number | null;
  grade: string | null;
  attempt: number | null;
  late: boolean;
  missing: boolean;
  /** How late it was handed in (0 when on time); for a missing one, how long past the due date. */
  secondsLate: number;
  /** Points Canvas's late policy took off the grade entered; null when none. */
  pointsDeducted: number | null;
  /** The score and grade as entered, before the late deduction; `score`/`grade` are after it. */
  enteredScore: number | null;
  enteredGrade: string | null;
  excused: boolean;
  /** False when the student resubmitted after being graded. */
  gradeMatchesCurrentSubmission: boolean;
  attachments: CanvasAttachment[];
  comments: CanvasSubmissionComment[];
  rubricAssessment: Record<string, CanvasRubricAssessmentEntry> | null;
  /** Classic quizzes: the latest attempt's answers, when read with the submission history. */
  quizAnswers: CanvasQuizAnswer[] | null;
}

/** A course's late policy (Late Policy API): Canvas applies it itself when a grade is entered. */
export interface CanvasLatePolicy {
  lateDeductionEnabled: boolean;
  /** Percent of the points possible taken off per started interval late. */
  lateDeductionPercent: number;
  lateInterval: 'day' | 'hour';
  /** The grade never goes below this percent of the points possible through the deduction (0 when off). */
  lateMinimumPercent: number;
  missingDeductionEnabled: boolean;
  /** A missing submission's grade is this percent below the points possible. */
  missingDeductionPercent: number;
}

export interface CanvasGradeInput {
  /** Canvas's posted_grade: "17", "85%", "pass", "A-"; null or "" clears the grade. */
  postedGrade?: string | number | null;
  comment?: string;
  rubricAssessment?: Record<string, { points?: number | null; ratingId?: string | null; comments?: string }>;
}

export interface CanvasUserDisplay {
  id: number;
  displayName: string;
  avatarUrl: string | null;
  htmlUrl: string | null;
  pronouns: string | null;
}

export interface CanvasDiscussionTopic {
  id: number;
  title: string;
  message: string | null;
  postedAt: string | null;
  /** Set when the discussion is graded (Canvas has no `is_assignment`). */
  assignmentId: number | null;
  assignment: CanvasAssignment | null;
  discussionType: string;
  published: boolean;
  htmlUrl: string;
  entryCount: number;
  unreadCount: number;
  author: CanvasUserDisplay | null;
}

/** An entry of the threaded `/view`; deleted entries keep their place without text or author. */
export interface CanvasDiscussionViewEntry {
  id: number;
  userId: number | null;
  parentId: number | null;
  message: string | null;
  createdAt: string;
  updatedAt: string | null;
  isDeleted: boolean;
  replies: CanvasDiscussionViewEntry[];
}

export interface CanvasDiscussionView {
  participants: CanvasUserDisplay[];
  entries: CanvasDiscussionViewEntry[];
  unreadEntryIds: number[];
}

export interface CanvasDiscussionEntry {
  id: number;
  userId: number | null;
  parentId: number | null;
  message: string | null;
  createdAt: string;
  isDeleted: boolean;
  user: CanvasUserDisplay | null;
}

export interface CanvasQuiz {
  id: number;
  title: string;
  description: string | null;
  /** 'practice_quiz' | 'assignment' | 'graded_survey' | 'survey' */
  quizType: string;
  pointsPossible: number | null;
  timeLimitMinutes: number | null;
  /** -1 means unlimited. */
  allowedAttempts: number;
  dueAt: string | null;
  published: boolean;
  assignmentId: number | null;
  questionCount: number;
  htmlUrl: string;
}

export interface CanvasQuizQuestion {
  id: number;
  position: number | null;
  name: string;
  /** e.g. 'essay_question', 'multiple_choice_question', 'true_false_question' */
  type: string;
  text: string;
  pointsPossible: number;
  answers: Array<{ id: number; text: string; weight: number }>;
}

export interface CanvasQuizSubmission {
  id: number;
  quizId: number;
  userId: number;
  submissionId: number | null;
  attempt: number | null;
  /** 'untaken' | 'pending_review' | 'complete' | 'settings_only' | 'preview' */
  workflowState: string;
  score: number | null;
  keptScore: number | null;
  fudgePoints: number | null;
  pointsPossible: number | null;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface CanvasQuizScoreUpdate {
  attempt: number;
  fudgePoints?: number | null;
  /** By question id: the points given and an optional comment ("" clears it). */
  questions: Record<number, { score?: number | null; comment?: string }>;
}

export interface CanvasDownload {
  bytes: Uint8Array;
  contentType: string;
  filename: string | null;
}

/** Everything Margin asks of Canvas. Methods throw AppError with a CANVAS_* code on failure. */
export interface CanvasClient {
  getSelf(): Promise<CanvasUser>;
  getProfile(): Promise<CanvasUser>;
  /** All the teacher's courses, with needs-grading counts, student totals, favourites and terms. */
  listCourses(): Promise<CanvasCourse[]>;
  listFavoriteCourses(): Promise<CanvasCourse[]>;
  getCourse(courseId: number): Promise<CanvasCourse>;
  /** The course's late policy; null when the course has none (Canvas answers 404). */
  getLatePolicy(courseId: number): Promise<CanvasLatePolicy | null>;
  listAssignments(
    courseId: number,
    options?: { bucket?: 'past' | 'overdue' | 'undated' | 'ungraded' | 'unsubmitted' | 'upcoming' | 'future' },
  ): Promise<CanvasAssignment[]>;
  getAssignment(courseId: number, assignmentId: number): Promise<CanvasAssignment>;
  /** Every assigned student's submission (unsubmitted ones too), with user, comments, files and rubric assessment. */
  listSubmissions(
    courseId: number,
    assignmentId: number,
    options?: { withQuizAnswers?: boolean },
  ): Promise<CanvasSubmission[]>;
  /** By user id, or by an anonymous student's negative key through `anonymous_submissions` (decision 067). */
  getSubmission(
    courseId: number,
    assignmentId: number,
    userId: number,
    options?: { withQuizAnswers?: boolean },
  ): Promise<CanvasSubmission>;
  /** By user id, or by an anonymous student's negative key through `anonymous_submissions` (decision 067). */
  gradeSubmission(
    courseId: number,
    assignmentId: number,
    userId: number,
    input: CanvasGradeInput,
  ): Promise<CanvasSubmission>;
  /** The course's assignment groups, each with its assignments (rubrics included). */
  listAssignmentGroups(courseId: number): Promise<CanvasAssignmentGroup[]>;
  /** Active student enrollments with their current scores. */
  listStudentEnrollments(courseId: number): Promise<CanvasStudentEnrollment[]>;
  /**
   * Submissions of many students across assignments (`students/submissions`), every page; with
   * `assignmentIds` only those (published) assignments. Rubric assessments always, comments when asked.
   */
  listStudentSubmissions(
    courseId: number,
    options: { studentIds: 'all' | number[]; assignmentIds?: number[]; withComments?: boolean },
  ): Promise<CanvasSubmission[]>;
  /** Edits the text of a submission comment (Submission Comments API). */
  editSubmissionComment(
    courseId: number,
    assignmentId: number,
    userId: number,
    commentId: number,
    text: string,
  ): Promise<CanvasSubmissionComment>;
  deleteSubmissionComment(courseId: number, assignmentId: number, userId: number, commentId: number): Promise<void>;
  listDiscussionTopics(courseId: number): Promise<CanvasDiscussionTopic[]>;
  getDiscussionTopic(courseId: number, topicId: number): Promise<CanvasDiscussionTopic>;
  getDiscussionView(courseId: number, topicId: number): Promise<CanvasDiscussionView>;
  listDiscussionEntries(courseId: number, topicId: number): Promise<CanvasDiscussionEntry[]>;
  listDiscussionReplies(courseId: number, topicId: number, entryId: number): Promise<CanvasDiscussionEntry[]>;
  listQuizzes(courseId: number): Promise<CanvasQuiz[]>;
  getQuiz(courseId: number, quizId: number): Promise<CanvasQuiz>;
  listQuizQuestions(courseId: number, quizId: number): Promise<CanvasQuizQuestion[]>;
  listQuizSubmissions(courseId: number, quizId: number): Promise<CanvasQuizSubmission[]>;
  getQuizSubmission(courseId: number, quizId: number, quizSubmissionId: number): Promise<CanvasQuizSubmission>;
  /** A student's answers to a classic quiz, read from the quiz assignment's submission history. */
  getQuizAnswers(courseId: number, assignmentId: number, userId: number): Promise<CanvasQuizAnswer[]>;
  updateQuizScores(
    courseId: number,
    quizId: number,
    quizSubmissionId: number,
    update: CanvasQuizScoreUpdate,
  ): Promise<CanvasQuizSubmission>;
  /** A submission's file, from the Canvas origin only, up to the size cap. */
  downloadAttachment(url: string, options?: { maxBytes?: number }): Promise<CanvasDownload>;
}
