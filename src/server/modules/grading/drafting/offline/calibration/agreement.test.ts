import { describe, expect, it } from 'vitest';
import {
  adjacentAgreement,
  agreementWithin,
  exactAgreement,
  quadraticWeightedKappa,
  standardDeviation,
} from './agreement';

describe('quadratic weighted kappa', () => {
  // Expected values computed with the confusion-matrix definition (observed and expected matrices,
  // weights (i - j)^2 / (C - 1)^2), independently of the closed form used here.
  it.each([
    { a: [1, 2, 3, 4, 5], b: [1, 2, 3, 4, 5], expected: 1 },
    { a: [0, 1, 2, 3, 3, 2, 1, 0], b: [0, 1, 1, 3, 2, 2, 2, 1], expected: 0.75 },
    { a: [1, 2, 3, 4, 1, 2, 3, 4, 2, 3], b: [1, 3, 3, 4, 2, 2, 4, 3, 2, 1], expected: 0.6190476190476191 },
    { a: [2, 3, 4, 5, 6, 1], b: [3, 3, 3, 4, 5, 2], expected: 0.782608695652174 },
  ])('matches the confusion-matrix definition ($expected)', ({ a, b, expected }) => {
    expect(quadraticWeightedKappa(a, b)).toBeCloseTo(expected, 12);
    expect(quadraticWeightedKappa(b, a)).toBeCloseTo(expected, 12);
  });

  it('is negative for reversed grades and does not change when both scales are stretched', () => {
    expect(quadraticWeightedKappa([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    const a = [0, 1, 2, 3, 3, 2, 1, 0];
    const b = [0, 1, 1, 3, 2, 2, 2, 1];
    expect(
      quadraticWeightedKappa(
        a.map((x) => x * 2 + 10),
        b.map((x) => x * 2 + 10),
      ),
    ).toBeCloseTo(0.75, 12);
  });

  it('punishes a constant offset that a correlation would not see: 2 cov / (var + var + offset²)', () => {
    const human = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5];
    expect(
      quadraticWeightedKappa(
        human.map((x) => x + 1),
        human,
      ),
    ).toBeCloseTo(0.8, 12);
  });

  it('is 0 for nothing to compare or two constants, and refuses unpaired lists', () => {
    expect(quadraticWeightedKappa([], [])).toBe(0);
    expect(quadraticWeightedKappa([2, 2, 2], [2, 2, 2])).toBe(0);
    expect(() => quadraticWeightedKappa([1, 2], [1])).toThrow(/paired/);
  });
});

describe('agreement shares', () => {
  it('counts exact, adjacent and within-tolerance pairs', () => {
    const draft = [1, 2, 3, 4, 5];
    const teacher = [1, 3, 5, 4, 2];
    expect(exactAgreement(draft, teacher)).toBeCloseTo(0.4);
    expect(adjacentAgreement(draft, teacher)).toBeCloseTo(0.6);
    expect(agreementWithin(draft, teacher, 2)).toBeCloseTo(0.8);
    expect(agreementWithin([0.1 + 0.2], [1.3], 1)).toBe(1);
  });

  it('gives the population standard deviation', () => {
    expect(standardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
    expect(standardDeviation([3])).toBe(0);
  });
});
