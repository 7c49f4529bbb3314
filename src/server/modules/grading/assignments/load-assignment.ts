import type { AssignmentGradingView } from '@/shared/schemas/grading';
import { AppError } from '@/server/core/app-error';
import type { CanvasAssignment, CanvasClient, CanvasSubmission } from '@/server/adapters/canvas';
import type { CanvasAccess } from '@/server/modules/canvas/canvas-access';
import type { RosterMember } from '../kernel/redaction';
import { anonymousClassmates } from '../kernel/anonymous-participants';
import { toAssignmentGradingView } from './to-assignment-view';

export type LoadedAssignment = {
  assignment: CanvasAssignment;
  /** Every assigned student's submission: the class a draft learns from, and its roster. */
  submissions: CanvasSubmission[];
  /**
   * On an assignment that anonymises its students, the course's students by name, unmatched to
   * their submissions: redacted from every draft as classmates (decision 067). Empty otherwise.
   */
  classmates?: RosterMember[];
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
  return { assignment, submissions, classmates: await anonymousClassmates(client, assignment) };
}

/** How long a class read for single drafts is used again, and for how many classes at once. */
const RECENT_CLASS_MS = 60 * 1000;
const RECENT_CLASSES_KEPT = 8;
const recentClasses = new Map<string, { at: number; read: Promise<LoadedAssignment> }>();

const recentKey = (teacherId: string, target: { courseId: number; assignmentId: number }) =>
  `${teacherId}:${target.courseId}:${target.assignmentId}`;

/**
 * The assignment and its class as this teacher read them in the last minute (Save & Next drafts
 * one student after another, and a lecture of 1,000 is megabytes to read again for each), with
 * every grade saved through Margin since (`rememberSavedGrade`). A failed read is not kept.
 */
export function recentClass(
  client: CanvasClient,
  teacherId: string,
  target: { courseId: number; assignmentId: number },
): Promise<LoadedAssignment> {
  const key = recentKey(teacherId, target);
  const now = Date.now();
  for (const [kept, entry] of recentClasses) if (now - entry.at > RECENT_CLASS_MS) recentClasses.delete(kept);
  const recent = recentClasses.get(key);
  if (recent) return recent.read;
  const read = loadAssignment(client, target.courseId, target.assignmentId);
  recentClasses.set(key, { at: now, read });
  if (recentClasses.size > RECENT_CLASSES_KEPT) recentClasses.delete(recentClasses.keys().next().value!);
  read.catch(() => recentClasses.delete(key));
  return read;
}

/** The assignment and the class for one student's draft: the class as recently read, her own submission fresh. */
export async function loadAssignmentForDraft(
  client: CanvasClient,
  teacherId: string,
  target: { courseId: number; assignmentId: number; userId: number },
): Promise<LoadedAssignment & { submission: CanvasSubmission }> {
  if (!recentClasses.has(recentKey(teacherId, target))) {
    const loaded = await recentClass(client, teacherId, target);
    const submission = loaded.submissions.find((candidate) => candidate.userId === target.userId);
    if (!submission) throw new AppError('NOT_FOUND', 'Submission not found');
    return { ...loaded, submission };
  }
  const [loaded, submission] = await Promise.all([
    recentClass(client, teacherId, target),
    client.getSubmission(target.courseId, target.assignmentId, target.userId),
  ]);
  return { ...loaded, submission };
}

/**
 * A grade saved (or undone) through Margin joins the class read at once, so the next draft learns from it:
 * the grade, its rubric assessment and comments as Canvas answered the save; the rest (the
 * student's name and work) as read.
 */
export function rememberSavedGrade(
  teacherId: string,
  target: { courseId: number; assignmentId: number; userId: number },
  saved: CanvasSubmission,
): void {
  const recent = recentClasses.get(recentKey(teacherId, target));
  if (!recent) return;
  const updated = recent.read.then((loaded) => ({
    ...loaded,
    submissions: loaded.submissions.map((submission) =>
      submission.userId === target.userId
        ? {
            ...submission,
            score: saved.score,
            grade: saved.grade,
            excused: saved.excused,
            workflowState: saved.workflowState,
            gradedAt: saved.gradedAt,
            gradeMatchesCurrentSubmission: saved.gradeMatchesCurrentSubmission,
            rubricAssessment: saved.rubricAssessment,
            comments: saved.comments,
          }
        : submission,
    ),
  }));
  // A read that failed is dropped where it was made; nobody may be waiting on this one.
  updated.catch(() => undefined);
  recent.read = updated;
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
