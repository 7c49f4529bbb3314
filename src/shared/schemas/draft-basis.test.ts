import { describe, expect, it } from 'vitest';
import { describeDraftBasis } from './draft-basis';

describe('the basis of a draft grade, as the trust line says it', () => {
  it('does not call a class "too few submissions (1)" when the draft saw only this student’s work', () => {
    const alone = describeDraftBasis({ method: 'description', gradesLearnedFrom: 0, classSize: 1, agreement: null });
    expect(alone).toBe(
      'Measured against the prompt alone: not compared with other students’ work, and none of your grades to learn from yet.',
    );
    expect(alone).not.toMatch(/too few submissions/);
  });

  it('still says how few submissions there were to compare with when there were some', () => {
    expect(describeDraftBasis({ method: 'description', gradesLearnedFrom: 0, classSize: 3, agreement: null })).toBe(
      'Measured against the assignment description: too few submissions (3) to compare with, and none of your grades to learn from yet.',
    );
  });
});
