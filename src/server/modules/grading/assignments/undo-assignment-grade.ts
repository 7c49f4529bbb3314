import { toGradingType, describeStored } from '@/shared/grading-rules';
import type { UndoGradeResponse } from '@/shared/schemas/grading';
import { AppError } from '@/server/core/app-error';
import { draftScope } from '../kernel/draft-scope';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { toGradingSubmission } from '../kernel/to-grading-view';
import { rememberSavedGrade } from './load-assignment';

/**
 * Undo of Margin's last save for one student (decision 051): the grade Canvas held before it is put
 * back (or cleared, when there was none), and the comment the save wrote is deleted, or its earlier
 * text put back when the save edited it. It costs no credit, and is offered once per save.
 */
export async function undoAssignmentGrade(
  deps: Pick<GradingDependencies, 'canvas' | 'saves' | 'audit'>,
  teacher: { id: string; email: string },
  target: { courseId: number; assignmentId: number; userId: number },
): Promise<UndoGradeResponse> {
  const { courseId, assignmentId, userId } = target;
  const scope = draftScope({ kind: 'assignment', courseId, assignmentId });
  const record = await deps.saves.get(teacher.id, scope, String(userId));
  const undo = record?.undo;
  if (!record || !undo) {
    throw new AppError('VALIDATION', 'There is no save of yours to undo for this student.', {
      details: { reason: 'nothing_to_undo' },
    });
  }
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
  await deps.saves.put(teacher.id, scope, String(userId), { commentId, paidPeriod: record.paidPeriod, undo: null });
  const submission = await client.getSubmission(courseId, assignmentId, userId);
  rememberSavedGrade(teacher.id, target, submission);
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
  return { submission: toGradingSubmission(submission), stored };
}
