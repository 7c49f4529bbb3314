import { ApiError } from '@/client/lib/api-client';
import { CLIENT_ERROR_CODE, ERROR_CODE } from '@/shared/error-codes';

/** The toast for a failed save, with the texts of spec part 2 §8 and part 1 §5. */
export function saveErrorToast(error: unknown): { title: string; description: string } {
  if (!(error instanceof ApiError)) {
    return { title: 'Grade Save Failed', description: 'An unexpected error occurred while saving the grade' };
  }
  if (error.code === ERROR_CODE.USAGE_LIMIT_REACHED)
    return { title: 'Usage Limit Reached', description: error.message };
  if (error.code === ERROR_CODE.CANVAS_NOT_STORED) {
    return {
      title: 'Canvas did not store the grade',
      description: `${error.message} Your grade and feedback are still here.`,
    };
  }
  if (error.code === ERROR_CODE.CANVAS_NOT_FOUND) {
    return {
      title: 'Error',
      description: 'Assignment or student not found. Please check if the assignment accepts submissions.',
    };
  }
  if (error.code === ERROR_CODE.CANVAS_PERMISSION) {
    return { title: 'Error', description: 'Permission denied. Please check your Canvas permissions for grading.' };
  }
  if (error.code === ERROR_CODE.CANVAS_UNPROCESSABLE) {
    return { title: 'Error', description: 'Invalid grade format. Please check the grade value and try again.' };
  }
  if (error.code === CLIENT_ERROR_CODE.NETWORK || error.code === ERROR_CODE.INTERNAL) {
    return { title: 'Grade Save Failed', description: 'An unexpected error occurred while saving the grade' };
  }
  return { title: 'Grade Save Failed', description: `Failed to save grade: ${error.message}` };
}
