/**
 * Ridge regression toward prior coefficients, with the closed-form leave-one-out residuals used to
 * choose how far to trust the data. Each coefficient j has a prior value and a penalty: the fit
 * minimises sum (y - X b)^2 + sum penalty_j (b_j - prior_j)^2. A penalty of 0 leaves a coefficient
 * free; a large one keeps it at its prior. The matrices are small (a few coefficients, tens of
 * rows), so plain Gaussian elimination is exact enough and fast.
 */

export type RidgeFit = {
  coefficients: number[];
  /** Leave-one-out residuals y_i - prediction of a fit without row i: e_i / (1 - H_ii). */
  looResiduals: number[];
  /** Mean squared leave-one-out residual. */
  looMeanSquaredError: number;
};

/** Inverts a small symmetric positive definite matrix (Gauss-Jordan with partial pivoting). */
export function invertMatrix(matrix: number[][]): number[][] {
  const size = matrix.length;
  const a = matrix.map((row, index) => [
    ...row,
    ...Array.from({ length: size }, (_, column) => (column === index ? 1 : 0)),
  ]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1)
      if (Math.abs(a[row]![column]!) > Math.abs(a[pivot]![column]!)) pivot = row;
    if (Math.abs(a[pivot]![column]!) < 1e-12) throw new Error('The system has no unique solution');
    [a[column], a[pivot]] = [a[pivot]!, a[column]!];
    const pivotRow = a[column]!;
    const pivotValue = pivotRow[column]!;
    for (let k = 0; k < 2 * size; k += 1) pivotRow[k]! /= pivotValue;
    for (let row = 0; row < size; row += 1) {
      if (row === column) continue;
      const current = a[row]!;
      const factor = current[column]!;
      if (factor === 0) continue;
      for (let k = 0; k < 2 * size; k += 1) current[k]! -= factor * pivotRow[k]!;
    }
  }
  return a.map((row) => row.slice(size));
}

/** Solves A x = b for a small symmetric positive definite A. */
export function solveLinearSystem(matrix: number[][], vector: number[]): number[] {
  return invertMatrix(matrix).map((row) => dot(row, vector));
}

export function fitRidge(rows: number[][], targets: number[], penalties: number[], priors: number[]): RidgeFit {
  const n = rows.length;
  const p = penalties.length;
  if (targets.length !== n || priors.length !== p || rows.some((row) => row.length !== p)) {
    throw new Error('fitRidge: rows, targets, penalties and priors do not match');
  }
  // Work on the residual from the prior, so the penalty pulls toward 0.
  const shifted = targets.map((target, i) => target - dot(rows[i]!, priors));
  const gram: number[][] = Array.from({ length: p }, (_, j) =>
    Array.from({ length: p }, (_, k) => (j === k ? penalties[j]! : 0)),
  );
  const moment = new Array<number>(p).fill(0);
  for (let i = 0; i < n; i += 1) {
    const row = rows[i]!;
    for (let j = 0; j < p; j += 1) {
      moment[j]! += row[j]! * shifted[i]!;
      const gramRow = gram[j]!;
      for (let k = 0; k < p; k += 1) gramRow[k]! += row[j]! * row[k]!;
    }
  }
  const inverse = invertMatrix(gram);
  const coefficients = inverse.map((row, j) => dot(row, moment) + priors[j]!);
  const looResiduals = rows.map((row, i) => {
    // Leverage H_ii = x_i' (X'X + P)^-1 x_i.
    let leverage = 0;
    for (let j = 0; j < p; j += 1) leverage += row[j]! * dot(inverse[j]!, row);
    const residual = targets[i]! - dot(row, coefficients);
    return residual / Math.max(1e-9, 1 - leverage);
  });
  const looMeanSquaredError = looResiduals.reduce((total, value) => total + value * value, 0) / Math.max(1, n);
  return { coefficients, looResiduals, looMeanSquaredError };
}

export function dot(a: readonly number[], b: readonly number[]): number {
  let total = 0;
  for (let index = 0; index < a.length; index += 1) total += a[index]! * b[index]!;
  return total;
}
