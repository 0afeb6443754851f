import { treeShapeOf, type TreeShape } from './treeShape.ts';

/**
 * Regularized tree isotonic regression with the L1 distance (000 §4, with per-node weights and penalties): find y
 * minimising  Σ wᵢ·|xᵢ − yᵢ| + Σ γᵢ·[i is the root or yᵢ ≠ y_parent(i)]  subject to yᵢ ≥ y_parent(i), every yᵢ one
 * of the input scores (Lemma 3 says an optimum of that form exists).
 */
export interface SmoothProblem {
  /** Parent index of every node, -1 for the single root; nodes may come in any order. */
  parents: ArrayLike<number>;
  /** The classifier's score xᵢ of every node. */
  scores: ArrayLike<number>;
  /** wᵢ ≥ 0; 1 for every node when left out. A node standing for k hidden nodes weighs k + 1 (000 §5.3). */
  weights?: ArrayLike<number>;
  /** γᵢ ≥ 0: the price of node i starting a segment of its own (the root always pays it). */
  penalties: ArrayLike<number>;
}

export interface SmoothResult {
  /** Smoothed score yᵢ of every node, always one of the input scores. */
  values: Float64Array;
  /** The objective at `values`, recomputed from them (see smoothingCost). */
  cost: number;
  /** Where the compressed score ŷ is defined: the root and every node whose value differs from its parent's. */
  segments: Int32Array;
}

/**
 * Throws a message naming the first problem found (lengths, tree shape, non-finite numbers, negative weights or
 * penalties). Returns the tree's shape, which every solver needs anyway.
 */
export function validateSmoothProblem(problem: SmoothProblem): TreeShape {
  const { parents, scores, weights, penalties } = problem;
  const n = parents.length;
  if (scores.length !== n || penalties.length !== n) {
    throw new Error(`parents, scores and penalties must have the same length, got ${n}, ${scores.length} and ` +
      `${penalties.length}`);
  }
  if (weights !== undefined && weights.length !== n) {
    throw new Error(`weights must have one entry per node, got ${weights.length} for ${n} nodes`);
  }
  const shape = treeShapeOf(parents);
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(scores[i])) throw new Error(`score of node ${i} is ${scores[i]}, not a finite number`);
    if (!(penalties[i] >= 0) || penalties[i] === Infinity) {
      throw new Error(`penalty of node ${i} is ${penalties[i]}, expected a finite number ≥ 0`);
    }
    if (weights !== undefined && (!(weights[i] >= 0) || weights[i] === Infinity)) {
      throw new Error(`weight of node ${i} is ${weights[i]}, expected a finite number ≥ 0`);
    }
  }
  return shape;
}

/** The objective of 000 eq. 4 (with weights and per-node penalties) at `values`; it does not check the order. */
export function smoothingCost(problem: SmoothProblem, values: ArrayLike<number>): number {
  const { parents, scores, weights, penalties } = problem;
  if (values.length !== parents.length) {
    throw new Error(`expected ${parents.length} values, got ${values.length}`);
  }
  let cost = 0;
  for (let i = 0; i < parents.length; i++) {
    const w = weights === undefined ? 1 : weights[i];
    cost += w * Math.abs(scores[i] - values[i]);
    const p = parents[i];
    if (p === -1 || values[i] !== values[p]) cost += penalties[i];
  }
  return cost;
}

/** The nodes where the compressed score is defined: the root and each node valued differently from its parent. */
export function segmentsOf(parents: ArrayLike<number>, values: ArrayLike<number>): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < parents.length; i++) {
    const p = parents[i];
    if (p === -1 || values[i] !== values[p]) out.push(i);
  }
  return Int32Array.from(out);
}

/** Packs values into the result every solver returns, so that cost and segments are computed one way only. */
export function smoothResultOf(problem: SmoothProblem, values: Float64Array): SmoothResult {
  return { values, cost: smoothingCost(problem, values), segments: segmentsOf(problem.parents, values) };
}
