import type { AssignmentGradingView } from '@/shared/schemas/grading';
import type { CanvasAssignment, CanvasCourse, CanvasLatePolicy, CanvasSubmission } from '@/server/adapters/canvas';
import { htmlToText } from '@/server/adapters/documents';
import { checkForSteering } from '../kernel/steering-check';
import { bySortableName, toGradingAssignment, toGradingSubmission } from '../kernel/to-grading-view';

/** The assignment grading screen: the assignment with its course, and every student as Canvas's gradebook orders them. */
export function toAssignmentGradingView(
  loaded: {
    assignment: CanvasAssignment;
    submissions: CanvasSubmission[];
    course: CanvasCourse;
    latePolicy?: CanvasLatePolicy | null;
  },
  toPublicUrl: (url: string) => string,
): AssignmentGradingView {
  const assignment = toGradingAssignment(loaded.assignment, loaded.course, toPublicUrl, loaded.latePolicy ?? null);
  return {
    assignment,
    submissions: loaded.submissions
      .map((submission) => {
        const view = toGradingSubmission(submission);
        if (!submission.body) return view;
        const flags = checkForSteering({
          html: submission.body,
          text: htmlToText(submission.body),
          rubric: assignment.rubric,
        });
        return flags.length > 0 ? { ...view, steering_flags: flags } : view;
      })
      .sort(bySortableName),
  };
}
