import { UNGRADED_DISCUSSION_MESSAGE, type UndoDiscussionGradeResponse } from '@/shared/schemas/discussion-grading';
import { AppError } from '@/server/core/app-error';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { saveToUndo, undoGrade } from '../kernel/undo-grade';
import { toDiscussionGrade } from './to-discussion-view';

/**
 * Undo of Margin's last save for one student of a graded discussion (decision 051): the linked
 * assignment's grade and comment put back as they were, read back from Canvas.
 */
export async function undoDiscussionGrade(
  deps: Pick<GradingDependencies, 'canvas' | 'saves' | 'audit'>,
  teacher: { id: string; email: string },
  target: { courseId: number; topicId: number; userId: number },
): Promise<UndoDiscussionGradeResponse> {
  const screen = { kind: 'discussion' as const, courseId: target.courseId, topicId: target.topicId };
  // Refused before any Canvas request when there is nothing to undo.
  await saveToUndo(deps, teacher.id, screen, String(target.userId));
  const { client } = await deps.canvas.clientFor(teacher.id);
  const topic = await client.getDiscussionTopic(target.courseId, target.topicId);
  if (topic.assignmentId === null) {
    throw new AppError('VALIDATION', UNGRADED_DISCUSSION_MESSAGE, { details: { reason: 'ungraded_discussion' } });
  }
  const { submission, stored } = await undoGrade(deps, teacher, screen, {
    courseId: target.courseId,
    assignmentId: topic.assignmentId,
    userId: target.userId,
  });
  return { user_id: target.userId, grade: toDiscussionGrade(submission), stored };
}
