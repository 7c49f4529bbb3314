import { describe, expect, it } from 'vitest';
import type { RubricCriterion } from '@/shared/schemas/ai';
import { bandsForTotal } from './grade-offline';

const criterion = (id: string, bands: number[] | null): RubricCriterion => ({
  id,
  description: id,
  long_description: null,
  points: 10,
  ratings: (bands ?? []).map((points) => ({ description: `${points}`, points })),
});
const even = [10, 8, 6, 4, 2, 0];

describe('rubric bands for a total on the teacher’s scale', () => {
  it('adds up to the total and keeps the criteria in the order of their own measure', () => {
    const measured = [
      { criterion: criterion('strong', even), fraction: 0.9, maximum: 10 },
      { criterion: criterion('weak', even), fraction: 0.5, maximum: 10 },
      { criterion: criterion('middle', even), fraction: 0.7, maximum: 10 },
    ];
    for (const total of [6, 12, 18, 20, 24]) {
      const [strong, weak, middle] = bandsForTotal(measured, total);
      expect(strong! + weak! + middle!).toBe(total);
      expect(strong).toBeGreaterThanOrEqual(middle!);
      expect(middle).toBeGreaterThanOrEqual(weak!);
      for (const points of [strong, weak, middle]) expect(even).toContain(points);
    }
  });

  it('comes as near as the bands allow when the total falls between them, and never leaves the bands', () => {
    const measured = [
      { criterion: criterion('a', [10, 5, 0]), fraction: 0.6, maximum: 10 },
      { criterion: criterion('b', [10, 5, 0]), fraction: 0.6, maximum: 10 },
    ];
    const points = bandsForTotal(measured, 13);
    expect(points.reduce((sum, value) => sum + value, 0)).toBe(15);
    for (const value of points) expect([10, 5, 0]).toContain(value);
  });

  it('gives a criterion without bands its exact share', () => {
    const measured = [
      { criterion: criterion('banded', even), fraction: 0.8, maximum: 10 },
      { criterion: criterion('free', null), fraction: 0.8, maximum: 10 },
    ];
    const points = bandsForTotal(measured, 15);
    expect(points.reduce((sum, value) => sum + value, 0)).toBeCloseTo(15, 5);
    expect(even).toContain(points[0]);
  });
});
