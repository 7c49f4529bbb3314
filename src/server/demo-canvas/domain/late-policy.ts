import type { DemoAssignment, DemoLatePolicy } from '../model';

const SECONDS_PER_INTERVAL = { day: 86_400, hour: 3_600 } as const;

/**
 * Canvas's `LatePolicy#points_deducted`: the deduction percent for every started interval late,
 * of the points possible, never taking the score below the minimum percent, rounded to 2 places.
 * Pass/fail assignments and ungraded scores lose nothing.
 */
export function pointsDeductedFor(
  policy: DemoLatePolicy | null | undefined,
  assignment: DemoAssignment,
  score: number,
  secondsLate: number,
): number {
  const possible = assignment.pointsPossible;
  if (!policy?.lateSubmissionDeductionEnabled || secondsLate <= 0 || possible <= 0) return 0;
  if (assignment.gradingType === 'pass_fail' || assignment.gradingType === 'not_graded') return 0;
  const intervals = Math.ceil(secondsLate / SECONDS_PER_INTERVAL[policy.lateSubmissionInterval]);
  const minimumPercent = policy.lateSubmissionMinimumPercentEnabled ? policy.lateSubmissionMinimumPercent : 0;
  const scorePercent = (score * 100) / possible;
  const mostToDeduct = Math.max(scorePercent - minimumPercent, 0);
  const percent = Math.min(policy.lateSubmissionDeduction * intervals, mostToDeduct);
  return Math.round(((percent * possible) / 100) * 100) / 100;
}

/** `late_policy_json`. */
export function latePolicyJson(courseId: number, policy: DemoLatePolicy): Record<string, unknown> {
  return {
    id: policy.id,
    course_id: courseId,
    missing_submission_deduction_enabled: policy.missingSubmissionDeductionEnabled,
    missing_submission_deduction: policy.missingSubmissionDeduction,
    late_submission_deduction_enabled: policy.lateSubmissionDeductionEnabled,
    late_submission_deduction: policy.lateSubmissionDeduction,
    late_submission_interval: policy.lateSubmissionInterval,
    late_submission_minimum_percent_enabled: policy.lateSubmissionMinimumPercentEnabled,
    late_submission_minimum_percent: policy.lateSubmissionMinimumPercent,
    created_at: '2026-08-20T15:00:00Z',
    updated_at: '2026-08-20T15:00:00Z',
  };
}
