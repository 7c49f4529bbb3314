import type { DemoAssignment } from '../model';
import type { DemoCanvasState } from '../state';
import { needsGrading } from './submission-rules';

/** `NeedsGradingCountQuery`: distinct active students of the course whose submission needs grading. */
export function needsGradingCount(state: DemoCanvasState, assignment: DemoAssignment): number {
  const activeStudents = new Set(
    state
      .enrollmentsInCourse(assignment.courseId)
      .filter((e) => e.type === 'student' && e.state === 'active')
      .map((e) => e.userId),
  );
  let count = 0;
  for (const userId of activeStudents) {
    const submission = state.submissionOf(assignment.id, userId);
    if (submission && needsGrading(submission)) count += 1;
  }
  return count;
}

/** The course's `needs_grading_count`: the sum over its assignments. */
export function courseNeedsGradingCount(state: DemoCanvasState, courseId: number): number {
  return state.assignmentsIn(courseId).reduce((sum, assignment) => sum + needsGradingCount(state, assignment), 0);
}
