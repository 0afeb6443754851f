/**
 * Solves A·x = b for a symmetric positive definite p×p matrix (row-major) by Cholesky factorisation. A tiny ridge is
 * added if a pivot is not positive, which only happens when rounding breaks definiteness.
 */
export function solveCholesky(A: Float64Array, b: Float64Array, p: number): Float64Array {
  const L = new Float64Array(p * p);
  let diagonal = 0;
  for (let i = 0; i < p; i++) diagonal = Math.max(diagonal, Math.abs(A[i * p + i]));
  // A ridge of at most 1e-4 of the largest pivot repairs rounding, never a matrix that is really indefinite.
  const ridges = [0, 1e-10, 1e-8, 1e-6, 1e-4].map((r) => r * diagonal);
  if (!ridges.some((ridge) => factor(A, L, p, ridge))) throw new Error('solveCholesky: matrix is not positive definite');
  const z = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= L[i * p + k] * z[k];
    z[i] = s / L[i * p + i];
  }
  const x = new Float64Array(p);
  for (let i = p - 1; i >= 0; i--) {
    let s = z[i];
    for (let k = i + 1; k < p; k++) s -= L[k * p + i] * x[k];
    x[i] = s / L[i * p + i];
  }
  return x;
}

function factor(A: Float64Array, L: Float64Array, p: number, ridge: number): boolean {
  L.fill(0);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i * p + j] + (i === j ? ridge : 0);
      for (let k = 0; k < j; k++) s -= L[i * p + k] * L[j * p + k];
      if (i === j) {
        if (!(s > 0)) return false;
        L[i * p + i] = Math.sqrt(s);
      } else {
        L[i * p + j] = s / L[j * p + j];
      }
    }
  }
  return true;
}
