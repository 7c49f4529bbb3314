import type { AssignmentGradingView } from '@/shared/schemas/grading';
import type { CanvasAssignment, CanvasCourse, CanvasSubmission } from '@/server/adapters/canvas';
import { bySortableName, toGradingAssignment, toGradingSubmission } from '../kernel/to-grading-view';

/** The assignment grading screen: the assignment with its course, and every student as Canvas's gradebook orders them. */
export function toAssignmentGradingView(
  loaded: { assignment: CanvasAssignment; submissions: CanvasSubmission[]; course: CanvasCourse },
  toPublicUrl: (url: string) => string,
): AssignmentGradingView {
  return {
    assignment: toGradingAssignment(loaded.assignment, loaded.course, toPublicUrl),
    submissions: loaded.submissions.map(toGradingSubmission).sort(bySortableName),
  };
}
