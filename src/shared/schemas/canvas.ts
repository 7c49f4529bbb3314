import { z } from 'zod';

const canvasUrlField = z
  .string({ error: 'Canvas URL is required' })
  .trim()
  .min(1, 'Canvas URL is required')
  .max(500, 'Canvas URL is too long');
const canvasTokenField = z
  .string({ error: 'Canvas API token is required' })
  .trim()
  .min(1, 'Canvas API token is required')
  .max(500, 'Canvas API token is too long');

export const canvasCredentialsSchema = z.strictObject({ canvasUrl: canvasUrlField, canvasToken: canvasTokenField });
export type CanvasCredentials = z.infer<typeof canvasCredentialsSchema>;

export const canvasUserSchema = z.object({ name: z.string(), email: z.string().nullable() });
export type CanvasUser = z.infer<typeof canvasUserSchema>;

export const connectionTestResultSchema = z.object({ success: z.literal(true), user: canvasUserSchema });

/** The teacher's Canvas connection as the browser sees it: never the token. */
export const canvasConnectionSchema = z.object({
  connected: z.boolean(),
  /** 'oauth': Connect with Canvas (a problem then means Reconnect with Canvas); 'token': a personal access token. */
  method: z.enum(['token', 'oauth']).nullable(),
  instanceUrl: z.string().nullable(),
  user: canvasUserSchema.nullable(),
  /** Set when a token is saved but Canvas no longer accepts it, or Canvas could not be reached. */
  problem: z.string().nullable(),
});
export type CanvasConnection = z.infer<typeof canvasConnectionSchema>;

/** What Canvas sent back to the callback page: a code, or an error, with the state either way. */
export const canvasOAuthCallbackSchema = z.strictObject({
  state: z.string().trim().min(1).max(200),
  code: z.string().trim().min(1).max(2000).optional(),
  error: z.string().trim().min(1).max(100).optional(),
});
export type CanvasOAuthCallback = z.infer<typeof canvasOAuthCallbackSchema>;
export const canvasAuthorizeStartSchema = z.object({ authorizeUrl: z.string() });

/**
 * What the setup page offers the signed-in teacher: Connect with Canvas with her institution's
 * developer key or the installation's (never the key itself), or none; and whether she may paste a
 * personal access token.
 */
export const canvasConnectOptionsSchema = z.object({
  oauth: z
    .object({
      canvasUrl: z.string(),
      source: z.enum(['institution', 'installation']),
      /** The institution that set the key up, when `source` is 'institution'. */
      institutionName: z.string().nullable(),
    })
    .nullable(),
  personalTokensAllowed: z.boolean(),
});
export type CanvasConnectOptions = z.infer<typeof canvasConnectOptionsSchema>;

export const courseSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  course_code: z.string().nullable(),
  workflow_state: z.string(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  total_students: z.number().nullable(),
  needs_grading_count: z.number(),
  is_favorite: z.boolean(),
  term: z.object({ name: z.string() }).nullable(),
  html_url: z.string(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;
export const courseListSchema = z.object({ courses: z.array(courseSummarySchema) });

export const assignmentSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  due_at: z.string().nullable(),
  points_possible: z.number().nullable(),
  needs_grading_count: z.number(),
  html_url: z.string(),
  has_rubric: z.boolean(),
  published: z.boolean(),
});
export type AssignmentSummary = z.infer<typeof assignmentSummarySchema>;

export const discussionSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  posted_at: z.string().nullable(),
  discussion_type: z.string().nullable(),
  is_assignment: z.boolean(),
  assignment_id: z.number().nullable(),
  points_possible: z.number().nullable(),
  needs_grading_count: z.number(),
  unread_count: z.number(),
  reply_count: z.number(),
  html_url: z.string(),
});
export type DiscussionSummary = z.infer<typeof discussionSummarySchema>;

export const quizTypeSchema = z.enum(['practice_quiz', 'assignment', 'graded_survey', 'survey']);
export const quizSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  quiz_type: quizTypeSchema,
  due_at: z.string().nullable(),
  points_possible: z.number().nullable(),
  time_limit: z.number().nullable(),
  allowed_attempts: z.number(),
  published: z.boolean(),
  question_count: z.number().nullable(),
  html_url: z.string(),
});
export type QuizSummary = z.infer<typeof quizSummarySchema>;

export const courseDetailSchema = z.object({
  course: courseSummarySchema,
  assignments: z.array(assignmentSummarySchema),
  discussions: z.array(discussionSummarySchema),
  quizzes: z.array(quizSummarySchema),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const needsGradingItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  course_id: z.number(),
  course_name: z.string(),
  course_code: z.string().nullable(),
  due_at: z.string().nullable(),
  points_possible: z.number().nullable(),
  needs_grading_count: z.number(),
  html_url: z.string(),
  /** Set when the assignment is a graded discussion: Start Grading opens the discussion grader. */
  discussion_topic_id: z.number().nullable(),
  /** Set when the assignment is a classic quiz: Start Grading opens the quiz grader. */
  quiz_id: z.number().nullable(),
});
export type NeedsGradingItem = z.infer<typeof needsGradingItemSchema>;
export const needsGradingListSchema = z.object({ assignments: z.array(needsGradingItemSchema) });

/** The grading screen for a Needs Grading item: the discussion or quiz grader for those, else the assignment grader. */
export function needsGradingPath(
  item: Pick<NeedsGradingItem, 'id' | 'course_id' | 'discussion_topic_id' | 'quiz_id'>,
): string {
  if (item.discussion_topic_id !== null)
    return `/courses/${item.course_id}/discussions/${item.discussion_topic_id}/grade`;
  if (item.quiz_id !== null) return `/courses/${item.course_id}/quizzes/${item.quiz_id}/grade`;
  return `/courses/${item.course_id}/assignments/${item.id}/grade`;
}

/** Quizzes that can be graded from Margin: published, of type assignment or graded_survey. */
export function isGradableQuiz(quiz: Pick<QuizSummary, 'published' | 'quiz_type'>): boolean {
  return quiz.published && (quiz.quiz_type === 'assignment' || quiz.quiz_type === 'graded_survey');
}

/** How a course's workflow_state is shown (spec part 1 §4). */
export function courseStatusLabel(workflowState: string): string {
  if (workflowState === 'available') return 'Active';
  if (workflowState === 'unpublished') return 'Unpublished';
  return workflowState;
}
