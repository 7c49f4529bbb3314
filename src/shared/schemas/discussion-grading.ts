import { z } from 'zod';
import { rubricCriterionSchema } from './ai';
import {
  DEFAULT_POINTS,
  gradeChoiceFields,
  gradingUserSchema,
  letterGrade,
  rubricAssessmentInputSchema,
  submissionCommentSchema,
} from './grading';
import { usageSummarySchema } from './usage';
import { GRADING_TYPES } from '../grading-rules';

/**
 * The discussion grading screen (spec part 2 §2.2): the discussion, every student who can take part
 * with their posts in context and their Canvas grade, and the rules both sides compute with.
 */

export const ORIGINAL_POST_PREVIEW_CHARS = 200;

export const discussionRouteParamsSchema = z.object({
  courseId: z.coerce.number().int().positive(),
  discussionId: z.coerce.number().int().positive(),
});
/** A student's key: her user id, or a negative key on a discussion graded anonymously (decision 067). */
export const discussionStudentParamsSchema = discussionRouteParamsSchema.extend({
  userId: z.coerce
    .number()
    .int()
    .min(-(2 ** 31))
    .refine((key) => key !== 0, 'Not a student'),
});

// ---------------------------------------------------------------------------------------------
// Rules (spec part 2 §4, §5, §9)
// ---------------------------------------------------------------------------------------------

export const participationLevels = ['None', 'Minimal', 'Good', 'Excellent'] as const;
export const participationLevelSchema = z.enum(participationLevels);
export type ParticipationLevel = z.infer<typeof participationLevelSchema>;

/** Participation by post count: 0 None, 1 Minimal, 2-3 Good, 4 or more Excellent. */
export function participationLevel(postCount: number): ParticipationLevel {
  if (postCount <= 0) return 'None';
  if (postCount === 1) return 'Minimal';
  if (postCount <= 3) return 'Good';
  return 'Excellent';
}

/** The discussion's points if above 0, else the linked assignment's, else 100. */
export function discussionPointsPossible(
  discussionPoints: number | null | undefined,
  assignmentPoints: number | null | undefined,
): number {
  if (typeof discussionPoints === 'number' && discussionPoints > 0) return discussionPoints;
  if (typeof assignmentPoints === 'number' && assignmentPoints > 0) return assignmentPoints;
  return DEFAULT_POINTS;
}

/** "Vasquez" from "Ana María Vasquez": students are listed by the last word of their name. */
export function lastWordOfName(name: string): string {
  return name.trim().split(/\s+/).at(-1) ?? '';
}

export function byLastWordOfName(a: { name: string; id: number }, b: { name: string; id: number }): number {
  return (
    lastWordOfName(a.name).localeCompare(lastWordOfName(b.name), 'en', { sensitivity: 'base' }) ||
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
    a.id - b.id
  );
}

// ---------------------------------------------------------------------------------------------
// The view
// ---------------------------------------------------------------------------------------------

export const discussionPostSchema = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  /** Canvas HTML: sanitise before showing. */
  message: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  is_reply: z.boolean(),
  /** What a reply answers: the parent post, or null for an initial post. */
  in_reply_to: z
    .object({
      id: z.number(),
      author_name: z.string(),
      /** Canvas HTML of the parent post; empty when the parent was deleted. */
      message: z.string(),
      created_at: z.string(),
      is_deleted: z.boolean(),
    })
    .nullable(),
  /** How many direct replies this post received. */
  reply_count: z.number(),
});
export type DiscussionPost = z.infer<typeof discussionPostSchema>;

export const discussionGradeSchema = z.object({
  /** Canvas's submission for the linked assignment; null for an ungraded discussion. */
  submission_id: z.number().nullable(),
  score: z.number().nullable(),
  grade: z.string().nullable(),
  graded_at: z.string().nullable(),
  excused: z.boolean(),
  submission_comments: z.array(submissionCommentSchema),
  rubric_assessment: z
    .record(z.string(), z.object({ points: z.number().nullable(), comments: z.string().nullable() }))
    .nullable(),
});
export type DiscussionGrade = z.infer<typeof discussionGradeSchema>;

export const discussionStudentSchema = z.object({
  user: gradingUserSchema,
  /** The pseudo-submission (spec part 2 §4): 'submitted' with at least one post, else 'unsubmitted' and missing. */
  workflow_state: z.enum(['submitted', 'unsubmitted']),
  missing: z.boolean(),
  /** The first post's time. */
  submitted_at: z.string().nullable(),
  posts: z.array(discussionPostSchema),
  post_count: z.number(),
  initial_post_count: z.number(),
  reply_count: z.number(),
  participation: participationLevelSchema,
  /** The student's first initial post as plain text, cut at 200 characters (for "previous comments"). */
  original_post_preview: z.string().nullable(),
  grade: discussionGradeSchema,
});
export type DiscussionStudent = z.infer<typeof discussionStudentSchema>;

export const gradingDiscussionSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** The prompt, Canvas HTML: sanitise before showing. */
  message: z.string().nullable(),
  posted_at: z.string().nullable(),
  html_url: z.string(),
  assignment_id: z.number().nullable(),
  is_graded: z.boolean(),
  /** By the rule of spec part 2 §5. */
  points_possible: z.number(),
  rubric: z.array(rubricCriterionSchema).nullable(),
  use_rubric_for_grading: z.boolean(),
  /** The linked assignment posts grades by hand in Canvas (decision 052). */
  post_manually: z.boolean().optional(),
  /** The linked assignment's page in Canvas (a student's submission is under it); null when ungraded. */
  assignment_html_url: z.string().nullable().optional(),
  /**
   * The linked assignment is graded anonymously (decision 067): students are Student 1 to N under
   * negative keys, posts name nobody, and Margin neither drafts nor saves here.
   */
  anonymous_grading: z.literal(true).optional(),
  /** The linked assignment's Canvas grading type ('points' for an ungraded discussion). */
  grading_type: z.enum(GRADING_TYPES),
  /** Students with at least one post. */
  participant_count: z.number(),
  /** The students' live posts. */
  post_count: z.number(),
  course: z.object({ id: z.number(), name: z.string(), course_code: z.string().nullable() }),
});
export type GradingDiscussion = z.infer<typeof gradingDiscussionSchema>;

export const letterDistributionSchema = z.object({
  A: z.number(),
  B: z.number(),
  C: z.number(),
  D: z.number(),
  F: z.number(),
});
export type LetterDistribution = z.infer<typeof letterDistributionSchema>;

export const discussionSummarySchema = z.object({
  student_count: z.number(),
  graded_count: z.number(),
  pending_count: z.number(),
  /** Graded of all students, 0-100. */
  progress_percent: z.number(),
  total_posts: z.number(),
  participants: z.number(),
  initial_posts: z.number(),
  replies: z.number(),
  average_posts_per_participant: z.number(),
  /** Average of the graded scores, in points; null before anyone is graded. */
  average_score: z.number().nullable(),
  average_percent: z.number().nullable(),
  letter_distribution: letterDistributionSchema,
});
export type DiscussionSummary = z.infer<typeof discussionSummarySchema>;

export const discussionGradingViewSchema = z.object({
  discussion: gradingDiscussionSchema,
  students: z.array(discussionStudentSchema),
  summary: discussionSummarySchema,
});
export type DiscussionGradingView = z.infer<typeof discussionGradingViewSchema>;

/** Graded means the teacher has given a score in Canvas (an excused student counts as graded). */
export function isDiscussionStudentGraded(student: Pick<DiscussionStudent, 'grade'>): boolean {
  return student.grade.score !== null || student.grade.excused;
}

/** The status card's figures, from the students as they are now (the client recomputes after a save). */
export function summarizeDiscussion(
  students: readonly Pick<DiscussionStudent, 'grade' | 'post_count' | 'initial_post_count' | 'reply_count'>[],
  pointsPossible: number,
): DiscussionSummary {
  const graded = students.filter(isDiscussionStudentGraded);
  const scored = graded.filter((student) => student.grade.score !== null);
  const participants = students.filter((student) => student.post_count > 0).length;
  const totalPosts = students.reduce((sum, student) => sum + student.post_count, 0);
  const letters: LetterDistribution = { A: 0, B: 0, C: 0, D: 0, F: 0 };
  const points = pointsPossible > 0 ? pointsPossible : DEFAULT_POINTS;
  for (const student of scored) letters[letterGrade(((student.grade.score ?? 0) / points) * 100)] += 1;
  const averageScore =
    scored.length > 0 ? scored.reduce((sum, student) => sum + (student.grade.score ?? 0), 0) / scored.length : null;
  return {
    student_count: students.length,
    graded_count: graded.length,
    pending_count: students.length - graded.length,
    progress_percent: students.length > 0 ? (graded.length / students.length) * 100 : 0,
    total_posts: totalPosts,
    participants,
    initial_posts: students.reduce((sum, student) => sum + student.initial_post_count, 0),
    replies: students.reduce((sum, student) => sum + student.reply_count, 0),
    average_posts_per_participant: participants > 0 ? totalPosts / participants : 0,
    average_score: averageScore,
    average_percent: averageScore === null ? null : (averageScore / points) * 100,
    letter_distribution: letters,
  };
}

// ---------------------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------------------

export const saveDiscussionGradeRequestSchema = z.strictObject({
  ...gradeChoiceFields,
  comment: z.string().max(20_000, 'Feedback can be at most 20,000 characters').default(''),
  /** Only used when the discussion's assignment has a rubric. */
  rubricAssessment: rubricAssessmentInputSchema.nullable().default(null),
});
export type SaveDiscussionGradeRequest = z.infer<typeof saveDiscussionGradeRequestSchema>;

export const saveDiscussionGradeResponseSchema = z.object({
  user_id: z.number(),
  grade: discussionGradeSchema,
  usage: usageSummarySchema,
  /** What Canvas stored, read from its answer. */
  stored: z.string(),
  /** The submission was paid for earlier in this billing period: this save cost no credit (decision 051). */
  isPaidEarlier: z.boolean().optional(),
  /** The save can be undone (decision 051). */
  canUndo: z.boolean().optional(),
});
export type SaveDiscussionGradeResponse = z.infer<typeof saveDiscussionGradeResponseSchema>;

/** Undo of the last save (decision 051): the grade as Canvas holds it again. */
export const undoDiscussionGradeResponseSchema = z.object({
  user_id: z.number(),
  grade: discussionGradeSchema,
  /** What Canvas holds after the undo ("7.5 / 10", "no grade"). */
  stored: z.string(),
});
export type UndoDiscussionGradeResponse = z.infer<typeof undoDiscussionGradeResponseSchema>;

export const UNGRADED_DISCUSSION_MESSAGE =
  'This discussion is not graded in Canvas, so there is no grade to save. Make it a graded discussion in Canvas to grade it here.';
