/**
 * Learns GCuts' and CClus' costs from pages people segmented (paper 003 §4.3). Pure: snapshots and per-node segment
 * ids in, the learned parts of a SegmentationModel out.
 * - Vpq: logistic regression on pair features, class 1 when the two nodes are in the same human segment (the paper's
 *   choice), once for visually close leaves (GCuts' Potts pairs), once for parent–child edges, once for any two leaves
 *   (CClus, which prices every pair).
 * - Dp's metric: the paper uses LMNN (large-margin nearest neighbours, an SDP) to make nodes of one segment closer than
 *   nodes of different ones. Here the metric is diagonal and learned the way Guillaumin, Verbeek & Schmid's LDML does
 *   (ICCV 2009): P(same) = σ(b − Σ w_j (f_pj − f_qj)²), a logistic model on squared differences, with w ≥ 0 kept by
 *   an active set (fit, drop the feature with the most negative weight, refit). It asks the same of the metric (same
 *   segment → near) without an SDP solver, and a diagonal metric is what 20 features and a few thousand pairs per page
 *   can support.
 * Every page weighs the same in each fit, whatever its size: a portal with 2,000 leaves does not outvote ten others.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { fitLogistic } from '../model/logisticRegression.ts';
import { seededRandom } from '../util/seededRandom.ts';
import { NODE_FEATURE_COUNT, nodeFeatures } from './nodeFeatures.ts';
import { PAIR_FEATURE_COUNT, writePairFeatures } from './pairFeatures.ts';
import type { PairLogistic } from './segmentationModel.ts';
import type { SegmentationTree } from './segmentationTree.ts';
import { smoothingGroups } from './smoothingGroups.ts';
import { visualNeighbours } from './visualNeighbours.ts';

export interface TrainingPage {
  snapshot: PageSnapshot;
  tree: SegmentationTree;
  /** Per tree node, the human segment it lies in, −1 outside every segment (not judged). */
  truth: Int32Array;
  /** The templateness classifier's score per page node, when the segmenter is to use it. */
  scores?: ArrayLike<number>;
}

export interface LearnedCosts {
  metric: number[];
  adjacent: PairLogistic;
  parentChild: PairLogistic;
  anyPair: PairLogistic;
}

/** Rows of `width` features (row-major in `x`), a class (1 same segment, 0 not) and a weight each. */
export interface WeightedRows {
  width: number;
  x: number[];
  y: number[];
  w: number[];
}

class Samples implements WeightedRows {
  x: number[] = [];
  y: number[] = [];
  w: number[] = [];
  constructor(readonly width: number) {}
  push(row: Float64Array, same: boolean, weight: number): void {
    for (let j = 0; j < this.width; j++) this.x.push(row[j]);
    this.y.push(same ? 1 : 0);
    this.w.push(weight);
  }
}

const L2 = 1e-3;
const ANY_PAIRS_PER_PAGE = 3000;
const METRIC_PAIRS_PER_PAGE = 3000;

export function learnCosts(pages: TrainingPage[], seed = 1): LearnedCosts {
  if (pages.length === 0) throw new Error('no training pages');
  const random = seededRandom(seed);
  const adjacent = new Samples(PAIR_FEATURE_COUNT);
  const parentChild = new Samples(PAIR_FEATURE_COUNT);
  const anyPair = new Samples(PAIR_FEATURE_COUNT);
  const metric = new Samples(NODE_FEATURE_COUNT);
  const row = new Float64Array(PAIR_FEATURE_COUNT);
  const squared = new Float64Array(NODE_FEATURE_COUNT);
  for (const { snapshot: s, tree, truth, scores } of pages) {
    const features = nodeFeatures(s, tree.nodeOf, scores);
    const groups = scores ? smoothingGroups(s, tree, scores) : undefined;
    const pair = (a: number, b: number) =>
      writePairFeatures(s, features, tree.nodeOf[a], a, tree.nodeOf[b], b, row, 0, groups);
    const judgedLeaves = Array.from(tree.leaves).filter((k) => truth[k] >= 0);

    const close = visualNeighbours(s.rect, Array.from(tree.leaves, (k) => tree.nodeOf[k]));
    const closePairs: Array<[number, number]> = [];
    for (let e = 0; e < close.p.length; e++) {
      const a = tree.leaves[close.p[e]];
      const b = tree.leaves[close.q[e]];
      if (truth[a] >= 0 && truth[b] >= 0) closePairs.push([a, b]);
    }
    for (const [a, b] of closePairs) {
      pair(a, b);
      adjacent.push(row, truth[a] === truth[b], 1 / closePairs.length);
    }

    const edges: number[] = [];
    for (let k = 1; k < tree.parent.length; k++) if (truth[k] >= 0) edges.push(k);
    for (const k of edges) {
      pair(k, tree.parent[k]);
      parentChild.push(row, truth[tree.parent[k]] === truth[k], 1 / edges.length);
    }

    const anyPairs = samplePairs(judgedLeaves, ANY_PAIRS_PER_PAGE, random);
    for (const [a, b] of anyPairs) {
      pair(a, b);
      anyPair.push(row, truth[a] === truth[b], 1 / anyPairs.length);
    }

    const judgedNodes: number[] = [];
    for (let k = 0; k < truth.length; k++) if (truth[k] >= 0) judgedNodes.push(k);
    const metricPairs = samplePairs(judgedNodes, METRIC_PAIRS_PER_PAGE, random);
    for (const [a, b] of metricPairs) {
      for (let j = 0; j < NODE_FEATURE_COUNT; j++) {
        squared[j] = (features[a * NODE_FEATURE_COUNT + j] - features[b * NODE_FEATURE_COUNT + j]) ** 2;
      }
      metric.push(squared, truth[a] === truth[b], 1 / metricPairs.length);
    }
  }
  return {
    metric: learnDiagonalMetric(metric),
    adjacent: pairLogistic(adjacent, 'visually close leaf pairs'),
    parentChild: pairLogistic(parentChild, 'parent–child edges'),
    anyPair: pairLogistic(anyPair, 'leaf pairs'),
  };
}

/** Up to `count` distinct unordered pairs of `items`, all of them when there are fewer. */
function samplePairs(items: number[], count: number, random: () => number): Array<[number, number]> {
  const n = items.length;
  const total = (n * (n - 1)) / 2;
  const out: Array<[number, number]> = [];
  if (total <= count) {
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) out.push([items[a], items[b]]);
    return out;
  }
  const seen = new Set<number>();
  while (out.length < count) {
    const a = Math.floor(random() * n);
    const b = Math.floor(random() * n);
    const key = Math.min(a, b) * n + Math.max(a, b);
    if (a === b || seen.has(key)) continue;
    seen.add(key);
    out.push([items[a], items[b]]);
  }
  return out;
}

function pairLogistic(samples: WeightedRows, what: string): PairLogistic {
  if (!samples.y.includes(1) || !samples.y.includes(0)) {
    throw new Error(`cannot learn from ${what}: the training pages need both same-segment and split pairs`);
  }
  const fit = fitLogistic({ rows: samples.y.length, cols: samples.width, data: Float64Array.from(samples.x) },
    samples.y, { l2: L2, sampleWeights: Float64Array.from(samples.w) });
  return { mean: fit.mean, scale: fit.scale, coef: fit.coef, intercept: fit.intercept };
}

/**
 * w ≥ 0 for P(same) = σ(b − Σ w_j x_j), x_j the squared differences: fit the logistic model on the active features,
 * drop the one whose weight comes out most negative, refit, until none does. Dropped features weigh 0.
 */
export function learnDiagonalMetric(samples: WeightedRows): number[] {
  const d = samples.width;
  const rows = samples.y.length;
  const active = Array.from({ length: d }, (_, j) => j);
  const weights = new Array<number>(d).fill(0);
  while (active.length > 0) {
    const data = new Float64Array(rows * active.length);
    for (let r = 0; r < rows; r++) {
      active.forEach((j, c) => { data[r * active.length + c] = samples.x[r * d + j]; });
    }
    const fit = fitLogistic({ rows, cols: active.length, data }, samples.y,
      { l2: L2, sampleWeights: Float64Array.from(samples.w) });
    // Coefficients are on standardised columns: the raw weight is coef / scale, and the metric is its negation.
    const raw = fit.coef.map((c, k) => -c / fit.scale[k]);
    let worst = -1;
    raw.forEach((w, k) => { if (w < 0 && (worst < 0 || w < raw[worst])) worst = k; });
    if (worst < 0) {
      active.forEach((j, k) => { weights[j] = raw[k]; });
      break;
    }
    active.splice(worst, 1);
  }
  return weights;
}
