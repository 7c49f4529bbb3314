import { isPlaceholderSubmission, type SaveGradeRequest, type SaveGradeResponse } from '@/shared/schemas/grading';
import { AppError } from '@/server/core/app-error';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { saveApprovedGrade } from '../kernel/save-approved-grade';
import { gradeWriteFor } from '../kernel/save-grade';
import { toGradingSubmission } from '../kernel/to-grading-view';
import { rememberSavedGrade } from './load-assignment';

/**
 * Saves the grade the teacher approved for one student's submission: in the assignment's own
 * grading type, one credit, grade, comment and rubric in one PUT, read back (saveApprovedGrade).
 */
export async function saveAssignmentGrade(
  deps: Pick<GradingDependencies, 'canvas' | 'drafts' | 'usage' | 'audit' | 'saves'>,
  teacher: { id: string; email: string },
  target: { courseId: number; assignmentId: number; userId: number },
  request: SaveGradeRequest,
): Promise<SaveGradeResponse> {
  const { submissionId, ...approved } = request;
  if (isPlaceholderSubmission(submissionId)) {
    throw new AppError('VALIDATION', "Cannot grade students who haven't submitted anything yet");
  }
  const { client } = await deps.canvas.clientFor(teacher.id);
  const { result, usage, isPaidEarlier } = await saveApprovedGrade(deps, teacher, {
    target: { kind: 'assignment', courseId: target.courseId, assignmentId: target.assignmentId },
    settles: [target.userId],
    subject: String(target.userId),
    rubricAssessment: approved.rubricAssessment,
    prepare: (rubricAssessment, previous) =>
      gradeWriteFor(client, target, { ...approved, rubricAssessment }, { previous }),
    remember: ({ commentId, undo }) => ({ commentId, undo }),
  });
  rememberSavedGrade(teacher.id, target, result.submission);
  return {
    submission: toGradingSubmission(result.submission),
    usage,
    stored: result.stored,
    isPaidEarlier,
    canUndo: true,
  };
}
