import { createHash } from 'node:crypto';
import type { AssignmentGradingView, GradingAssignment, SteeringFlag } from '@/shared/schemas/grading';
import type { CanvasAssignment, CanvasCourse, CanvasLatePolicy, CanvasSubmission } from '@/server/adapters/canvas';
import { htmlToText } from '@/server/adapters/documents';
import { mapInSlices } from '@/server/core/in-slices';
import { checkForSteering } from '../kernel/steering-check';
import {
  anonymousLabelsOf,
  byAnonymousLabel,
  bySortableName,
  toGradingAssignment,
  toGradingSubmission,
} from '../kernel/to-grading-view';

/**
 * Steering flags of work already checked, by its HTML and the rubric: the screen is read again at
 * every visit, and a lecture's thousand submissions take a second to check from scratch.
 */
const FLAGS_KEPT = 5_000;
const checked = new Map<string, SteeringFlag[]>();

function steeringFlagsOf(body: string, rubric: GradingAssignment['rubric'], rubricKey: string): SteeringFlag[] {
  const key = createHash('sha256').update(rubricKey).update('\n').update(body).digest('base64url');
  let flags = checked.get(key);
  if (flags) checked.delete(key);
  else flags = checkForSteering({ html: body, text: htmlToText(body), rubric });
  checked.set(key, flags);
  if (checked.size > FLAGS_KEPT) checked.delete(checked.keys().next().value!);
  return flags;
}

/**
 * The assignment grading screen: the assignment with its course, and every student as Canvas's
 * gradebook orders them. Checked a slice at a time, so a lecture's screen keeps the server answering.
 */
export async function toAssignmentGradingView(
  loaded: {
    assignment: CanvasAssignment;
    submissions: CanvasSubmission[];
    course: CanvasCourse;
    latePolicy?: CanvasLatePolicy | null;
  },
  toPublicUrl: (url: string) => string,
): Promise<AssignmentGradingView> {
  const assignment = toGradingAssignment(loaded.assignment, loaded.course, toPublicUrl, loaded.latePolicy ?? null);
  const rubricKey = JSON.stringify(assignment.rubric);
  const labels = anonymousLabelsOf(loaded.assignment, loaded.submissions);
  const submissions = await mapInSlices(loaded.submissions, (submission) => {
    const view = toGradingSubmission(submission, labels?.get(submission.userId));
    if (!submission.body) return view;
    const flags = steeringFlagsOf(submission.body, assignment.rubric, rubricKey);
    return flags.length > 0 ? { ...view, steering_flags: flags } : view;
  });
  // Anonymous students in their label's order (the anonymous ids'), which says nothing of who they are.
  return { assignment, submissions: submissions.sort(labels ? byAnonymousLabel : bySortableName) };
}
