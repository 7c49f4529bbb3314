import { describe, expect, it } from 'vitest';
import { ERROR_CODE, type ErrorCode } from '@/shared/error-codes';
import { ApiError } from '@/client/lib/api-client';
import { describeDraftFor, describeDrift, describeSaved, describeSaveFailure } from './grading-messages';

const failure = (status: number, code: ErrorCode, message: string) => new ApiError(status, { code, message });

describe('the words of a save’s result, the same on every grading screen', () => {
  it('says what her earlier grades suggest and names work graded alike, with what she gave it', () => {
    expect(
      describeDrift({
        predicted: 34.7,
        alike: [
          { user_id: 1, name: "Zoë O'Brien-Nuñez", score: 26 },
          { user_id: 2, name: 'José Martínez', score: 27.5 },
        ],
      }),
    ).toBe(
      "Your earlier grades on this assignment suggest about 34.7 for work like this. Work that measured alike: Zoë O'Brien-Nuñez (26) and José Martínez (27.5).",
    );
    expect(describeDrift({ predicted: 80, alike: [] })).toBe(
      'Your earlier grades on this assignment suggest about 80 for work like this.',
    );
  });

  it('names the student and what Canvas stored', () => {
    expect(describeSaved("Zoë O'Brien-Nuñez", '77 / 100')).toBe("Zoë O'Brien-Nuñez: Canvas stored: 77 / 100.");
  });

  it('keeps the spec’s texts for failures, naming the student', () => {
    expect(describeSaveFailure(new Error('boom'), 'Ana Bennett')).toEqual({
      title: 'Grade Save Failed',
      description: 'Ana Bennett: An unexpected error occurred while saving the grade',
    });
    expect(
      describeSaveFailure(failure(403, ERROR_CODE.CANVAS_PERMISSION, 'Canvas said no.'), 'Ana Bennett').description,
    ).toBe('Ana Bennett: Permission denied. Please check your Canvas permissions for grading.');
    expect(describeSaveFailure(failure(502, ERROR_CODE.CANVAS_UNAVAILABLE, 'Canvas is down.'), 'Ana Bennett')).toEqual({
      title: 'Grade Save Failed',
      description: 'Ana Bennett: Failed to save grade: Canvas is down.',
    });
    expect(
      describeSaveFailure(failure(402, ERROR_CODE.USAGE_LIMIT_REACHED, "You've reached your limit."), 'Ana Bennett')
        .title,
    ).toBe('Usage Limit Reached');
  });

  it('says when some files could not be read for a draft', () => {
    expect(describeDraftFor('Ana Bennett', true)).toBe(
      "For Ana Bennett. File Processing Error: Some files couldn't be processed. AI will grade based on available content.",
    );
  });
});
