/**
 * The lower-triangular Cholesky factor L (A = L·Lᵀ) of a symmetric positive definite p×p matrix, row-major; null
 * when a pivot is not positive. The model prior stores L rather than A: any rounded L still gives a positive
 * semi-definite L·Lᵀ, where a rounded A can lose definiteness.
 */
export function choleskyFactor(A: ArrayLike<number>, p: number): Float64Array | null {
  const L = new Float64Array(p * p);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i * p + j];
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
