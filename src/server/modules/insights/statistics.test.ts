import { describe, expect, it } from 'vitest';
import { distributionOf, median, quantile } from './statistics';

describe('score statistics', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([70, 90, 80])).toBe(80);
    expect(median([60, 90, 70, 80])).toBe(75);
    expect(median([])).toBe(0);
  });

  it('interpolates quartiles between ranks', () => {
    expect(quantile([10, 20, 30, 40, 50], 0.25)).toBe(20);
    expect(quantile([10, 20, 30, 40], 0.75)).toBe(32.5);
  });

  it('bins percentages by ten points, 100 and extra credit in the last bin', () => {
    const figures = distributionOf([0, 9.9, 10, 55, 100, 112]);
    expect(figures.bins.map((bin) => bin.count)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 2]);
    expect(figures).toMatchObject({ median: 32.5, min: 0, max: 112 });
  });
});
