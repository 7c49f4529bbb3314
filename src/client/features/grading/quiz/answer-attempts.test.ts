import { describe, expect, it } from 'vitest';
import { ApiError } from '@/client/lib/api-client';
import { shouldRetryAnswers } from './answer-attempts';

describe('answer loading attempts', () => {
  it('tries three times in all for a passing failure', () => {
    const failure = new ApiError(503, { code: 'CANVAS_UNAVAILABLE', message: 'Canvas is not responding' });
    // TanStack asks after each failure with the number of failures so far (0 after the first).
    expect([0, 1, 2].map((count) => shouldRetryAnswers(count, failure))).toEqual([true, true, false]);
  });

  it('does not repeat a definite refusal', () => {
    expect(
      shouldRetryAnswers(0, new ApiError(502, { code: 'CANVAS_NOT_FOUND', message: 'Quiz submission not found.' })),
    ).toBe(false);
    expect(shouldRetryAnswers(0, new ApiError(400, { code: 'VALIDATION', message: 'User ID is required' }))).toBe(
      false,
    );
  });
});
