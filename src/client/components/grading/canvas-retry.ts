import { ApiError } from '@/client/lib/api-client';

/** Refusals that asking again cannot change: missing, forbidden, not connected, bad request. */
const FINAL_CODES = new Set(['CANVAS_NOT_FOUND', 'CANVAS_PERMISSION', 'CANVAS_NOT_CONNECTED', 'CANVAS_TOKEN_INVALID', 'VALIDATION', 'UNAUTHENTICATED', 'NOT_FOUND']);

export function isFinalError(error: unknown): boolean {
  return error instanceof ApiError && (FINAL_CODES.has(error.code) || (error.status >= 400 && error.status < 500));
}

/** A grading screen's load: two more tries for a passing failure (Canvas busy, network), none for a final one. */
export function retryUnlessFinal(failureCount: number, error: Error): boolean {
  return failureCount < 2 && !isFinalError(error);
}
