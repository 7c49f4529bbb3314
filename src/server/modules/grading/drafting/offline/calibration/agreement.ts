/**
 * How closely two lists of grades for the same work agree: the measures used to compare draft
 * grades with a teacher's (on the grading screen) and with human raters (in the evaluation).
 */

function assertPaired(a: readonly number[], b: readonly number[]): void {
  if (a.length !== b.length) throw new Error(`Grades to compare must be paired: ${a.length} and ${b.length} given`);
}

/**
 * Quadratic weighted kappa. With quadratic weights Cohen's kappa reduces to
 * 1 - mean((a - b)^2) / (var(a) + var(b) + (mean(a) - mean(b))^2) (population variances), which is
 * the usual confusion-matrix formula for integer grades and also holds for half points. 0 when
 * there is nothing to compare or both lists are the same constant (no information), 1 for
 * identical lists that vary.
 */
export function quadraticWeightedKappa(a: readonly number[], b: readonly number[]): number {
  assertPaired(a, b);
  const n = a.length;
  if (n === 0) return 0;
  let sumA = 0;
  let sumB = 0;
  for (let index = 0; index < n; index += 1) {
    sumA += a[index]!;
    sumB += b[index]!;
  }
  const meanA = sumA / n;
  const meanB = sumB / n;
  let squaredDifference = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let index = 0; index < n; index += 1) {
    const x = a[index]!;
    const y = b[index]!;
    squaredDifference += (x - y) ** 2;
    varianceA += (x - meanA) ** 2;
    varianceB += (y - meanB) ** 2;
  }
  const expected = varianceA / n + varianceB / n + (meanA - meanB) ** 2;
  if (expected === 0) return 0;
  return 1 - squaredDifference / n / expected;
}

/** Share (0..1) of pairs whose grades differ by at most `tolerance` (0: exactly equal). */
export function agreementWithin(a: readonly number[], b: readonly number[], tolerance: number): number {
  assertPaired(a, b);
  if (a.length === 0) return 0;
  let count = 0;
  // A hair of slack so that 0.1 + 0.2 style sums still count as within one point.
  for (let index = 0; index < a.length; index += 1) if (Math.abs(a[index]! - b[index]!) <= tolerance + 1e-9) count += 1;
  return count / a.length;
}

export const exactAgreement = (a: readonly number[], b: readonly number[]) => agreementWithin(a, b, 0);
export const adjacentAgreement = (a: readonly number[], b: readonly number[]) => agreementWithin(a, b, 1);

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((total, value) => total + value, 0) / values.length;
}

/** Population standard deviation. */
export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const average = mean(values);
  return Math.sqrt(values.reduce((total, value) => total + (value - average) ** 2, 0) / values.length);
}
