import type { DriftNote } from '@/shared/schemas/grading';
import { describeGeneratedDraft, type GradingDraft, type GradingMode } from '@/shared/schemas/ai';
import { CLIENT_ERROR_CODE, ERROR_CODE } from '@/shared/error-codes';
import { ApiError } from '@/client/lib/api-client';

/**
 * The words of a save's and a draft's result, the same on the three grading screens (decision 032):
 * spec part 2 §8's grade-save texts, its draft texts, and part 1 §5's usage limit.
 */

/** Spec part 2 §8: a grade save's success, on every screen. */
export const SAVED_TITLE = 'Grade and feedback saved to Canvas';

/** "Esther Baker: Canvas stored: 77 / 100." */
export function describeSaved(studentName: string, stored: string): string {
  return `${studentName}: Canvas stored: ${stored}.`;
}

export function describeSaving(studentName: string): string {
  return `${studentName}: waiting for Canvas to answer.`;
}

/** A failed save's title and message (spec part 2 §8 and part 1 §5), naming the student. */
export function describeSaveFailure(error: unknown, studentName: string): { title: string; description: string } {
  const { title, message } = saveFailure(error);
  return { title, description: `${studentName}: ${message}` };
}

function saveFailure(error: unknown): { title: string; message: string } {
  if (!(error instanceof ApiError)) {
    return { title: 'Grade Save Failed', message: 'An unexpected error occurred while saving the grade' };
  }
  switch (error.code) {
    case ERROR_CODE.USAGE_LIMIT_REACHED:
      return { title: 'Usage Limit Reached', message: error.message };
    case ERROR_CODE.CANVAS_NOT_STORED:
      return {
        title: 'Canvas did not store the grade',
        message: `${error.message} Your grade and feedback are still here.`,
      };
    case ERROR_CODE.QUIZ_NOT_GRADED:
      return { title: 'Not graded', message: error.message };
    case ERROR_CODE.CANVAS_NOT_FOUND:
      return {
        title: 'Error',
        message: 'Assignment or student not found. Please check if the assignment accepts submissions.',
      };
    case ERROR_CODE.CANVAS_PERMISSION:
      return { title: 'Error', message: 'Permission denied. Please check your Canvas permissions for grading.' };
    case ERROR_CODE.CANVAS_UNPROCESSABLE:
      return { title: 'Error', message: 'Invalid grade format. Please check the grade value and try again.' };
    case CLIENT_ERROR_CODE.NETWORK:
    case ERROR_CODE.INTERNAL:
      return { title: 'Grade Save Failed', message: 'An unexpected error occurred while saving the grade' };
    default:
      return { title: 'Grade Save Failed', message: `Failed to save grade: ${error.message}` };
  }
}

/**
 * Spec part 2 §8's draft success; `basis` names what a draft without a rubric was built from (the
 * assignment description, the discussion prompt, the question).
 */
export function describeDraftSuccess(mode: GradingMode, draft: GradingDraft, basis: string): string {
  return describeGeneratedDraft(mode, draft).replace('assignment description', basis);
}

/** The server's message for a refusal it explains, else the spec's text for the unexpected. */
export function describeDraftFailure(error: unknown): string {
  return error instanceof ApiError ? error.message : 'An unexpected error occurred while generating grading.';
}

/** Who a draft is for and, when some attachments could not be read, spec part 1 §8's words for it. */
export function describeDraftFor(studentName: string, hasUnreadFiles: boolean): string {
  return hasUnreadFiles
    ? `For ${studentName}. File Processing Error: Some files couldn't be processed. AI will grade based on available content.`
    : `For ${studentName}.`;
}

const points = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/**
 * The drift note (decision 060), in words: what her earlier grades suggest for work like this, and
 * the students she graded whose work measured alike, with what she gave them.
 */
export function describeDrift(drift: DriftNote): string {
  const suggestion = `Your earlier grades on this assignment suggest about ${points(drift.predicted)} for work like this.`;
  if (drift.alike.length === 0) return suggestion;
  const alike = drift.alike.map((student) => `${student.name} (${points(student.score)})`).join(' and ');
  return `${suggestion} Work that measured alike: ${alike}.`;
}
