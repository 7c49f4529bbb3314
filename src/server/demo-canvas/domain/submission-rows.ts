import type { DemoAssignment, DemoSubmission } from '../model';
import type { DemoCanvasState } from '../state';

/** The row Canvas keeps for an assigned student who has not handed anything in. */
export function unsubmittedRow(id: number, assignmentId: number, userId: number): DemoSubmission {
  return {
    id,
    assignmentId,
    userId,
    submissionType: null,
    body: null,
    url: null,
    submittedAt: null,
    attempt: null,
    workflowState: 'unsubmitted',
    score: null,
    grade: null,
    gradedAt: null,
    graderId: null,
    gradeMatchesCurrentSubmission: true,
    excused: null,
    latePolicyStatus: null,
    postedAt: null,
    attachmentIds: [],
    comments: [],
    rubricAssessment: null,
    quizSubmissionId: null,
  };
}

/**
 * Canvas's `SubmissionLifecycleManager` keeps a row for every assigned student; this finds it or
 * makes the placeholder, as `find_or_create_by!` does when grading.
 */
export function findOrCreateSubmission(
  state: DemoCanvasState,
  assignment: DemoAssignment,
  userId: number,
): DemoSubmission {
  const existing = state.submissionOf(assignment.id, userId);
  if (existing) return existing;
  const row = unsubmittedRow(state.nextId('submission'), assignment.id, userId);
  state.addSubmission(row);
  return row;
}
