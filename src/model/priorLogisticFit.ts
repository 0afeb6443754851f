import { solveCholesky } from './cholesky.ts';
import { sigmoid } from './logisticRegression.ts';

/**
 * One area bucket's personal fit: minimises
 *   ½(θ − θ*)ᵀH(θ − θ*) + Σ_i w_i·(softplus(t_i) − y_i·t_i),   t_i = z_iᵀθ_coef + θ_intercept,
 * the Laplace approximation of the training objective (src/model/modelPrior.ts) plus a person's weighted rows, by
 * Newton's method with step halving, as fitLogistic does. Strictly convex (H is positive definite), so it converges
 * in a few steps from θ*; each step is one pass over the person's rows and one Cholesky solve of a p×p system.
 */
export interface PriorFitProblem {
  /** θ* = [coef…, intercept], the bundled fit in standardised coordinates. */
  thetaStar: ArrayLike<number>;
  /** H, p×p row-major. */
  hessian: ArrayLike<number>;
  /** The person's rows, standardised with the bucket's mean and scale, n×(p − 1) row-major. */
  Z: ArrayLike<number>;
  /** 1 template, 0 content. */
  y: ArrayLike<number>;
  weights: ArrayLike<number>;
}

export interface PriorFit {
  theta: Float64Array;
  iterations: number;
  objective: number;
}

export function fitWithPrior(problem: PriorFitProblem, maxIterations = 50, tolerance = 1e-10): PriorFit {
  const { thetaStar, hessian: H, Z, y, weights } = problem;
  const p = thetaStar.length;
  const d = p - 1;
  const n = y.length;
  if (H.length !== p * p || Z.length !== n * d || weights.length !== n) {
    throw new Error('fitWithPrior: θ*, H, rows, labels and weights differ in size');
  }
  let theta = Float64Array.from(thetaStar);
  let value = objective(problem, theta);
  let iterations = 0;
  for (; iterations < maxIterations && n > 0; iterations++) {
    const grad = new Float64Array(p);
    const hess = Float64Array.from(H);
    // Prior part: H(θ − θ*).
    for (let a = 0; a < p; a++) {
      let s = 0;
      for (let b = 0; b < p; b++) s += H[a * p + b] * (theta[b] - thetaStar[b]);
      grad[a] = s;
    }
    for (let r = 0; r < n; r++) {
      const base = r * d;
      const pr = sigmoid(logit(Z, base, theta, d));
      const g = weights[r] * (pr - y[r]);
      const h = weights[r] * Math.max(pr * (1 - pr), 1e-12);
      for (let a = 0; a < p; a++) {
        const za = a < d ? Z[base + a] : 1;
        grad[a] += g * za;
        for (let b = 0; b <= a; b++) hess[a * p + b] += h * za * (b < d ? Z[base + b] : 1);
      }
    }
    for (let a = 0; a < p; a++) for (let b = 0; b < a; b++) hess[b * p + a] = hess[a * p + b];
    const step = solveCholesky(hess, grad, p);
    let t = 1;
    let next = theta;
    let nextValue = value;
    for (let halvings = 0; halvings < 30; halvings++, t /= 2) {
      next = theta.map((v, k) => v - t * step[k]);
      nextValue = objective(problem, next);
      if (nextValue <= value) break;
    }
    if (!(nextValue <= value)) break;
    const improvement = value - nextValue;
    theta = next;
    value = nextValue;
    if (improvement <= tolerance * Math.max(1, Math.abs(value))) {
      iterations++;
      break;
    }
  }
  return { theta, iterations, objective: value };
}

function logit(Z: ArrayLike<number>, base: number, theta: ArrayLike<number>, d: number): number {
  let t = theta[d];
  for (let j = 0; j < d; j++) t += Z[base + j] * theta[j];
  return t;
}

function objective(problem: PriorFitProblem, theta: Float64Array): number {
  const { thetaStar, hessian: H, Z, y, weights } = problem;
  const p = thetaStar.length;
  let quad = 0;
  for (let a = 0; a < p; a++) {
    let s = 0;
    for (let b = 0; b < p; b++) s += H[a * p + b] * (theta[b] - thetaStar[b]);
    quad += (theta[a] - thetaStar[a]) * s;
  }
  let loss = 0;
  for (let r = 0; r < y.length; r++) {
    const t = logit(Z, r * (p - 1), theta, p - 1);
    loss += weights[r] * (softplus(t) - y[r] * t);
  }
  return quad / 2 + loss;
}

function softplus(t: number): number {
  return t > 0 ? t + Math.log1p(Math.exp(-t)) : Math.log1p(Math.exp(t));
}
