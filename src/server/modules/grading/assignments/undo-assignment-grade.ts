import type { UndoGradeResponse } from '@/shared/schemas/grading';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { toGradingSubmission } from '../kernel/to-grading-view';
import { undoGrade } from '../kernel/undo-grade';
import { rememberSavedGrade } from './load-assignment';

/** Undo of Margin's last save for one student of an assignment (decision 051; kernel/undo-grade). */
export async function undoAssignmentGrade(
  deps: Pick<GradingDependencies, 'canvas' | 'saves' | 'audit'>,
  teacher: { id: string; email: string },
  target: { courseId: number; assignmentId: number; userId: number },
): Promise<UndoGradeResponse> {
  const { courseId, assignmentId } = target;
  const { submission, stored } = await undoGrade(deps, teacher, { kind: 'assignment', courseId, assignmentId }, target);
  rememberSavedGrade(teacher.id, target, submission);
  return { submission: toGradingSubmission(submission), stored };
}
