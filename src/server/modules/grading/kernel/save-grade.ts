import type { CanvasClient, CanvasGradeInput, CanvasSubmission } from '@/server/adapters/canvas';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { UsageStore } from '@/server/modules/usage/usage-store';
import { spendCreditOnCanvas } from './spend-credit-on-canvas';

/** The spec's save messages (part 2 §8) by Canvas failure. */
const CANVAS_SAVE_MESSAGES: Partial<Record<string, string>> = {
  CANVAS_NOT_FOUND: 'Assignment or student not found. Please check if the assignment accepts submissions.',
  CANVAS_PERMISSION: 'Permission denied. Please check your Canvas permissions for grading.',
  CANVAS_UNPROCESSABLE: 'Invalid grade format. Please check the grade value and try again.',
};

export type SaveGradeTarget = { courseId: number; assignmentId: number; userId: number };

/** What the teacher approved for one student: the grade, the comment and, with a rubric, its ratings. */
export type ApprovedGrade = {
  grade: number;
  comment: string;
  rubricAssessment: { criterionId: string; points: number; comments: string }[] | null;
};

/**
 * Saves an approved grade through the kernel's paid Canvas write: one credit is reserved first
 * (atomically), then grade, comment and rubric assessment go to Canvas in one PUT; if Canvas
 * refuses, the credit is given back. Every outcome is audited.
 */
export async function saveGrade(
  deps: { client: CanvasClient; usage: UsageStore; audit: AuditWriter },
  teacher: { id: string; email: string },
  target: SaveGradeTarget,
  approved: ApprovedGrade,
): Promise<CanvasSubmission> {
  const input: CanvasGradeInput = { postedGrade: String(approved.grade) };
  if (approved.comment.trim()) input.comment = approved.comment;
  if (approved.rubricAssessment) {
    input.rubricAssessment = Object.fromEntries(
      approved.rubricAssessment.map((item) => [item.criterionId, { points: item.points, comments: item.comments }]),
    );
  }
  return spendCreditOnCanvas(deps, teacher, {
    recordId: `${target.courseId}/${target.assignmentId}/${target.userId}`,
    tableName: 'canvas_submissions',
    values: {
      grade: approved.grade,
      comment: approved.comment,
      course_id: target.courseId,
      assignment_id: target.assignmentId,
      student_id: target.userId,
      rubric_used: approved.rubricAssessment !== null,
    },
    failureValues: { attempted_grade: approved.grade },
    actions: { saved: 'GRADE_SUBMISSION', refused: 'GRADE_SUBMISSION_FAILED', failed: 'GRADE_SUBMISSION_ERROR' },
    write: () => deps.client.gradeSubmission(target.courseId, target.assignmentId, target.userId, input),
    savedValues: (saved) => ({ score: saved.score }),
    refusalMessage: (refusal) => CANVAS_SAVE_MESSAGES[refusal.code] ?? `Failed to save grade: ${refusal.userMessage}`,
    errorMessage: 'An unexpected error occurred while saving the grade',
  });
}
