import type { SmoothProblem } from './smoothProblem.ts';
import { rollUpHiddenNodes } from './hiddenNodes.ts';
import { areaPenalties, SMOOTHING_DEFAULTS } from './penalties.ts';
import { extentAreas } from './extentAreas.ts';

export interface SmoothingProblemOptions {
  /** c in γᵢ = c·A/Aᵢ; SMOOTHING_DEFAULTS' by default (000 §5.3). */
  penaltyFactor?: number;
  /** Nodes under this area (px²) are hidden and rolled into their nearest visible ancestor; SMOOTHING_DEFAULTS' by default. */
  minArea?: number;
  /** A in γᵢ = c·A/Aᵢ; the root's area by default. */
  pageArea?: number;
}

export interface BuiltSmoothingProblem {
  problem: SmoothProblem & {
    parents: Int32Array;
    scores: Float64Array;
    weights: Float64Array;
    penalties: Float64Array;
  };
  /** Problem index → page node. */
  nodeOf: Int32Array;
  /** Page node → problem index of itself, or of the visible ancestor it was rolled into. */
  problemIndexOf: Int32Array;
}

/**
 * The smoothing problem of a page tree (parents in pre-order, areas in px², classifier scores): visible nodes only,
 * each weighing 1 + the hidden nodes rolled into it and paying c·A/Aᵢ to start a segment (000 §5.3).
 */
export function buildSmoothingProblem(parents: ArrayLike<number>, areas: ArrayLike<number>,
  scores: ArrayLike<number>, options: SmoothingProblemOptions = {}): BuiltSmoothingProblem {
  const minArea = options.minArea ?? SMOOTHING_DEFAULTS.minArea;
  const penaltyFactor = options.penaltyFactor ?? SMOOTHING_DEFAULTS.penaltyFactor;
  if (scores.length !== parents.length) {
    throw new Error(`expected one score per node: ${scores.length} scores for ${parents.length} nodes`);
  }
  // Hiding and penalties use each node's on-screen extent, so a collapsed wrapper does not hide what it holds.
  const extent = extentAreas(parents, areas);
  const { nodeOf, problemIndexOf, hiddenCount } = rollUpHiddenNodes(parents, extent, minArea);
  // A root without a usable box still gets penalties: areaPenalties lifts A to minArea.
  const pageArea = options.pageArea ?? extent[0];
  const k = nodeOf.length;
  const problemParents = new Int32Array(k);
  const problemScores = new Float64Array(k);
  const weights = new Float64Array(k);
  for (let q = 0; q < k; q++) {
    const i = nodeOf[q];
    // A visible node's parent is visible (a hidden parent hides its subtree), so this is its own index.
    problemParents[q] = q === 0 ? -1 : problemIndexOf[parents[i]];
    problemScores[q] = scores[i];
    weights[q] = 1 + hiddenCount[q];
  }
  const penalties = areaPenalties(Array.from(nodeOf, (i) => extent[i]), pageArea, penaltyFactor, minArea);
  return {
    problem: { parents: problemParents, scores: problemScores, weights, penalties },
    nodeOf,
    problemIndexOf,
  };
}

/** Page-node values from problem values: a hidden node takes the value of the node it was rolled into. */
export function expandToPageNodes(values: ArrayLike<number>, problemIndexOf: ArrayLike<number>): Float64Array {
  return Float64Array.from(problemIndexOf, (q) => values[q]);
}
