import { z } from 'zod';

/**
 * The Students and Analytics tabs of a course. Every figure is computed on the server from what
 * Canvas holds at the time of asking; scores are percentages of the assignment's points.
 */

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-27')
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), 'Use a real date');

/** `?group=` an assignment group id, `from=` and `to=` due dates (inclusive days, UTC). */
export const analyticsQuerySchema = z
  .strictObject({
    group: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, 'Choose an assignment group from the list')
      .transform(Number)
      .optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** `fresh=1` reads Canvas again instead of the figures of the last minute. */
    fresh: z.literal('1').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The start date is after the end date',
    path: ['to'],
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** Why an assignment is not in the figures (or not in the rubric view). */
export const LEFT_OUT_REASONS = ['not_graded', 'outside_filter', 'not_yet_due', 'ungraded'] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

const distributionSchema = z.object({
  /** Ten bins of ten percentage points; the last holds 90 to 100 and anything above. */
  bins: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  median: z.number(),
  /** First and third quartiles (linear interpolation between ranks). */
  q1: z.number(),
  q3: z.number(),
  min: z.number(),
  max: z.number(),
});
export type ScoreDistribution = z.infer<typeof distributionSchema>;

const ratingShareSchema = z.object({
  id: z.string(),
  description: z.string(),
  points: z.number(),
  count: z.number(),
  /** Share of the assessed students at this rating, 0 to 1. */
  share: z.number(),
});

const criterionFiguresSchema = z.object({
  id: z.string(),
  description: z.string(),
  points: z.number(),
  /** Students with points on this criterion. */
  assessed: z.number(),
  average_points: z.number(),
  /** Class average as a share of the criterion's points, 0 to 1. */
  average_share: z.number(),
  ratings: z.array(ratingShareSchema),
});
export type CriterionFigures = z.infer<typeof criterionFiguresSchema>;

const reteachSchema = z.object({
  criterion_id: z.string(),
  description: z.string(),
  average_share: z.number(),
  most_common: z.object({ description: z.string(), points: z.number(), share: z.number() }),
  /** The rating one step up; null when most students already have the top rating. */
  next_up: z.object({ description: z.string(), long_description: z.string(), points: z.number() }).nullable(),
});
export type ReteachItem = z.infer<typeof reteachSchema>;

export const assignmentFiguresSchema = z.object({
  id: z.number(),
  name: z.string(),
  due_at: z.string().nullable(),
  points_possible: z.number(),
  group_id: z.number(),
  html_url: z.string(),
  counts: z.object({
    students: z.number(),
    graded: z.number(),
    missing: z.number(),
    late: z.number(),
    excused: z.number(),
  }),
  distribution: distributionSchema,
  rubric: z
    .object({
      /** Graded students whose rubric was filled in. */
      assessed: z.number(),
      criteria: z.array(criterionFiguresSchema),
      reteach: z.array(reteachSchema),
    })
    .nullable(),
});
export type AssignmentFigures = z.infer<typeof assignmentFiguresSchema>;

export const courseAnalyticsSchema = z.object({
  course_id: z.number(),
  computed_at: z.string(),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  filter: z.object({ group: z.number().nullable(), from: z.string().nullable(), to: z.string().nullable() }),
  /** Used assignments in due-date order (undated last). */
  assignments: z.array(assignmentFiguresSchema),
  left_out: z.array(z.object({ id: z.number(), name: z.string(), reason: z.enum(LEFT_OUT_REASONS) })),
  /** Used assignments without a filled-in rubric (their scores are in, the rubric view is not). */
  without_rubric: z.array(z.object({ id: z.number(), name: z.string() })),
  trend: z.array(
    z.object({ assignment_id: z.number(), name: z.string(), due_at: z.string().nullable(), median: z.number() }),
  ),
});
export type CourseAnalytics = z.infer<typeof courseAnalyticsSchema>;

export const studentSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  sortable_name: z.string(),
  /** Canvas's current score (percent), null when nothing is graded. */
  current_score: z.number().nullable(),
  /** Her graded assignments in due-date order, as percentages. */
  trend: z.array(z.object({ assignment_id: z.number(), percent: z.number() })),
  graded: z.number(),
  missing: z.number(),
  late: z.number(),
  /** Set when her last two graded assignments are both 15 points or more below her average before them. */
  flag: z.object({ earlier_average: z.number(), last_two: z.tuple([z.number(), z.number()]) }).nullable(),
  canvas_url: z.string().nullable(),
});
export type StudentSummary = z.infer<typeof studentSummarySchema>;

export const courseStudentsSchema = z.object({
  course_id: z.number(),
  computed_at: z.string(),
  /** The graded assignments the trend lines follow, in due-date order. */
  assignments: z.array(z.object({ id: z.number(), name: z.string(), due_at: z.string().nullable() })),
  students: z.array(studentSummarySchema),
  /**
   * Assignments graded anonymously in Canvas (decision 067): their work is in no student's row or
   * record, only in the class's figures on the Analytics tab.
   */
  anonymous_assignments: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type CourseStudents = z.infer<typeof courseStudentsSchema>;

export const STUDENT_WORK_STATUSES = [
  'graded',
  'excused',
  'missing',
  'late',
  'to_grade',
  'not_submitted',
  'not_yet_due',
] as const;
export type StudentWorkStatus = (typeof STUDENT_WORK_STATUSES)[number];

export const studentRecordSchema = z.object({
  course_id: z.number(),
  student: studentSummarySchema,
  assignments: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      due_at: z.string().nullable(),
      points_possible: z.number().nullable(),
      score: z.number().nullable(),
      grade: z.string().nullable(),
      /** When she handed it in, else when it was graded. */
      submitted_at: z.string().nullable(),
      graded_at: z.string().nullable(),
      status: z.enum(STUDENT_WORK_STATUSES),
      late: z.boolean(),
      /** The teacher's comments (never the student's own), oldest first. */
      comments: z.array(z.object({ author_name: z.string(), comment: z.string(), created_at: z.string() })),
      /** Margin's grading screen for this work, when it waits to be graded. */
      grade_path: z.string().nullable(),
      canvas_url: z.string(),
    }),
  ),
});
export type StudentRecord = z.infer<typeof studentRecordSchema>;
