import { ApiError } from '@/client/lib/api-client';
import { ERROR_CODE, type ClientErrorCode } from '@/shared/error-codes';

/** Refusals that asking again cannot change: missing, forbidden, not connected, bad request. */
const FINAL_CODES = new Set<ClientErrorCode>([
  ERROR_CODE.CANVAS_NOT_FOUND,
  ERROR_CODE.CANVAS_PERMISSION,
  ERROR_CODE.CANVAS_NOT_CONNECTED,
  ERROR_CODE.CANVAS_TOKEN_INVALID,
  ERROR_CODE.VALIDATION,
  ERROR_CODE.UNAUTHENTICATED,
  ERROR_CODE.NOT_FOUND,
]);

export function isFinalError(error: unknown): boolean {
  return error instanceof ApiError && (FINAL_CODES.has(error.code) || (error.status >= 400 && error.status < 500));
}

/** A grading screen's load: two more tries for a passing failure (Canvas busy, network), none for a final one. */
export function retryUnlessFinal(failureCount: number, error: Error): boolean {
  return failureCount < 2 && !isFinalError(error);
}
