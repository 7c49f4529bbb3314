import type { DemoAssignment, DemoSubmission } from '../model';

/** Submission types for which Canvas expects the student to hand something in. */
const NO_SUBMISSION_TYPES = new Set(['none', 'on_paper', 'not_graded', 'wiki_page', 'external_tool', '']);

export function expectsSubmission(assignment: DemoAssignment): boolean {
  return assignment.submissionTypes.some((type) => !NO_SUBMISSION_TYPES.has(type));
}

/** Canvas's needs-grading condition (`Submission.needs_grading_conditions`). */
export function needsGrading(submission: DemoSubmission): boolean {
  if (submission.submissionType === null || submission.excused === true) return false;
  if (submission.workflowState === 'pending_review') return true;
  return (
    (submission.workflowState === 'submitted' || submission.workflowState === 'graded') &&
    (submission.score === null || !submission.gradeMatchesCurrentSubmission)
  );
}

export interface Lateness {
  late: boolean;
  missing: boolean;
  secondsLate: number;
}

/** Canvas's `late`, `missing` and `seconds_late`, computed against the current time. */
export function latenessOf(submission: DemoSubmission, assignment: DemoAssignment, now: Date): Lateness {
  const onTime = { late: false, missing: false, secondsLate: 0 };
  if (submission.excused) return onTime;
  const dueAt = assignment.dueAt ? Date.parse(assignment.dueAt) : null;
  const secondsSince = (from: number, to: number) => Math.max(0, Math.round((to - from) / 1000));
  if (submission.latePolicyStatus === 'late') {
    return {
      late: true,
      missing: false,
      secondsLate: dueAt && submission.submittedAt ? secondsSince(dueAt, Date.parse(submission.submittedAt)) : 0,
    };
  }
  if (submission.latePolicyStatus === 'missing') {
    return { late: false, missing: true, secondsLate: dueAt ? secondsSince(dueAt, now.getTime()) : 0 };
  }
  if (submission.latePolicyStatus === 'none' || submission.latePolicyStatus === 'extended' || dueAt === null)
    return onTime;
  if (submission.submittedAt) {
    const submittedAt = Date.parse(submission.submittedAt);
    return submittedAt > dueAt ? { late: true, missing: false, secondsLate: secondsSince(dueAt, submittedAt) } : onTime;
  }
  const isGraded = submission.score !== null || submission.workflowState === 'graded';
  if (!isGraded && expectsSubmission(assignment) && dueAt < now.getTime()) {
    return { late: false, missing: true, secondsLate: secondsSince(dueAt, now.getTime()) };
  }
  return onTime;
}
