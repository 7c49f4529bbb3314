import type { DemoCanvasState } from '@/server/demo-canvas';

export type PlantedFile = { filename: string; contentType: string; bytes: Uint8Array };

/**
 * Makes a student's submission in the demo Canvas carry `file` as its only attachment (and `body`
 * as its text, when given), as if the student had handed it in. Returns the attachment id.
 */
export function plantStudentFile(
  state: DemoCanvasState,
  target: { assignmentId: number; userId: number },
  file: PlantedFile,
  body?: string | null,
): number {
  const submission = [...state.submissions.values()].find(
    (candidate) => candidate.assignmentId === target.assignmentId && candidate.userId === target.userId,
  );
  const assignment = state.assignments.get(target.assignmentId);
  if (!submission || !assignment)
    throw new Error(`no submission of student ${target.userId} for assignment ${target.assignmentId}`);
  const id = state.nextId('attachment');
  state.attachments.set(id, {
    id,
    courseId: assignment.courseId,
    uuid: `planted-${id}`,
    filename: file.filename,
    displayName: file.filename,
    contentType: file.contentType,
    text: '',
    title: file.filename,
    verifier: `planted-verifier-${id}`,
    createdAt: submission.submittedAt ?? new Date().toISOString(),
  });
  state.attachmentBytes.set(id, file.bytes);
  submission.attachmentIds = [id];
  if (body !== undefined) submission.body = body;
  return id;
}
