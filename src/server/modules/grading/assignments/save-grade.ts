import type { SaveGradeRequest } from '@/shared/schemas/grading';
import { isPlaceholderSubmission } from '@/shared/schemas/grading';
import {
  approveGrade,
  checkStored,
  describeStored,
  formatGradeNumber,
  isAboveMaximum,
  postedGradeFor,
  toGradingType,
  type ApprovedGrade,
} from '@/shared/grading-rules';
import { AppError, isAppError } from '@/server/core/app-error';
import type { CanvasAssignment, CanvasClient, CanvasGradeInput, CanvasSubmission } from '@/server/adapters/canvas';
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

/** What the teacher approved for one student. */
export type SaveGradeInput = Pick<SaveGradeRequest, 'grade' | 'completion' | 'allowAboveMaximum' | 'comment' | 'rubricAssessment'> & {
  submissionId: string;
};

export type SavedGrade = { submission: CanvasSubmission; stored: string };

/**
 * Saves an approved grade: the grade is put in the assignment's own terms (points, percent,
 * letter, complete/incomplete, or none; decision 021), one credit is reserved (atomically), then
 * grade, comment and rubric assessment go to Canvas in one PUT. Canvas's answer is read back: when
 * Canvas refused, or answered without storing what was approved, the credit is given back and the
 * teacher is told. Every outcome is audited.
 */
export async function saveGrade(
  deps: { client: CanvasClient; usage: UsageStore; audit: AuditWriter },
  teacher: { id: string; email: string },
  target: SaveGradeTarget,
  request: SaveGradeInput,
  known: { assignment?: CanvasAssignment } = {},
): Promise<SavedGrade> {
  if (isPlaceholderSubmission(request.submissionId)) {
    throw new AppError('VALIDATION', "Cannot grade students who haven't submitted anything yet");
  }
  const assignment = known.assignment ?? (await readAssignment(deps.client, target));
  const gradingType = toGradingType(assignment.gradingType);
  const pointsPossible = assignment.pointsPossible ?? 0;
  const approved = approveGrade(gradingType, { score: request.grade, completion: request.completion }, pointsPossible);
  if ('error' in approved) throw new AppError('VALIDATION', approved.error, { details: { field: 'grade' } });
  assertWithinMaximum(approved, pointsPossible, request.allowAboveMaximum);
  const postedGrade = postedGradeFor(approved, pointsPossible);
  if (postedGrade === null && !request.comment.trim() && !request.rubricAssessment) {
    throw new AppError('VALIDATION', 'This assignment is not graded in Canvas: write feedback to send it.', { details: { field: 'comment' } });
  }

  const recordId = `${target.courseId}/${target.assignmentId}/${target.userId}`;
  const values = {
    grade: request.grade,
    posted_grade: postedGrade,
    grading_type: gradingType,
    comment: request.comment,
    course_id: target.courseId,
    assignment_id: target.assignmentId,
    student_id: target.userId,
    rubric_used: request.rubricAssessment !== null,
  };
  const credit = await reserveCredit({ store: deps.usage, audit: deps.audit }, teacher, { recordId, details: values });

  const input: CanvasGradeInput = {};
  if (postedGrade !== null) input.postedGrade = postedGrade;
  if (request.comment.trim()) input.comment = request.comment;
  if (request.rubricAssessment) {
    input.rubricAssessment = Object.fromEntries(
      request.rubricAssessment.map((item) => [item.criterionId, { points: item.points, comments: item.comments }]),
    );
  }

  let saved: CanvasSubmission;
  try {
    saved = await deps.client.gradeSubmission(target.courseId, target.assignmentId, target.userId, input);
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

  // Read back what Canvas stored: a 200 does not mean the grade was kept.
  const check = checkStored(approved, saved);
  const storedValues = { score: saved.score, stored_grade: saved.grade, excused: saved.excused };
  if (!check.ok) {
    await credit.release();
    await deps.audit({ userId: teacher.id, action: 'GRADE_NOT_STORED', tableName: 'canvas_submissions', recordId, newValues: { ...values, ...storedValues } });
    const commentLanded = Boolean(input.comment) && saved.comments.some((comment) => comment.comment === input.comment);
    throw new AppError(
      'CANVAS_NOT_STORED',
      `Canvas did not store this grade: you sent ${postedGrade ?? 'no grade'} and ${check.reason}. No credit was used.` +
        (commentLanded ? ' Your feedback comment was added in Canvas.' : ''),
      { details: { reason: 'not_stored', sent: postedGrade, score: saved.score, grade: saved.grade } },
    );
  }
  await deps.audit({ userId: teacher.id, action: 'GRADE_SUBMISSION', tableName: 'canvas_submissions', recordId, newValues: { ...values, ...storedValues } });
  return { submission: saved, stored: describeStored(gradingType, saved, assignment.pointsPossible) };
}

/** The assignment's grading type and points, with a refusal worded as a save refusal. */
async function readAssignment(client: CanvasClient, target: SaveGradeTarget): Promise<CanvasAssignment> {
  try {
    return await client.getAssignment(target.courseId, target.assignmentId);
  } catch (error) {
    const message = isAppError(error) ? CANVAS_SAVE_MESSAGES[error.code] : undefined;
    if (isAppError(error) && message) throw new AppError(error.code, message, { cause: error, details: error.details });
    throw error;
  }
}

/** A grade above the points possible is saved as typed only once the teacher confirmed it; it is never capped quietly. */
function assertWithinMaximum(approved: ApprovedGrade, pointsPossible: number, isConfirmed: boolean): void {
  if (!('score' in approved) || pointsPossible <= 0 || isConfirmed) return;
  if (isAboveMaximum(approved.score, pointsPossible)) {
    throw new AppError(
      'VALIDATION',
      `${formatGradeNumber(approved.score)} is more than the ${formatGradeNumber(pointsPossible)} points possible. Confirm it as extra credit to save it as typed.`,
      { details: { field: 'grade', reason: 'above_maximum', pointsPossible } },
    );
  }
}
