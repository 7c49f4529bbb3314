import { MAX_ANSWER_ATTEMPTS } from '@/shared/schemas/quiz-grading';
import { isFinalError } from '@/client/features/grading/kernel/canvas-retry';

/**
 * TanStack's retry rule for a student's answers: at most MAX_ANSWER_ATTEMPTS tries in all (the
 * first and two retries), and none for an error that would only repeat itself.
 */
export function shouldRetryAnswers(failureCount: number, error: Error): boolean {
  if (isFinalError(error)) return false;
  return failureCount < MAX_ANSWER_ATTEMPTS - 1;
}

export function answerRetryDelay(attempt: number): number {
  return Math.min(4000, 500 * 2 ** attempt);
}
