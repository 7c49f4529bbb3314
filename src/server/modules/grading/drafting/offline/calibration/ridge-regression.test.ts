import { describe, expect, it } from 'vitest';
import { fitRidge, solveLinearSystem } from './ridge-regression';

const rows = [
  [1, 0.5, 2],
  [1, 1.5, 1],
  [1, 2.5, 0.5],
  [1, 3, 3],
  [1, 4.5, 1.5],
  [1, 5, 2.5],
];
const targets = [3.1, 3.9, 5.2, 7.4, 7.6, 9.3];

describe('ridge regression', () => {
  it('solves small linear systems', () => {
    expect(
      solveLinearSystem(
        [
          [2, 1],
          [1, 3],
        ],
        [3, 5],
      ).map((value) => Number(value.toFixed(10))),
    ).toEqual([0.8, 1.4]);
    expect(() =>
      solveLinearSystem(
        [
          [1, 2],
          [2, 4],
        ],
        [1, 2],
      ),
    ).toThrow(/no unique solution/);
  });

  it('recovers an exact linear relation without penalties', () => {
    const exact = rows.map((row) => 2 + 1.5 * row[1]! - 0.5 * row[2]!);
    const fit = fitRidge(rows, exact, [0, 0, 0], [0, 0, 0]);
    expect(fit.coefficients.map((value) => Number(value.toFixed(9)))).toEqual([2, 1.5, -0.5]);
    expect(fit.looMeanSquaredError).toBeLessThan(1e-12);
  });

  it('gives leave-one-out residuals equal to refitting without each row', () => {
    const penalties = [0.5, 2, 2];
    const priors = [1, 1, 0];
    const fit = fitRidge(rows, targets, penalties, priors);
    rows.forEach((row, left) => {
      const refit = fitRidge(
        rows.filter((_, index) => index !== left),
        targets.filter((_, index) => index !== left),
        penalties,
        priors,
      );
      const prediction = row.reduce((total, value, j) => total + value * refit.coefficients[j]!, 0);
      expect(fit.looResiduals[left]).toBeCloseTo(targets[left]! - prediction, 9);
    });
  });

  it('keeps a heavily penalised coefficient at its prior and lets a free one follow the data', () => {
    const fit = fitRidge(rows, targets, [0, 1e9, 0], [0, 0.25, 0]);
    expect(fit.coefficients[1]).toBeCloseTo(0.25, 6);
    const free = fitRidge(rows, targets, [0, 0, 0], [0, 0.25, 0]);
    expect(free.coefficients[1]).toBeGreaterThan(1);
  });
});
