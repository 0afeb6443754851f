/**
 * GCuts on a page (paper 003 §4.2–4.3): the energy (1) over the segmentation tree with learned costs, minimised by
 * α-expansion.
 * - Labels: the page's internal nodes, at most `model.labelCount` of them (labelPrototypes.ts), plus the invisible
 *   label ξ.
 * - Dp(α): the learned Mahalanobis distance between the node's features and label α's; Dp(ξ) = model.invisibleCost
 *   for an internal node (a leaf can never be ξ).
 * - Vpq: λ·P(same segment) on visually close leaf pairs (Potts) and λ·P(child in its parent's segment) on every
 *   parent–child edge, the probabilities from the learned logistic models: the cost of separating what belongs
 *   together.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { alphaExpansion } from './alphaExpansion.ts';
import type { GcutsProblem } from './gcutsEnergy.ts';
import { PhaseClock, type GcutsPhaseTimes } from './gcutsPhaseTimes.ts';
import { labelPrototypes } from './labelPrototypes.ts';
import { addSquaredGaps, toColumns } from './squaredGaps.ts';
import { metricCoordinates } from './metricCoordinates.ts';
import { NODE_FEATURE_COUNT, nodeFeatures } from './nodeFeatures.ts';
import { compactSegments, splitDisconnected, type PageSegmentation } from './pageSegmentation.ts';
import { PAIR_FEATURE_COUNT, writePairFeatures } from './pairFeatures.ts';
import { pairProbability, type SegmentationModel } from './segmentationModel.ts';
import { internalNodes, segmentationTree, type SegmentationTree } from './segmentationTree.ts';
import { smoothingGroups } from './smoothingGroups.ts';
import { visualNeighbours } from './visualNeighbours.ts';

/**
 * Rounds of α-expansion over the labels. From the nearest-label start, one round reaches nearly all of what running to
 * convergence does, in about half the time or less: `npx tsx src/cli/bench/benchSegmentPages.ts` prints the summed
 * energy, the time per page and the (in-sample) ARI of both on the 66 kreuzer-popular pages. Each further round costs
 * one max-flow per label.
 */
export const LABEL_SWEEPS = 1;

export interface GcutsPageResult extends PageSegmentation {
  energy: number;
  moves: number;
}

/** The GCuts problem of a page, with the tree it is posed on. */
/** What a page segmenter may be given besides the snapshot: the tree (else built) and the classifier's scores. */
export interface PageSegmenterInput {
  tree?: SegmentationTree;
  scores?: ArrayLike<number>;
}

/** For the bench: where the time goes (gcutsPhaseTimes.ts); phases add to what the record holds. */
export interface GcutsTiming {
  times?: GcutsPhaseTimes;
}

export function gcutsPageProblem(s: PageSnapshot, model: SegmentationModel,
  { tree = segmentationTree(s), scores, times }: PageSegmenterInput & GcutsTiming = {}): GcutsProblem {
  const clock = new PhaseClock(times);
  const n = tree.nodeOf.length;
  const features = nodeFeatures(s, tree.nodeOf, scores);
  const smoothSegments = scores ? smoothingGroups(s, tree, scores) : undefined;
  clock.lap('features');
  const { coords, width: d } = metricCoordinates(features, NODE_FEATURE_COUNT, model.metric);
  const prototypes = labelPrototypes(coords, d, internalNodes(tree), model.labelCount);
  clock.lap('labels');
  const labelCount = d > 0 ? prototypes.length / d : 1; // no weighed feature: one label, every Dp 0
  const unary = nodeLabelDistances(coords, n, d, prototypes, labelCount, model.invisibleCost);
  clock.lap('unary');
  const row = new Float64Array(PAIR_FEATURE_COUNT);
  const pairCost = (k: number, j: number, logistic: SegmentationModel['adjacent']): number => {
    writePairFeatures(s, features, tree.nodeOf[k], k, tree.nodeOf[j], j, row, 0, smoothSegments);
    return model.lambda * pairProbability(logistic, row, 0);
  };
  const parentChildWeight = new Float64Array(n);
  for (let k = 1; k < n; k++) parentChildWeight[k] = pairCost(k, tree.parent[k], model.parentChild);
  const leafPairs = visualNeighbours(s.rect, Array.from(tree.leaves, (k) => tree.nodeOf[k]));
  const pairP = Int32Array.from(leafPairs.p, (a) => tree.leaves[a]);
  const pairQ = Int32Array.from(leafPairs.q, (b) => tree.leaves[b]);
  const pairWeight = new Float64Array(pairP.length);
  for (let e = 0; e < pairP.length; e++) pairWeight[e] = pairCost(pairP[e], pairQ[e], model.adjacent);
  clock.lap('pairCosts');
  return { parent: tree.parent, labelCount, unary, parentChildWeight, pairP, pairQ, pairWeight };
}

/**
 * Dp, row-major (labelCount + 1 per node): each node's Euclidean distance to each label in the metric's coordinates,
 * and `invisibleCost` for ξ; summed feature by feature over all nodes (squaredGaps.ts says why).
 */
function nodeLabelDistances(coords: Float64Array, n: number, d: number, prototypes: Float64Array,
  labelCount: number, invisibleCost: number): Float64Array {
  const width = labelCount + 1;
  const unary = new Float64Array(n * width);
  const squared = new Float64Array(n);
  const columns = toColumns(coords, d, n);
  for (let a = 0; a < labelCount; a++) {
    squared.fill(0);
    for (let j = 0; j < d; j++) addSquaredGaps(columns, j, prototypes[a * d + j], squared);
    for (let k = 0; k < n; k++) unary[k * width + a] = Math.sqrt(squared[k]);
  }
  for (let k = 0; k < n; k++) unary[k * width + labelCount] = invisibleCost;
  return unary;
}

/** GCuts' segmentation of a page: a segment per visible label in use, −1 for invisible nodes. */
export function gcutsPage(s: PageSnapshot, model: SegmentationModel,
  { tree = segmentationTree(s), scores, split = true, rounds = LABEL_SWEEPS, times }:
    PageSegmenterInput & GcutsTiming & { split?: boolean; rounds?: number } = {}): GcutsPageResult {
  const problem = gcutsPageProblem(s, model, { tree, scores, times });
  const solved = alphaExpansion(problem, { initial: nearestLabels(problem), maxRounds: rounds, times });
  const raw = Int32Array.from(solved.labels, (label) => (label === problem.labelCount ? -1 : label));
  const labelled: PageSegmentation = { method: 'gcuts', tree, ...compactSegments(raw) };
  const seg = split ? splitDisconnected(labelled, problem.pairP, problem.pairQ) : labelled;
  return { ...seg, energy: solved.energy, moves: solved.movesTried };
}

/**
 * A feasible start nearer the answer than "one label everywhere": each leaf takes its cheapest visible label, and an
 * internal node takes its children's label when they all agree, else ξ (bottom-up, so Constraint 1 holds).
 */
export function nearestLabels(problem: GcutsProblem): Int32Array {
  const { parent, labelCount, unary } = problem;
  const n = parent.length;
  const width = labelCount + 1;
  const xi = labelCount;
  const labels = new Int32Array(n).fill(-2); // −2: no child seen yet
  const childLabel = new Int32Array(n).fill(-2);
  for (let k = n - 1; k >= 0; k--) {
    if (childLabel[k] === -2) {
      let best = 0;
      for (let a = 1; a < labelCount; a++) if (unary[k * width + a] < unary[k * width + best]) best = a;
      labels[k] = best;
    } else {
      labels[k] = childLabel[k] === -1 ? xi : childLabel[k];
    }
    const up = parent[k];
    if (up < 0) continue;
    // −1 marks children that disagree (or an invisible child, which makes the parent invisible too).
    const mine = labels[k] === xi ? -1 : labels[k];
    childLabel[up] = childLabel[up] === -2 ? mine : childLabel[up] === mine ? mine : -1;
  }
  return labels;
}
