import type { DemoAssignment, DemoSubmission } from '../model';
import { expectsSubmission, needsGrading } from './submission-rules';

export const ASSIGNMENT_BUCKETS = [
  'past',
  'overdue',
  'undated',
  'ungraded',
  'unsubmitted',
  'upcoming',
  'future',
] as const;
export type AssignmentBucket = (typeof ASSIGNMENT_BUCKETS)[number];

export function isAssignmentBucket(value: string): value is AssignmentBucket {
  return (ASSIGNMENT_BUCKETS as readonly string[]).includes(value);
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Types Canvas does not count as "owing" work for the overdue bucket. */
const NOT_OVERDUE_TYPES = new Set(['external_tool', 'online_quiz', 'attendance']);

/**
 * `SortsAssignments` (2023+): an assignment is in a bucket when any relevant student's submission
 * matches; for a teacher the relevant students are all visible students.
 */
export function isInBucket(
  bucket: AssignmentBucket,
  assignment: DemoAssignment,
  submissions: readonly DemoSubmission[],
  now: Date,
): boolean {
  const dueAt = assignment.dueAt ? Date.parse(assignment.dueAt) : null;
  const nowMs = now.getTime();
  const isPast = dueAt !== null && dueAt < nowMs;
  const isNotTurnedIn = (s: DemoSubmission) => s.submittedAt === null && s.workflowState !== 'graded';
  switch (bucket) {
    case 'past':
      return isPast;
    case 'overdue': {
      const owesWork =
        expectsSubmission(assignment) && !assignment.submissionTypes.some((t) => NOT_OVERDUE_TYPES.has(t));
      const canStillSubmit = assignment.lockAt === null || Date.parse(assignment.lockAt) > nowMs;
      return isPast && owesWork && canStillSubmit && submissions.some(isNotTurnedIn);
    }
    case 'undated':
      return dueAt === null;
    case 'ungraded':
      return expectsSubmission(assignment) && submissions.some(needsGrading);
    case 'unsubmitted':
      return expectsSubmission(assignment) && submissions.some(isNotTurnedIn);
    case 'upcoming':
      return dueAt !== null && dueAt >= nowMs && dueAt <= nowMs + WEEK_MS;
    case 'future':
      return dueAt === null || dueAt >= nowMs;
  }
}
