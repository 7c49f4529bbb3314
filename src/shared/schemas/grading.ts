import { z } from 'zod';
import { gradingDraftSchema, gradingOptionsSchema, rubricCriterionSchema } from './ai';
import { usageSummarySchema } from './usage';
import { GRADING_TYPES } from '../grading-rules';

export const PLACEHOLDER_PREFIX = 'placeholder_';
export { DEFAULT_POINTS, GRADE_STEP, clampGrade, gradeTone, letterGrade } from '../grading-rules';

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

export const submissionStatusSchema = z.enum(['excused', 'graded', 'missing', 'late', 'submitted', 'not_submitted']);
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;

/**
 * A passage of a student's work that tries to steer the draft (decision 054): words addressed to the
 * grader or an AI, text a reader cannot see, or the rubric's wording repeated as if it were content.
 */
export const steeringFlagSchema = z.object({
  kind: z.enum(['addresses-grader', 'hidden-text', 'rubric-echo']),
  passage: z.string(),
});
export type SteeringFlag = z.infer<typeof steeringFlagSchema>;

export const gradingSubmissionSchema = z.object({
  /** Canvas's id, or `placeholder_{userId}` for a student who has not submitted. */
  id: z.string(),
  /** The Canvas user id; on an anonymised assignment a negative key made from the anonymous id (decision 067). */
  user_id: z.number(),
  /** Canvas's anonymous id, on an anonymised assignment only: the student is then "Student N", never a name. */
  anonymous_id: z.string().optional(),
  user: gradingUserSchema,
  workflow_state: z.string(),
  score: z.number().nullable(),
  grade: z.string().nullable(),
  excused: z.boolean(),
  submitted_at: z.string().nullable(),
  graded_at: z.string().nullable(),
  late: z.boolean(),
  missing: z.boolean(),
  /** How late it was handed in, in seconds (0 when on time). */
  seconds_late: z.number().optional(),
  /** Points Canvas's late policy took off the grade entered; null when none (decision 058). */
  points_deducted: z.number().nullable().optional(),
  /** The score as entered, before the late deduction (`score` is after it). */
  entered_score: z.number().nullable().optional(),
  submission_type: z.string().nullable(),
  attempt: z.number().nullable(),
  body: z.string().nullable(),
  url: z.string().nullable(),
  attachments: z.array(gradingAttachmentSchema),
  submission_comments: z.array(submissionCommentSchema),
  rubric_assessment: z
    .record(z.string(), z.object({ points: z.number().nullable(), comments: z.string().nullable() }))
    .nullable(),
  /** What in the work tries to steer the draft; absent where it was not checked. */
  steering_flags: z.array(steeringFlagSchema).optional(),
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
  /** How the rubric shows in Canvas: points hidden from students, free-form comments (decision 066). */
  rubric_settings: z.object({ hide_points: z.boolean(), free_form_criterion_comments: z.boolean() }).nullish(),
  /** Canvas computes the grade from the rubric: the grade must equal the criterion sum. */
  use_rubric_for_grading: z.boolean(),
  /** Canvas's grading type: decides the grade control and what is sent (decision 021). */
  grading_type: z.enum(GRADING_TYPES),
  /** Canvas's posting policy: grades and comments stay hidden from the student until posted (decision 052). */
  post_manually: z.boolean().optional(),
  /** Moderated grading in Canvas: Margin refuses to draft or save (decision 058). */
  moderated_grading: z.boolean().optional(),
  /** Anonymous grading in Canvas with the students hidden: no name anywhere, only "Student N" (decision 067). */
  anonymous_grading: z.boolean().optional(),
  /** The course's late policy when it deducts for late work; Canvas applies it on save (decision 058). */
  late_policy: z
    .object({
      deduction_percent: z.number(),
      interval: z.enum(['day', 'hour']),
      minimum_percent: z.number(),
    })
    .nullable()
    .optional(),
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
/** A student: a Canvas user id, or an anonymous student's negative key (decision 067); never 0. */
const studentKey = z.coerce
  .number()
  .int()
  .min(-(2 ** 31))
  .refine((key) => key !== 0, 'Not a student');
export const studentRouteParamsSchema = gradingRouteParamsSchema.extend({ userId: studentKey });
export const attachmentRouteParamsSchema = studentRouteParamsSchema.extend({
  attachmentId: z.coerce.number().int().positive(),
});

export const draftRequestSchema = z.strictObject({
  userId: z
    .number()
    .int()
    .min(-(2 ** 31))
    .refine((key) => key !== 0, 'Not a student'),
  options: gradingOptionsSchema,
});
export const draftResponseSchema = z.object({
  draft: gradingDraftSchema,
  files: z.object({ read: z.array(z.string()), unsupported: z.array(z.string()), failed: z.array(z.string()) }),
  /** Hidden text found in the attached files as they were read for the draft (decision 054). */
  steering_flags: z.array(steeringFlagSchema).optional(),
});
export type DraftResponse = z.infer<typeof draftResponseSchema>;

export const batchDraftRequestSchema = z.strictObject({ options: gradingOptionsSchema });
export const draftJobSchema = z.object({
  id: z.string(),
  total: z.number(),
  completed: z.number(),
  failed: z.number(),
  status: z.enum(['running', 'finished', 'cancelled']),
  /** Why students failed, in words for the teacher (the latest reason); null when none did. */
  reason: z.string().nullable(),
});
export type DraftJob = z.infer<typeof draftJobSchema>;
export const storedDraftsSchema = z.object({
  /** Keyed by the student's Canvas user id. */
  drafts: z.record(z.string(), draftResponseSchema),
  job: draftJobSchema.nullable(),
  /** When the list was read: the next poll asks for what came after (`?since=`). */
  asOf: z.iso.datetime().optional(),
  /** Only the drafts made since the `since` asked for: merge them with the ones already held. */
  isPartial: z.boolean().optional(),
});

/** `GET …/drafts?since=`: only the drafts made after an earlier answer's `asOf`. */
export const storedDraftsQuerySchema = z.strictObject({ since: z.iso.datetime().optional() });
export type StoredDrafts = z.infer<typeof storedDraftsSchema>;

export const rubricAssessmentInputSchema = z.array(
  z.strictObject({
    criterionId: z.string().min(1).max(100),
    points: z.number().min(0).max(10_000),
    comments: z.string().max(5000, 'A rubric comment can be at most 5,000 characters'),
  }),
);

/** Fields every grade save shares: how the grading type is answered, and the extra-credit confirmation. */
export const gradeChoiceFields = {
  /** The score in points; null only on an assignment that is not graded or graded complete/incomplete. */
  grade: z.number({ error: 'Enter a grade' }).min(0, 'The grade cannot be negative').max(100_000).nullable(),
  /** The choice on a complete/incomplete (pass/fail) assignment. */
  completion: z.enum(['complete', 'incomplete']).nullable().default(null),
  /** The teacher confirmed a grade above the points possible (extra credit): it is stored as typed. */
  allowAboveMaximum: z.boolean().default(false),
};

export const saveGradeRequestSchema = z.strictObject({
  submissionId: z.string().min(1).max(100),
  ...gradeChoiceFields,
  comment: z.string().max(20_000, 'Feedback can be at most 20,000 characters').default(''),
  rubricAssessment: rubricAssessmentInputSchema.nullable().default(null),
});
export type SaveGradeRequest = z.infer<typeof saveGradeRequestSchema>;

export const saveGradeResponseSchema = z.object({
  submission: gradingSubmissionSchema,
  usage: usageSummarySchema,
  /** What Canvas stored, read from its answer ("Complete", "17 / 20", "B (86 / 100)"). */
  stored: z.string(),
  /** The submission was paid for earlier in this billing period: this save cost no credit (decision 051). */
  isPaidEarlier: z.boolean().optional(),
  /** Undo can put back what Canvas held before this save. */
  canUndo: z.boolean().optional(),
  /**
   * The saved grade is far from what her earlier grades on this assignment predict for this work
   * (decision 060): what they predict, and up to two students she graded whose work measured alike.
   */
  drift: z
    .object({
      predicted: z.number(),
      alike: z.array(z.object({ user_id: z.number(), name: z.string(), score: z.number() })),
    })
    .nullable()
    .optional(),
});
export type DriftNote = NonNullable<z.infer<typeof saveGradeResponseSchema>['drift']>;
export type SaveGradeResponse = z.infer<typeof saveGradeResponseSchema>;

/** Undo of Margin's last save: the submission as Canvas holds it now, and its grade in the teacher's words. */
export const undoGradeResponseSchema = z.object({ submission: gradingSubmissionSchema, stored: z.string() });
export type UndoGradeResponse = z.infer<typeof undoGradeResponseSchema>;

export function isPlaceholderSubmission(id: string): boolean {
  return id.startsWith(PLACEHOLDER_PREFIX);
}

/**
 * Whether a student's work waits for a grade: handed in, not excused, not graded yet. Next, Save &
 * Next and J/K skip the others unless the teacher walks everyone (decision 050).
 */
export function isSubmissionWaitingForGrade(
  submission: Pick<GradingSubmission, 'id' | 'submitted_at' | 'workflow_state'> & { excused?: boolean },
): boolean {
  return (
    !isPlaceholderSubmission(submission.id) &&
    !submission.excused &&
    Boolean(submission.submitted_at) &&
    submission.workflow_state !== 'graded'
  );
}

/** Status for the badge and dot (spec part 1 §4): excused (Canvas excused the student), graded, missing, late, submitted, not submitted. */
export function submissionStatus(
  submission: Pick<GradingSubmission, 'workflow_state' | 'missing' | 'late' | 'submitted_at' | 'score'> & {
    excused?: boolean;
  },
): SubmissionStatus {
  if (submission.excused) return 'excused';
  if (submission.workflow_state === 'graded' && submission.score !== null) return 'graded';
  if (submission.missing) return 'missing';
  if (submission.late) return 'late';
  if (submission.submitted_at) return 'submitted';
  return 'not_submitted';
}
