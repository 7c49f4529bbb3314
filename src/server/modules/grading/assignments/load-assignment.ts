import type { AssignmentGradingView } from '@/shared/schemas/grading';
import { AppError } from '@/server/core/app-error';
import type { CanvasAssignment, CanvasClient, CanvasSubmission } from '@/server/adapters/canvas';
import type { CanvasAccess } from '@/server/modules/canvas/canvas-access';
import { toAssignmentGradingView } from './to-assignment-view';

export type LoadedAssignment = {
  assignment: CanvasAssignment;
  /** Every assigned student's submission: the class a draft learns from, and its roster. */
  submissions: CanvasSubmission[];
};

/** The assignment and every submission, in one parallel round of Canvas requests. */
export async function loadAssignment(
  client: CanvasClient,
  courseId: number,
  assignmentId: number,
): Promise<LoadedAssignment> {
  const [assignment, submissions] = await Promise.all([
    client.getAssignment(courseId, assignmentId),
    client.listSubmissions(courseId, assignmentId),
  ]);
  return { assignment, submissions };
}

/**
 * The assignment grading screen's data: the assignment, every submission, the course (for the
 * breadcrumb) and its late policy, in one parallel round of Canvas requests.
 */
export async function loadAssignmentView(
  canvas: CanvasAccess,
  teacherId: string,
  target: { courseId: number; assignmentId: number },
): Promise<AssignmentGradingView> {
  const { client, toPublicUrl } = await canvas.clientFor(teacherId);
  const [loaded, course, latePolicy] = await Promise.all([
    loadAssignment(client, target.courseId, target.assignmentId),
    client.getCourse(target.courseId),
    client.getLatePolicy(target.courseId),
  ]);
  return toAssignmentGradingView({ ...loaded, course, latePolicy }, toPublicUrl);
}

/**
 * One file of one student's submission, downloaded from Canvas for the teacher, with a name safe
 * for the download header.
 */
export async function loadAttachment(
  canvas: CanvasAccess,
  teacherId: string,
  target: { courseId: number; assignmentId: number; userId: number; attachmentId: number },
) {
  const { client } = await canvas.clientFor(teacherId);
  const submission = await client.getSubmission(target.courseId, target.assignmentId, target.userId);
  const attachment = submission.attachments.find((candidate) => candidate.id === target.attachmentId);
  if (!attachment) throw new AppError('NOT_FOUND', 'That file is not part of this submission.');
  const download = await client.downloadAttachment(attachment.url);
  return {
    download,
    filename: (attachment.displayName || attachment.filename).replace(/[^\w.\- ]+/g, '_'),
    contentType: attachment.contentType || download.contentType || 'application/octet-stream',
  };
}
