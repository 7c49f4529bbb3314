import { z } from 'zod';
import { gradingDraftSchema, gradingOptionsSchema, rubricCriterionSchema } from './ai';
import { usageSummarySchema } from './usage';

export const PLACEHOLDER_PREFIX = 'placeholder_';
export const DEFAULT_POINTS = 100;
export const GRADE_STEP = 0.5;

export const gradingUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  sortable_name: z.string(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type GradingUser = z.infer<typeof gradingUserSchema>;

export const gradingAttachmentSchema = z.object({
  id: z.number(),
  filename: z.string(),
  display_name: z.string(),
  size: z.number().nullable(),
  content_type: z.string().nullable(),
});
export type GradingAttachment = z.infer<typeof gradingAttachmentSchema>;

export const submissionCommentSchema = z.object({
  id: z.number(),
  author_name: z.string(),
  author_avatar_url: z.string().nullable(),
  comment: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
});

export const submissionStatusSchema = z.enum(['graded', 'missing', 'late', 'submitted', 'not_submitted']);
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;

export const gradingSubmissionSchema = z.object({
  /** Canvas's id, or `placeholder_{userId}` for a student who has not submitted. */
  id: z.string(),
  user_id: z.number(),
  user: gradingUserSchema,
  workflow_state: z.string(),
  score: z.number().nullable(),
  grade: z.string().nullable(),
  submitted_at: z.string().nullable(),
  graded_at: z.string().nullable(),
  late: z.boolean(),
  missing: z.boolean(),
  submission_type: z.string().nullable(),
  attempt: z.number().nullable(),
  body: z.string().nullable(),
  url: z.string().nullable(),
  attachments: z.array(gradingAttachmentSchema),
  submission_comments: z.array(submissionCommentSchema),
  rubric_assessment: z.record(z.string(), z.object({ points: z.number().nullable(), comments: z.string().nullable() })).nullable(),
});
export type GradingSubmission = z.infer<typeof gradingSubmissionSchema>;

export const gradingAssignmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  points_possible: z.number().nullable(),
  due_at: z.string().nullable(),
  html_url: z.string(),
  submission_types: z.array(z.string()),
  rubric: z.array(rubricCriterionSchema).nullable(),
  /** Canvas computes the grade from the rubric: the grade must equal the criterion sum. */
  use_rubric_for_grading: z.boolean(),
  course: z.object({ id: z.number(), name: z.string(), course_code: z.string().nullable() }),
});
export type GradingAssignment = z.infer<typeof gradingAssignmentSchema>;

export const assignmentGradingViewSchema = z.object({
  assignment: gradingAssignmentSchema,
  submissions: z.array(gradingSubmissionSchema),
});
export type AssignmentGradingView = z.infer<typeof assignmentGradingViewSchema>;

export const gradingRouteParamsSchema = z.object({
  courseId: z.coerce.number().int().positive(),
  assignmentId: z.coerce.number().int().positive(),
});
export const studentRouteParamsSchema = gradingRouteParamsSchema.extend({ userId: z.coerce.number().int().positive() });
export const attachmentRouteParamsSchema = studentRouteParamsSchema.extend({ attachmentId: z.coerce.number().int().positive() });

export const draftRequestSchema = z.strictObject({ userId: z.number().int().positive(), options: gradingOptionsSchema });
export const draftResponseSchema = z.object({
  draft: gradingDraftSchema,
  files: z.object({ read: z.array(z.string()), unsupported: z.array(z.string()), failed: z.array(z.string()) }),
});
export type DraftResponse = z.infer<typeof draftResponseSchema>;

export const batchDraftRequestSchema = z.strictObject({ options: gradingOptionsSchema });
export const draftJobSchema = z.object({
  id: z.string(),
  total: z.number(),
  completed: z.number(),
  failed: z.number(),
  status: z.enum(['running', 'finished', 'cancelled']),
});
export type DraftJob = z.infer<typeof draftJobSchema>;
export const storedDraftsSchema = z.object({
  /** Keyed by the student's Canvas user id. */
  drafts: z.record(z.string(), draftResponseSchema),
  job: draftJobSchema.nullable(),
});
export type StoredDrafts = z.infer<typeof storedDraftsSchema>;

export const rubricAssessmentInputSchema = z.array(
  z.strictObject({
    criterionId: z.string().min(1).max(100),
    points: z.number().min(0).max(10_000),
    comments: z.string().max(5000, 'A rubric comment can be at most 5,000 characters'),
  }),
);

export const saveGradeRequestSchema = z.strictObject({
  submissionId: z.string().min(1).max(100),
  grade: z.number({ error: 'Enter a grade' }).min(0, 'The grade cannot be negative').max(100_000),
  comment: z.string().max(20_000, 'Feedback can be at most 20,000 characters').default(''),
  rubricAssessment: rubricAssessmentInputSchema.nullable().default(null),
});
export type SaveGradeRequest = z.infer<typeof saveGradeRequestSchema>;

export const saveGradeResponseSchema = z.object({
  submission: gradingSubmissionSchema,
  usage: usageSummarySchema,
});

export function isPlaceholderSubmission(id: string): boolean {
  return id.startsWith(PLACEHOLDER_PREFIX);
}

/** Status for the badge and dot (spec part 1 §4): graded, missing, late, submitted, not submitted. */
export function submissionStatus(submission: Pick<GradingSubmission, 'workflow_state' | 'missing' | 'late' | 'submitted_at' | 'score'>): SubmissionStatus {
  if (submission.workflow_state === 'graded' && submission.score !== null) return 'graded';
  if (submission.missing) return 'missing';
  if (submission.late) return 'late';
  if (submission.submitted_at) return 'submitted';
  return 'not_submitted';
}

/** Grade colour by percent (spec part 2 §4). */
export function gradeTone(percent: number): 'green' | 'blue' | 'yellow' | 'red' {
  if (percent >= 90) return 'green';
  if (percent >= 80) return 'blue';
  if (percent >= 70) return 'yellow';
  return 'red';
}

/** Letter band (spec part 2 §4): A 90–100, B 80–89, C 70–79, D 60–69, F below 60. */
export function letterGrade(percent: number): 'A' | 'B' | 'C' | 'D' | 'F' {
  if (percent >= 90) return 'A';
  if (percent >= 80) return 'B';
  if (percent >= 70) return 'C';
  if (percent >= 60) return 'D';
  return 'F';
}

/** Rounds to the 0.5 step and keeps within 0..max. */
export function clampGrade(value: number, max: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(max, Math.max(0, Math.round(value / GRADE_STEP) * GRADE_STEP));
}
