import { PLACEHOLDER_PREFIX, type GradingAssignment, type GradingSubmission } from '@/shared/schemas/grading';
import { toGradingType } from '@/shared/grading-rules';
import { anonymousLabels, isAnonymousStudentKey } from '@/shared/anonymous-students';
import type { RubricCriterion } from '@/shared/schemas/ai';
import type {
  CanvasAssignment,
  CanvasCourse,
  CanvasLatePolicy,
  CanvasRubricCriterion,
  CanvasSubmission,
} from '@/server/adapters/canvas';

export function toGradingAssignment(
  assignment: CanvasAssignment,
  course: CanvasCourse,
  toPublicUrl: (url: string) => string,
  latePolicy: CanvasLatePolicy | null = null,
): GradingAssignment {
  return {
    id: assignment.id,
    name: assignment.name,
    description: assignment.description,
    points_possible: assignment.pointsPossible,
    due_at: assignment.dueAt,
    html_url: toPublicUrl(assignment.htmlUrl),
    submission_types: assignment.submissionTypes,
    rubric: assignment.rubric ? toRubricCriteria(assignment.rubric) : null,
    rubric_settings: assignment.rubricSettings
      ? {
          hide_points: assignment.rubricSettings.hidePoints ?? false,
          free_form_criterion_comments: assignment.rubricSettings.freeFormCriterionComments,
        }
      : null,
    use_rubric_for_grading: assignment.useRubricForGrading,
    post_manually: assignment.postManually ?? false,
    moderated_grading: assignment.moderatedGrading ?? false,
    ...(assignment.anonymizeStudents ? { anonymous_grading: true } : {}),
    late_policy:
      latePolicy?.lateDeductionEnabled && latePolicy.lateDeductionPercent > 0
        ? {
            deduction_percent: latePolicy.lateDeductionPercent,
            interval: latePolicy.lateInterval,
            minimum_percent: latePolicy.lateMinimumPercent,
          }
        : null,
    grading_type: toGradingType(assignment.gradingType),
    course: { id: course.id, name: course.name, course_code: course.courseCode || null },
  };
}

/** A Canvas rubric in the shape the screen and the drafters read (decision 066 for its shapes). */
export function toRubricCriteria(rubric: CanvasRubricCriterion[]): RubricCriterion[] {
  return rubric.map((criterion) => ({
    id: criterion.id,
    description: criterion.description,
    long_description: criterion.longDescription,
    points: criterion.points,
    ratings: criterion.ratings.map((rating) => ({
      id: rating.id,
      description: rating.description,
      long_description: rating.longDescription,
      points: rating.points,
    })),
    ...(criterion.useRange ? { use_range: true } : {}),
    ...(criterion.ignoreForScoring ? { ignore_for_scoring: true } : {}),
    ...(criterion.outcomeId
      ? { outcome_id: criterion.outcomeId, mastery_points: criterion.masteryPoints ?? null }
      : {}),
  }));
}

/**
 * On an assignment that anonymises its students, each student's label by key, "Student 1" to
 * "Student N" in the order of the anonymous ids (decision 067); null on any other assignment.
 */
export function anonymousLabelsOf(
  assignment: Pick<CanvasAssignment, 'anonymizeStudents'>,
  submissions: readonly CanvasSubmission[],
): Map<number, string> | null {
  if (!assignment.anonymizeStudents) return null;
  const keyed = submissions.filter((submission) => submission.anonymousId);
  const labels = anonymousLabels(keyed.map((submission) => submission.anonymousId!));
  return new Map(keyed.map((submission) => [submission.userId, labels.get(submission.anonymousId!)!]));
}

/**
 * A student who has not submitted gets a placeholder id, so nothing can be saved against it. With
 * `anonymousLabel` (an anonymised assignment) she is that label, and nothing of her user goes out.
 */
export function toGradingSubmission(submission: CanvasSubmission, anonymousLabel?: string): GradingSubmission {
  const hasSubmitted = submission.submittedAt !== null || submission.workflowState !== 'unsubmitted';
  const isAnonymous = anonymousLabel !== undefined || isAnonymousStudentKey(submission.userId);
  const name = isAnonymous
    ? (anonymousLabel ?? 'Anonymous student')
    : (submission.user?.name ?? `Student ${submission.userId}`);
  return {
    id: hasSubmitted ? String(submission.id) : `${PLACEHOLDER_PREFIX}${submission.userId}`,
    user_id: submission.userId,
    ...(isAnonymous && submission.anonymousId ? { anonymous_id: submission.anonymousId } : {}),
    user: {
      id: submission.userId,
      name,
      sortable_name: isAnonymous ? name : (submission.user?.sortableName ?? name),
      email: null,
      avatar_url: isAnonymous ? null : (submission.user?.avatarUrl ?? null),
    },
    workflow_state: submission.workflowState,
    score: submission.score,
    grade: submission.grade,
    excused: submission.excused,
    submitted_at: submission.submittedAt,
    graded_at: submission.gradedAt,
    late: submission.late,
    missing: submission.missing,
    seconds_late: submission.secondsLate,
    points_deducted: submission.pointsDeducted,
    entered_score: submission.enteredScore,
    submission_type: submission.submissionType,
    attempt: submission.attempt,
    body: submission.body,
    url: submission.url,
    attachments: submission.attachments.map((attachment) => ({
      id: attachment.id,
      filename: attachment.filename,
      display_name: attachment.displayName,
      size: attachment.size,
      content_type: attachment.contentType,
    })),
    submission_comments: submission.comments.map((comment) => ({
      id: comment.id,
      author_name: comment.authorName,
      author_avatar_url: comment.authorAvatarUrl,
      comment: comment.comment,
      created_at: comment.createdAt,
      edited_at: comment.editedAt,
    })),
    rubric_assessment: submission.rubricAssessment
      ? Object.fromEntries(
          Object.entries(submission.rubricAssessment).map(([id, entry]) => [
            id,
            { points: entry.points, comments: entry.comments || null },
          ]),
        )
      : null,
  };
}

// One collator for every comparison: localeCompare with options builds one per call, which made
// sorting a 1,000-student class take a fifth of a second.
const names = new Intl.Collator('en', { sensitivity: 'base' });

/** Students by sortable name ("Last, First"), as Canvas's gradebook lists them. */
export function bySortableName(
  a: { user: { sortable_name: string }; user_id: number },
  b: { user: { sortable_name: string }; user_id: number },
): number {
  return names.compare(a.user.sortable_name, b.user.sortable_name) || a.user_id - b.user_id;
}

/** Anonymous students as numbered ("Student 2" before "Student 10"). */
export function byAnonymousLabel(a: { user: { name: string } }, b: { user: { name: string } }): number {
  const numberOf = (name: string) => Number(/\d+$/.exec(name)?.[0] ?? Number.MAX_SAFE_INTEGER);
  return numberOf(a.user.name) - numberOf(b.user.name);
}
