/**
 * Solves A·x = b for a symmetric positive definite p×p matrix (row-major) by Cholesky factorisation. A tiny ridge is
 * added if a pivot is not positive, which only happens when rounding breaks definiteness.
 */
export function solveCholesky(A: Float64Array, b: Float64Array, p: number): Float64Array {
  let diagonal = 0;
  for (let i = 0; i < p; i++) diagonal = Math.max(diagonal, Math.abs(A[i * p + i]));
  // A ridge of at most 1e-4 of the largest pivot repairs rounding, never a matrix that is really indefinite.
  const ridges = [0, 1e-10, 1e-8, 1e-6, 1e-4].map((r) => r * diagonal);
  let L: Float64Array | null = null;
  for (const ridge of ridges) if (!L) L = choleskyFactor(A, p, ridge);
  if (!L) throw new Error('solveCholesky: matrix is not positive definite');
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

/**
 * The lower-triangular Cholesky factor L (A + ridge·I = L·Lᵀ) of a symmetric positive definite p×p matrix, row-major;
 * null when a pivot is not positive. The model prior stores L rather than A: any rounded L still gives a positive
 * semi-definite L·Lᵀ, where a rounded A can lose definiteness.
 */
export function choleskyFactor(A: ArrayLike<number>, p: number, ridge = 0): Float64Array | null {
  const L = new Float64Array(p * p);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i * p + j] + (i === j ? ridge : 0);
      for (let k = 0; k < j; k++) s -= L[i * p + k] * L[j * p + k];
      if (i === j) {
        if (!(s > 0)) return null;
        L[i * p + i] = Math.sqrt(s);
      } else {
        L[i * p + j] = s / L[j * p + j];
      }
    }
  }
  return L;
}

/** L·Lᵀ for a lower-triangular L (row-major p×p). */
export function fromCholeskyFactor(L: ArrayLike<number>, p: number): Float64Array {
  const A = new Float64Array(p * p);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let s = 0;
      for (let k = 0; k <= j; k++) s += L[i * p + k] * L[j * p + k];
      A[i * p + j] = s;
      A[j * p + i] = s;
    }
  }
  return A;
}
