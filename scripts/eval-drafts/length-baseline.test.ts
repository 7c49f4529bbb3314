import { describe, expect, it } from 'vitest';
import { PRIOR_DISTRIBUTION } from '../../src/server/modules/grading/drafting/offline/calibration/fit-scale-model';
import { countWords, fitLengthBaseline, fitLengthPrior } from './length-baseline';

describe('the length-only baseline', () => {
  it('counts words as runs of non-space characters', () => {
    expect(countWords('  One two,  three.\nFour ')).toBe(4);
    expect(countWords('')).toBe(0);
  });

  it('maps word count to the grade at the same percentile of the graded essays', () => {
    const baseline = fitLengthBaseline([
      { wordCount: 100, grade: 1 },
      { wordCount: 200, grade: 2 },
      { wordCount: 300, grade: 2 },
      { wordCount: 400, grade: 3 },
    ]);
    expect(baseline(50)).toBe(1);
    expect(baseline(100)).toBe(1);
    expect(baseline(250)).toBe(2);
    expect(baseline(350)).toBe(3);
    expect(baseline(1000)).toBe(3);
  });

  it('uses the grades’ own distribution, not the order they came in', () => {
    const baseline = fitLengthBaseline([
      { wordCount: 400, grade: 1 },
      { wordCount: 100, grade: 4 },
    ]);
    expect(baseline(90)).toBe(1);
    expect(baseline(500)).toBe(4);
  });

  it('needs graded essays', () => {
    expect(() => fitLengthBaseline([])).toThrow(/needs graded essays/);
  });

  it('without grades, ranks the class by length over the prior distribution', () => {
    const counts = [50, 80, 120, 150, 200, 260, 300, 420];
    const prior = fitLengthPrior(counts, 10);
    const grades = counts.map(prior);
    expect(grades).toEqual([...grades].sort((a, b) => a - b));
    expect(grades.reduce((total, grade) => total + grade, 0) / grades.length).toBeCloseTo(
      PRIOR_DISTRIBUTION.meanShare * 10,
      6,
    );
    expect(Math.min(...grades)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...grades)).toBeLessThanOrEqual(10);
    expect(fitLengthPrior([100, 100], 10)(100)).toBeCloseTo(PRIOR_DISTRIBUTION.meanShare * 10, 6);
  });
});
