import { z } from 'zod';
import { anonymousStudentKey } from '@/shared/anonymous-students';
import { AppError } from '@/server/core/app-error';
import type {
  CanvasAssignment,
  CanvasOutcome,
  CanvasAssignmentGroup,
  CanvasStudentEnrollment,
  CanvasAttachment,
  CanvasCourse,
  CanvasDiscussionEntry,
  CanvasDiscussionTopic,
  CanvasDiscussionView,
  CanvasDiscussionViewEntry,
  CanvasLatePolicy,
  CanvasQuiz,
  CanvasQuizAnswer,
  CanvasQuizQuestion,
  CanvasQuizSubmission,
  CanvasSubmission,
  CanvasSubmissionComment,
  CanvasUser,
  CanvasUserDisplay,
} from './port';

/**
 * Canvas JSON checked and turned into our types. Lenient on purpose: optional fields may be missing
 * or null (instances differ by version and feature flags); only what we cannot do without is required.
 */

/** Ids are integers; with `application/json+canvas-string-ids` they arrive as digit strings. */
const id = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
const optionalId = id.nullish().transform((value) => value ?? null);
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const number = z
  .number()
  .nullish()
  .transform((value) => value ?? null);
const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

const userSchema = z
  .object({
    id,
    name: z.string(),
    sortable_name: text,
    short_name: text,
    email: text,
    primary_email: text,
    avatar_url: text,
  })
  .transform((user): CanvasUser => ({
    id: user.id,
    name: user.name,
    sortableName: user.sortable_name ?? user.name,
    shortName: user.short_name ?? user.name,
    email: user.email ?? user.primary_email,
    avatarUrl: user.avatar_url,
  }));

const termSchema = z
  .object({ id, name: z.string(), start_at: text, end_at: text })
  .transform((term) => ({ id: term.id, name: term.name, startAt: term.start_at, endAt: term.end_at }));

const courseSchema = z.object({
  id,
  name: z.string(),
  course_code: z.string().nullish(),
  workflow_state: z.string().nullish(),
  start_at: text,
  end_at: text,
  total_students: number,
  needs_grading_count: number,
  is_favorite: flag,
  term: termSchema.nullish(),
});

const ratingSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    points: z.number().nullish(),
    description: z.string().nullish(),
    long_description: z.string().nullish(),
  })
  .transform((rating) => ({
    id: rating.id,
    points: rating.points ?? 0,
    description: rating.description ?? '',
    longDescription: rating.long_description ?? '',
  }));

const criterionSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    points: z.number().nullish(),
    description: z.string().nullish(),
    long_description: text,
    ratings: z.array(ratingSchema).nullish(),
    criterion_use_range: z.boolean().nullish(),
    ignore_for_scoring: z.boolean().nullish(),
    outcome_id: optionalId,
  })
  .transform((criterion) => ({
    id: criterion.id,
    points: criterion.points ?? 0,
    description: criterion.description ?? '',
    longDescription: criterion.long_description,
    ratings: criterion.ratings ?? [],
    useRange: criterion.criterion_use_range ?? false,
    ignoreForScoring: criterion.ignore_for_scoring ?? false,
    outcomeId: criterion.outcome_id,
  }));

const assignmentSchema = z
  .object({
    id,
    course_id: id,
    name: z.string(),
    description: text,
    points_possible: number,
    grading_type: z.string().nullish(),
    due_at: text,
    submission_types: z.array(z.string()).nullish(),
    published: z.boolean().nullish(),
    html_url: z.string().nullish(),
    needs_grading_count: number,
    post_manually: z.boolean().nullish(),
    moderated_grading: flag,
    anonymous_grading: flag,
    anonymize_students: flag,
    rubric: z.array(criterionSchema).nullish(),
    rubric_settings: z
      .object({
        id: optionalId,
        title: z.string().nullish(),
        points_possible: z.number().nullish(),
        free_form_criterion_comments: flag,
        hide_points: flag,
        hide_score_total: flag,
      })
      .nullish(),
    use_rubric_for_grading: flag,
    quiz_id: optionalId,
    discussion_topic: z.object({ id }).nullish(),
  })
  .transform((a): CanvasAssignment => ({
    id: a.id,
    courseId: a.course_id,
    name: a.name,
    description: a.description,
    pointsPossible: a.points_possible,
    gradingType: a.grading_type ?? 'points',
    postManually: a.post_manually ?? false,
    moderatedGrading: a.moderated_grading,
    anonymousGrading: a.anonymous_grading,
    anonymizeStudents: a.anonymize_students,
    dueAt: a.due_at,
    submissionTypes: a.submission_types ?? [],
    published: a.published ?? true,
    htmlUrl: a.html_url ?? '',
    needsGradingCount: a.needs_grading_count,
    rubric: a.rubric && a.rubric.length > 0 ? a.rubric : null,
    rubricSettings: a.rubric_settings
      ? {
          id: a.rubric_settings.id,
          title: a.rubric_settings.title ?? '',
          pointsPossible: a.rubric_settings.points_possible ?? 0,
          freeFormCriterionComments: a.rubric_settings.free_form_criterion_comments,
          hidePoints: a.rubric_settings.hide_points,
          hideScoreTotal: a.rubric_settings.hide_score_total,
        }
      : null,
    useRubricForGrading: a.use_rubric_for_grading,
    quizId: a.quiz_id,
    discussionTopicId: a.discussion_topic?.id ?? null,
  }));

const outcomeSchema = z
  .object({
    id,
    title: z.string().nullish(),
    mastery_points: z.number().nullish(),
    points_possible: z.number().nullish(),
  })
  .transform((outcome): CanvasOutcome => ({
    id: outcome.id,
    title: outcome.title ?? '',
    masteryPoints: outcome.mastery_points ?? null,
    pointsPossible: outcome.points_possible ?? null,
  }));

const assignmentGroupSchema = z
  .object({
    id,
    name: z.string().nullish(),
    position: number,
    group_weight: number,
    assignments: z.array(assignmentSchema).nullish(),
  })
  .transform((group): CanvasAssignmentGroup => ({
    id: group.id,
    name: group.name ?? 'Assignments',
    position: group.position ?? 0,
    groupWeight: group.group_weight ?? 0,
    assignments: group.assignments ?? [],
  }));

const enrollmentSchema = z
  .object({
    id,
    user_id: id,
    enrollment_state: z.string().nullish(),
    html_url: text,
    grades: z.object({ current_score: number, html_url: text }).nullish(),
    user: z.object({ id, name: z.string(), sortable_name: text }).nullish(),
  })
  .transform((enrollment): CanvasStudentEnrollment => ({
    id: enrollment.id,
    userId: enrollment.user_id,
    name: enrollment.user?.name ?? `Student ${enrollment.user_id}`,
    sortableName: enrollment.user?.sortable_name ?? enrollment.user?.name ?? `Student ${enrollment.user_id}`,
    enrollmentState: enrollment.enrollment_state ?? 'active',
    currentScore: enrollment.grades?.current_score ?? null,
    htmlUrl: enrollment.html_url,
    gradesUrl: enrollment.grades?.html_url ?? null,
  }));

const attachmentSchema = z
  .object({
    id,
    filename: z.string().nullish(),
    display_name: z.string().nullish(),
    'content-type': z.string().nullish(),
    content_type: z.string().nullish(),
    url: z.string(),
    size: z.number().nullish(),
  })
  .transform((file): CanvasAttachment => ({
    id: file.id,
    filename: file.filename ?? file.display_name ?? `file-${file.id}`,
    displayName: file.display_name ?? file.filename ?? `file-${file.id}`,
    contentType: file['content-type'] ?? file.content_type ?? 'application/octet-stream',
    url: file.url,
    size: file.size ?? 0,
  }));

const commentSchema = z
  .object({
    id,
    author_id: optionalId,
    author_name: z.string().nullish(),
    comment: z.string().nullish(),
    created_at: z.string(),
    edited_at: text,
    author: z.object({ avatar_image_url: text }).partial().nullish(),
  })
  .transform((comment) => ({
    id: comment.id,
    authorId: comment.author_id,
    authorName: comment.author_name ?? 'Anonymous User',
    authorAvatarUrl: comment.author?.avatar_image_url ?? null,
    comment: comment.comment ?? '',
    createdAt: comment.created_at,
    editedAt: comment.edited_at,
  }));

const quizAnswerSchema = z
  .object({
    question_id: id,
    correct: z.union([z.boolean(), z.string()]).nullish(),
    points: z.number().nullish(),
    text: z.union([z.string(), z.number()]).nullish(),
    answer_id: optionalId,
    more_comments: text,
  })
  .transform((answer): CanvasQuizAnswer => ({
    questionId: answer.question_id,
    correct: answer.correct ?? 'undefined',
    points: answer.points ?? 0,
    text: answer.text === null || answer.text === undefined ? null : String(answer.text),
    answerId: answer.answer_id,
    teacherComment: answer.more_comments,
  }));

const submissionSchema = z
  .object({
    id,
    assignment_id: id,
    // Left out while the assignment anonymises its students: then the anonymous id keys the student.
    user_id: optionalId,
    anonymous_id: text,
    user: z.object({ id, name: z.string(), sortable_name: text, avatar_url: text }).nullish(),
    workflow_state: z.string(),
    submission_type: text,
    body: text,
    url: text,
    submitted_at: text,
    graded_at: text,
    score: number,
    grade: text,
    attempt: number,
    late: flag,
    missing: flag,
    seconds_late: number,
    points_deducted: number,
    entered_score: number,
    entered_grade: text,
    excused: flag,
    grade_matches_current_submission: z.boolean().nullish(),
    attachments: z.array(attachmentSchema).nullish(),
    submission_comments: z.array(commentSchema).nullish(),
    rubric_assessment: z
      .record(
        z.string(),
        z.object({
          rating_id: z.union([z.string(), z.number()]).nullish(),
          points: z.number().nullish(),
          comments: z.string().nullish(),
        }),
      )
      .nullish(),
    submission_history: z.array(z.object({ submission_data: z.array(quizAnswerSchema).nullish() })).nullish(),
  })
  .refine((s) => s.user_id !== null || (s.anonymous_id !== null && anonymousStudentKey(s.anonymous_id) !== null), {
    message: 'A submission needs a user id or an anonymous id',
  })
  .transform((s): CanvasSubmission => {
    const quizVersions = (s.submission_history ?? []).filter((version) => Array.isArray(version.submission_data));
    return {
      id: s.id,
      assignmentId: s.assignment_id,
      userId: s.user_id ?? anonymousStudentKey(s.anonymous_id!)!,
      anonymousId: s.anonymous_id,
      // Never a name for an anonymised student, whatever Canvas sent beside it.
      user:
        s.user && s.user_id !== null
          ? {
              id: s.user.id,
              name: s.user.name,
              sortableName: s.user.sortable_name ?? s.user.name,
              avatarUrl: s.user.avatar_url,
            }
          : null,
      workflowState: s.workflow_state,
      submissionType: s.submission_type,
      body: s.body,
      url: s.url,
      submittedAt: s.submitted_at,
      gradedAt: s.graded_at,
      score: s.score,
      grade: s.grade,
      attempt: s.attempt,
      late: s.late,
      missing: s.missing,
      secondsLate: s.seconds_late ?? 0,
      pointsDeducted: s.points_deducted,
      enteredScore: s.entered_score ?? s.score,
      enteredGrade: s.entered_grade ?? s.grade,
      excused: s.excused,
      gradeMatchesCurrentSubmission: s.grade_matches_current_submission ?? true,
      attachments: s.attachments ?? [],
      comments: s.submission_comments ?? [],
      rubricAssessment: s.rubric_assessment
        ? Object.fromEntries(
            Object.entries(s.rubric_assessment).map(([criterionId, entry]) => [
              criterionId,
              {
                ratingId: entry.rating_id === null || entry.rating_id === undefined ? null : String(entry.rating_id),
                points: entry.points ?? null,
                comments: entry.comments ?? '',
              },
            ]),
          )
        : null,
      quizAnswers: quizVersions.at(-1)?.submission_data ?? null,
    };
  });

const userDisplaySchema = z
  .object({
    id,
    display_name: z.string().nullish(),
    name: z.string().nullish(),
    avatar_image_url: text,
    html_url: text,
    pronouns: text,
  })
  .transform((user): CanvasUserDisplay => ({
    id: user.id,
    displayName: user.display_name ?? user.name ?? '',
    avatarUrl: user.avatar_image_url,
    htmlUrl: user.html_url,
    pronouns: user.pronouns,
  }));

const topicSchema = z
  .object({
    id,
    title: z.string(),
    message: text,
    posted_at: text,
    assignment_id: optionalId,
    assignment: assignmentSchema.nullish(),
    discussion_type: z.string().nullish(),
    published: z.boolean().nullish(),
    html_url: z.string().nullish(),
    discussion_subentry_count: z.number().nullish(),
    unread_count: z.number().nullish(),
    author: z.union([userDisplaySchema, z.object({}).transform(() => null)]).nullish(),
  })
  .transform((topic): CanvasDiscussionTopic => ({
    id: topic.id,
    title: topic.title,
    message: topic.message,
    postedAt: topic.posted_at,
    assignmentId: topic.assignment_id,
    assignment: topic.assignment ?? null,
    discussionType: topic.discussion_type ?? 'threaded',
    published: topic.published ?? true,
    htmlUrl: topic.html_url ?? '',
    entryCount: topic.discussion_subentry_count ?? 0,
    unreadCount: topic.unread_count ?? 0,
    author: topic.author ?? null,
  }));

const viewEntryFields = z.object({
  id,
  user_id: optionalId,
  parent_id: optionalId,
  message: text,
  created_at: z.string(),
  updated_at: text,
  deleted: flag,
  replies: z.array(z.unknown()).nullish(),
});

function toViewEntry(raw: unknown): CanvasDiscussionViewEntry {
  const entry = viewEntryFields.parse(raw);
  return {
    id: entry.id,
    userId: entry.user_id,
    parentId: entry.parent_id,
    message: entry.deleted ? null : entry.message,
    createdAt: entry.created_at,
    updatedAt: entry.updated_at,
    isDeleted: entry.deleted,
    replies: (entry.replies ?? []).map(toViewEntry),
  };
}

const viewSchema = z
  .object({
    participants: z.array(userDisplaySchema).nullish(),
    view: z.array(z.unknown()).nullish(),
    unread_entries: z.array(id).nullish(),
  })
  .transform((view): CanvasDiscussionView => ({
    participants: view.participants ?? [],
    entries: (view.view ?? []).map(toViewEntry),
    unreadEntryIds: view.unread_entries ?? [],
  }));

const entrySchema = z
  .object({
    id,
    user_id: optionalId,
    parent_id: optionalId,
    message: text,
    created_at: z.string(),
    deleted: flag,
    user: z.union([userDisplaySchema, z.object({}).transform(() => null)]).nullish(),
  })
  .transform((entry): CanvasDiscussionEntry => ({
    id: entry.id,
    userId: entry.user_id,
    parentId: entry.parent_id,
    message: entry.deleted ? null : entry.message,
    createdAt: entry.created_at,
    isDeleted: entry.deleted,
    user: entry.user ?? null,
  }));

const quizSchema = z
  .object({
    id,
    title: z.string(),
    description: text,
    quiz_type: z.string().nullish(),
    points_possible: number,
    time_limit: number,
    allowed_attempts: z.number().nullish(),
    due_at: text,
    published: z.boolean().nullish(),
    assignment_id: optionalId,
    question_count: z.number().nullish(),
    html_url: z.string().nullish(),
  })
  .transform((quiz): CanvasQuiz => ({
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    quizType: quiz.quiz_type ?? 'assignment',
    pointsPossible: quiz.points_possible,
    timeLimitMinutes: quiz.time_limit,
    allowedAttempts: quiz.allowed_attempts ?? 1,
    dueAt: quiz.due_at,
    published: quiz.published ?? true,
    assignmentId: quiz.assignment_id,
    questionCount: quiz.question_count ?? 0,
    htmlUrl: quiz.html_url ?? '',
  }));

const quizQuestionSchema = z
  .object({
    id,
    position: number,
    question_name: z.string().nullish(),
    question_type: z.string(),
    question_text: z.string().nullish(),
    points_possible: z.number().nullish(),
    answers: z
      .array(
        z.object({
          id,
          text: z.string().nullish(),
          answer_text: z.string().nullish(),
          weight: z.number().nullish(),
          answer_weight: z.number().nullish(),
        }),
      )
      .nullish(),
  })
  .transform((question): CanvasQuizQuestion => ({
    id: question.id,
    position: question.position,
    name: question.question_name ?? '',
    type: question.question_type,
    text: question.question_text ?? '',
    pointsPossible: question.points_possible ?? 0,
    answers: (question.answers ?? []).map((answer) => ({
      id: answer.id,
      // Canvas stores `text`/`weight`; its docs name them `answer_text`/`answer_weight`.
      text: answer.text ?? answer.answer_text ?? '',
      weight: answer.weight ?? answer.answer_weight ?? 0,
    })),
  }));

const quizSubmissionSchema = z
  .object({
    id,
    quiz_id: id,
    user_id: id,
    submission_id: optionalId,
    attempt: number,
    workflow_state: z.string(),
    score: number,
    kept_score: number,
    fudge_points: number,
    quiz_points_possible: number,
    started_at: text,
    finished_at: text,
  })
  .transform((qs): CanvasQuizSubmission => ({
    id: qs.id,
    quizId: qs.quiz_id,
    userId: qs.user_id,
    submissionId: qs.submission_id,
    attempt: qs.attempt,
    workflowState: qs.workflow_state,
    score: qs.score,
    keptScore: qs.kept_score,
    fudgePoints: qs.fudge_points,
    pointsPossible: qs.quiz_points_possible,
    startedAt: qs.started_at,
    finishedAt: qs.finished_at,
  }));

const latePolicySchema = z
  .object({
    late_policy: z.object({
      late_submission_deduction_enabled: flag,
      late_submission_deduction: number,
      late_submission_interval: z.string().nullish(),
      late_submission_minimum_percent_enabled: flag,
      late_submission_minimum_percent: number,
      missing_submission_deduction_enabled: flag,
      missing_submission_deduction: number,
    }),
  })
  .transform(({ late_policy: policy }): CanvasLatePolicy => ({
    lateDeductionEnabled: policy.late_submission_deduction_enabled,
    lateDeductionPercent: policy.late_submission_deduction ?? 0,
    lateInterval: policy.late_submission_interval === 'hour' ? 'hour' : 'day',
    lateMinimumPercent: policy.late_submission_minimum_percent_enabled
      ? (policy.late_submission_minimum_percent ?? 0)
      : 0,
    missingDeductionEnabled: policy.missing_submission_deduction_enabled,
    missingDeductionPercent: policy.missing_submission_deduction ?? 0,
  }));

const quizSubmissionsEnvelope = z.object({ quiz_submissions: z.array(z.unknown()) });

/** Parsers by resource, each taking Canvas JSON and returning our type. */
export const parseCanvas = {
  comment: (json: unknown): CanvasSubmissionComment => parse(commentSchema, json, 'a submission comment'),
  user: (json: unknown) => parse(userSchema, json, 'your Canvas profile'),
  course: (json: unknown, baseUrl: string): CanvasCourse => {
    const course = parse(courseSchema, json, 'a course');
    return {
      id: course.id,
      name: course.name,
      courseCode: course.course_code ?? '',
      workflowState: course.workflow_state ?? 'available',
      startAt: course.start_at,
      endAt: course.end_at,
      totalStudents: course.total_students,
      needsGradingCount: course.needs_grading_count,
      isFavorite: course.is_favorite,
      term: course.term ?? null,
      htmlUrl: `${baseUrl}/courses/${course.id}`,
    };
  },
  assignment: (json: unknown) => parse(assignmentSchema, json, 'an assignment'),
  outcome: (json: unknown) => parse(outcomeSchema, json, 'a learning outcome'),
  latePolicy: (json: unknown) => parse(latePolicySchema, json, 'the late policy'),
  assignmentGroup: (json: unknown) => parse(assignmentGroupSchema, json, 'an assignment group'),
  enrollment: (json: unknown) => parse(enrollmentSchema, json, 'a student enrollment'),
  submission: (json: unknown) => parse(submissionSchema, json, 'a submission'),
  topic: (json: unknown) => parse(topicSchema, json, 'a discussion'),
  view: (json: unknown) => parse(viewSchema, json, 'a discussion'),
  entry: (json: unknown) => parse(entrySchema, json, 'a discussion entry'),
  quiz: (json: unknown) => parse(quizSchema, json, 'a quiz'),
  quizQuestion: (json: unknown) => parse(quizQuestionSchema, json, 'a quiz question'),
  quizSubmission: (json: unknown) => parse(quizSubmissionSchema, json, 'a quiz submission'),
  /** The `{"quiz_submissions": [...]}` envelope of the quiz submission endpoints. */
  quizSubmissionList: (json: unknown) => parse(quizSubmissionsEnvelope, json, 'quiz submissions').quiz_submissions,
};

function parse<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  let failure: unknown;
  try {
    const result = schema.safeParse(json);
    if (result.success) return result.data;
    failure = result.error;
  } catch (error) {
    // Nested entries (the discussion tree) are parsed inside a transform and throw from there.
    failure = error;
  }
  throw new AppError(
    'CANVAS_UNAVAILABLE',
    `Canvas sent ${what} in a form Margin could not read. Please try again, or tell us if it keeps happening.`,
    {
      cause: failure,
      details: { reason: 'unexpected_response' },
    },
  );
}
