import { toGradingType, describeStored } from '@/shared/grading-rules';
import { AppError } from '@/server/core/app-error';
import type { CanvasAssignment, CanvasSubmission } from '@/server/adapters/canvas';
import { draftScope, type DraftTarget } from './draft-scope';
import type { GradingDependencies } from './grading-dependencies';
import { isGradeUndo, type GradeSave } from './grade-save-store';

export const NOTHING_TO_UNDO = 'There is no save of yours to undo for this student.';

/** Margin's last save of this subject on this screen, with what Undo puts back; refused when there is none. */
export async function saveToUndo(
  deps: Pick<GradingDependencies, 'saves'>,
  teacherId: string,
  target: DraftTarget,
  subject: string,
): Promise<GradeSave> {
  const record = await deps.saves.get(teacherId, draftScope(target), subject);
  if (!record?.undo) {
    throw new AppError('VALIDATION', NOTHING_TO_UNDO, { details: { reason: 'nothing_to_undo' } });
  }
  return record;
}

/**
 * Undo of Margin's last grade save for one student on a screen that grades an assignment's
 * submission (the assignment and discussion screens; decision 051): the grade Canvas held before
 * it is put back (or cleared, when there was none), and the comment the save wrote is deleted, or
 * its earlier text put back when the save edited it. It costs no credit, is offered once per save,
 * and is audited; what Canvas holds afterwards is read back and said ("7.5 / 10", "no grade").
 */
export async function undoGrade(
  deps: Pick<GradingDependencies, 'canvas' | 'saves' | 'audit'>,
  teacher: { id: string; email: string },
  screen: DraftTarget,
  target: { courseId: number; assignmentId: number; userId: number },
): Promise<{ submission: CanvasSubmission; assignment: CanvasAssignment; stored: string }> {
  const { courseId, assignmentId, userId } = target;
  const subject = String(userId);
  const record = await saveToUndo(deps, teacher.id, screen, subject);
  const undo = record.undo;
  if (!isGradeUndo(undo)) throw new AppError('VALIDATION', NOTHING_TO_UNDO, { details: { reason: 'nothing_to_undo' } });
  const { client } = await deps.canvas.clientFor(teacher.id);
  const assignment = await client.getAssignment(courseId, assignmentId);
  await client.gradeSubmission(courseId, assignmentId, userId, { postedGrade: undo.postedGrade ?? '' });
  let commentId = record.commentId;
  if (undo.comment?.was === 'new') {
    await client.deleteSubmissionComment(courseId, assignmentId, userId, undo.comment.id);
    commentId = null;
  } else if (undo.comment?.was === 'edited') {
    await client.editSubmissionComment(courseId, assignmentId, userId, undo.comment.id, undo.comment.text);
  }
  await deps.saves.put(teacher.id, draftScope(screen), subject, {
    commentId,
    paidPeriod: record.paidPeriod,
    undo: null,
  });
  const submission = await client.getSubmission(courseId, assignmentId, userId);
  await deps.audit({
    userId: teacher.id,
    action: 'GRADE_UNDONE',
    tableName: 'canvas_submissions',
    recordId: `${courseId}/${assignmentId}/${userId}`,
    newValues: { restored_grade: undo.postedGrade, comment: undo.comment?.was ?? null, score: submission.score },
  });
  const stored =
    submission.score === null && submission.grade === null
      ? 'no grade'
      : describeStored(toGradingType(assignment.gradingType), submission, assignment.pointsPossible);
  return { submission, assignment, stored };
}
