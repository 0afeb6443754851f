import type { FeatureMatrix } from './featureMatrix.ts';
import { columnStandardisation } from './featureMatrix.ts';
import { solveCholesky } from './cholesky.ts';

/** The smallest L2 penalty a fit uses: it keeps the Hessian positive definite when a feature is constant. */
export const MIN_L2 = 1e-8;

export interface LogisticFit {
  mean: number[];
  scale: number[];
  /** Coefficients on standardised features. */
  coef: number[];
  intercept: number;
  iterations: number;
  /** Final value of the penalised, weighted negative log-likelihood. */
  loss: number;
}

export interface LogisticOptions {
  /** L2 penalty on the coefficients (not the intercept), in units of the summed sample weights' log-likelihood. */
  l2: number;
  /** Per-row weights (e.g. class balancing); default 1. */
  sampleWeights?: Float64Array;
  maxIterations?: number;
  tolerance?: number;
}

/**
 * L2-regularised logistic regression by Newton's method (IRLS) with step halving. The objective is strictly convex
 * (l2 > 0), so Newton converges in a handful of iterations on our ~50 features; each iteration is one pass building
 * the d×d Hessian and a Cholesky solve, deterministic and dependency-free.
 */
export function fitLogistic(X: FeatureMatrix, y: ArrayLike<number>, options: LogisticOptions): LogisticFit {
  const { rows: n, cols: d } = X;
  const { mean, scale } = columnStandardisation(X);
  const Z = new Float64Array(n * d);
  for (let r = 0; r < n; r++) for (let j = 0; j < d; j++) Z[r * d + j] = (X.data[r * d + j] - mean[j]) / scale[j];
  const sw = options.sampleWeights ?? new Float64Array(n).fill(1);
  const l2 = Math.max(options.l2, MIN_L2);
  const maxIterations = options.maxIterations ?? 50;
  const tolerance = options.tolerance ?? 1e-9;

  // theta = [coef_0..coef_{d-1}, intercept]
  const p = d + 1;
  let theta = new Float64Array(p);
  let loss = objective(Z, y, sw, theta, d, l2);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    const grad = new Float64Array(p);
    const hess = new Float64Array(p * p);
    for (let r = 0; r < n; r++) {
      const z = Z.subarray(r * d, (r + 1) * d);
      const pr = sigmoid(dot(z, theta, d) + theta[d]);
      const g = sw[r] * (pr - y[r]);
      const h = sw[r] * Math.max(pr * (1 - pr), 1e-12);
      for (let a = 0; a < d; a++) {
        grad[a] += g * z[a];
        const hz = h * z[a];
        for (let b = 0; b <= a; b++) hess[a * p + b] += hz * z[b];
        hess[d * p + a] += hz;
      }
      grad[d] += g;
      hess[d * p + d] += h;
    }
    for (let a = 0; a < d; a++) {
      grad[a] += l2 * theta[a];
      hess[a * p + a] += l2;
    }
    for (let a = 0; a < p; a++) for (let b = 0; b < a; b++) hess[b * p + a] = hess[a * p + b];
    const step = solveCholesky(hess, grad, p);
    let t = 1;
    let next = theta;
    let nextLoss = loss;
    for (let halvings = 0; halvings < 30; halvings++, t /= 2) {
      next = theta.map((v, k) => v - t * step[k]);
      nextLoss = objective(Z, y, sw, next, d, l2);
      if (nextLoss <= loss) break;
    }
    const improvement = loss - nextLoss;
    if (!(nextLoss <= loss)) break;
    theta = next;
    loss = nextLoss;
    if (improvement <= tolerance * Math.max(1, Math.abs(loss))) {
      iterations++;
      break;
    }
  }
  return {
    mean: Array.from(mean),
    scale: Array.from(scale),
    coef: Array.from(theta.subarray(0, d)),
    intercept: theta[d],
    iterations,
    loss,
  };
}

export function sigmoid(t: number): number {
  return t >= 0 ? 1 / (1 + Math.exp(-t)) : Math.exp(t) / (1 + Math.exp(t));
}

function dot(z: Float64Array, theta: Float64Array, d: number): number {
  let s = 0;
  for (let j = 0; j < d; j++) s += z[j] * theta[j];
  return s;
}

/** Weighted negative log-likelihood + (l2/2)·|coef|², computed stably through softplus. */
function objective(Z: Float64Array, y: ArrayLike<number>, sw: Float64Array, theta: Float64Array, d: number, l2: number): number {
  let loss = 0;
  const n = sw.length;
  for (let r = 0; r < n; r++) {
    const t = dot(Z.subarray(r * d, (r + 1) * d), theta, d) + theta[d];
    // -log p(y|t) = softplus(t) - y·t
    loss += sw[r] * (softplus(t) - y[r] * t);
  }
  let reg = 0;
  for (let j = 0; j < d; j++) reg += theta[j] * theta[j];
  return loss + (l2 / 2) * reg;
}

function softplus(t: number): number {
  return t > 0 ? t + Math.log1p(Math.exp(-t)) : Math.log1p(Math.exp(t));
}
