import type { SaveGradeRequest } from '@/shared/schemas/grading';
import { isPlaceholderSubmission } from '@/shared/schemas/grading';
import { AppError, isAppError } from '@/server/core/app-error';
import type { CanvasClient, CanvasGradeInput, CanvasSubmission } from '@/server/adapters/canvas';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import { reserveCredit } from '@/server/modules/usage/reserve-credit';
import type { UsageStore } from '@/server/modules/usage/usage-store';

/** The spec's save messages (part 2 §8) by Canvas failure. */
const CANVAS_SAVE_MESSAGES: Partial<Record<string, string>> = {
  CANVAS_NOT_FOUND: 'Assignment or student not found. Please check if the assignment accepts submissions.',
  CANVAS_PERMISSION: 'Permission denied. Please check your Canvas permissions for grading.',
  CANVAS_UNPROCESSABLE: 'Invalid grade format. Please check the grade value and try again.',
};

export type SaveGradeTarget = { courseId: number; assignmentId: number; userId: number };

/**
 * Saves an approved grade: one credit is reserved first (atomically), then grade, comment and
 * rubric assessment go to Canvas in one PUT; if Canvas refuses, the credit is given back. Every
 * outcome is audited.
 */
export async function saveGrade(
  deps: { client: CanvasClient; usage: UsageStore; audit: AuditWriter },
  teacher: { id: string; email: string },
  target: SaveGradeTarget,
  request: SaveGradeRequest,
): Promise<CanvasSubmission> {
  if (isPlaceholderSubmission(request.submissionId)) {
    throw new AppError('VALIDATION', "Cannot grade students who haven't submitted anything yet");
  }
  const recordId = `${target.courseId}/${target.assignmentId}/${target.userId}`;
  const values = {
    grade: request.grade,
    comment: request.comment,
    course_id: target.courseId,
    assignment_id: target.assignmentId,
    student_id: target.userId,
    rubric_used: request.rubricAssessment !== null,
  };
  const credit = await reserveCredit({ store: deps.usage, audit: deps.audit }, teacher, { recordId, details: values });

  const input: CanvasGradeInput = { postedGrade: String(request.grade) };
  if (request.comment.trim()) input.comment = request.comment;
  if (request.rubricAssessment) {
    input.rubricAssessment = Object.fromEntries(
      request.rubricAssessment.map((item) => [item.criterionId, { points: item.points, comments: item.comments }]),
    );
  }

  try {
    const saved = await deps.client.gradeSubmission(target.courseId, target.assignmentId, target.userId, input);
    await deps.audit({ userId: teacher.id, action: 'GRADE_SUBMISSION', tableName: 'canvas_submissions', recordId, newValues: { ...values, score: saved.score } });
    return saved;
  } catch (error) {
    // A timeout after Canvas applied the grade also lands here: the teacher keeps the credit then.
    await credit.release();
    if (isAppError(error) && error.code.startsWith('CANVAS_')) {
      await deps.audit({
        userId: teacher.id,
        action: 'GRADE_SUBMISSION_FAILED',
        tableName: 'canvas_submissions',
        recordId,
        newValues: { ...values, error: error.userMessage, attempted_grade: request.grade },
      });
      const message = CANVAS_SAVE_MESSAGES[error.code] ?? `Failed to save grade: ${error.userMessage}`;
      throw new AppError(error.code, message, { cause: error, details: error.details });
    }
    await deps.audit({
      userId: teacher.id,
      action: 'GRADE_SUBMISSION_ERROR',
      tableName: 'canvas_submissions',
      recordId,
      newValues: { ...values, error: error instanceof Error ? error.message : String(error), attempted_grade: request.grade },
    });
    throw new AppError('INTERNAL', 'An unexpected error occurred while saving the grade', { cause: error });
  }
}
