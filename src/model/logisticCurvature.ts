import { sigmoid } from './logisticRegression.ts';

/**
 * Gradient and Hessian of the penalised, weighted logistic objective fitLogistic minimises,
 *   Σ_r w_r·(softplus(t_r) − y_r·t_r) + (l2/2)·|coef|²,   t_r = z_rᵀcoef + intercept,
 * at a given θ = [coef…, intercept] on standardised rows z_r. The Laplace approximation of the training data
 * (src/model/modelPrior.ts) is this Hessian at the fitted optimum, and the gradient there checks that θ really is the
 * optimum of this objective (same rows, weights and l2), not of a near one.
 */
export interface LogisticCurvature {
  /** p = features + 1 (intercept last). */
  size: number;
  gradient: Float64Array;
  /** p×p, row-major, symmetric. */
  hessian: Float64Array;
  /** Σ w_r: the objective's data weight, the unit a user weight is compared with. */
  totalWeight: number;
}

/** `Z` is n×d row-major standardised rows; `theta` has d + 1 entries. */
export function logisticCurvature(Z: ArrayLike<number>, y: ArrayLike<number>, weights: ArrayLike<number>,
  theta: ArrayLike<number>, l2: number): LogisticCurvature {
  const n = y.length;
  const p = theta.length;
  const d = p - 1;
  if (Z.length !== n * d || weights.length !== n) throw new Error('logisticCurvature: rows, labels and weights differ in length');
  const gradient = new Float64Array(p);
  const hessian = new Float64Array(p * p);
  let totalWeight = 0;
  for (let r = 0; r < n; r++) {
    const base = r * d;
    let t = theta[d];
    for (let j = 0; j < d; j++) t += Z[base + j] * theta[j];
    const pr = sigmoid(t);
    const g = weights[r] * (pr - y[r]);
    // The same floor fitLogistic puts on p(1 − p), so both build one matrix.
    const h = weights[r] * Math.max(pr * (1 - pr), 1e-12);
    totalWeight += weights[r];
    for (let a = 0; a < d; a++) {
      const za = Z[base + a];
      gradient[a] += g * za;
      const hz = h * za;
      for (let b = 0; b <= a; b++) hessian[a * p + b] += hz * Z[base + b];
      hessian[d * p + a] += hz;
    }
    gradient[d] += g;
    hessian[d * p + d] += h;
  }
  for (let a = 0; a < d; a++) {
    gradient[a] += l2 * theta[a];
    hessian[a * p + a] += l2;
  }
  for (let a = 0; a < p; a++) for (let b = 0; b < a; b++) hessian[b * p + a] = hessian[a * p + b];
  return { size: p, gradient, hessian, totalWeight };
}
