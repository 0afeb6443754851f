/**
 * The learned costs of paper 003 §4.3, as one JSON-able object:
 * - `metric`: a diagonal Mahalanobis metric on node features; Dp(α) = √Σ metric_j (f_pj − f_αj)² (GCuts' node cost);
 * - `adjacent`: logistic P(same segment) of two visually close leaves, GCuts' Potts weight (the cost of a cut);
 * - `parentChild`: logistic P(child in its parent's segment), GCuts' parent–child weight (paid when the parent is ξ);
 * - `anyPair`: logistic P(same segment) of any two leaves, CClus' v_pq;
 * - `lambda` (the paper's trade-off, multiplied with every Vpq), `invisibleCost` (Dp(ξ) of an internal node),
 *   `labelCount` (at most how many of the page's internal nodes are labels), chosen on validation pages.
 */
import { NODE_FEATURES, NODE_FEATURE_COUNT } from './nodeFeatures.ts';
import { PAIR_FEATURES, PAIR_FEATURE_COUNT } from './pairFeatures.ts';

export interface PairLogistic {
  /** Standardisation the coefficients apply after: z_j = (x_j − mean_j) / scale_j. */
  mean: number[];
  scale: number[];
  coef: number[];
  intercept: number;
}

export interface SegmentationModel {
  version: 1;
  nodeFeatures: string[];
  pairFeatures: string[];
  metric: number[];
  adjacent: PairLogistic;
  parentChild: PairLogistic;
  anyPair: PairLogistic;
  lambda: number;
  invisibleCost: number;
  labelCount: number;
  /** Where it was learned (pages, sites), for the record. */
  trainedOn: { pages: number; sites: number; dataset: string };
}

/** P(same) of a pair whose features are at `row` of `x` (PAIR_FEATURE_COUNT wide). */
export function pairProbability(model: PairLogistic, x: Float64Array, row: number): number {
  let t = model.intercept;
  const d = model.coef.length;
  for (let j = 0; j < d; j++) t += (model.coef[j] * (x[row * d + j] - model.mean[j])) / model.scale[j];
  return 1 / (1 + Math.exp(-t));
}

/** Throws with what is wrong when `value` is not a segmentation model this code can use. */
export function parseSegmentationModel(value: unknown): SegmentationModel {
  const m = value as Partial<SegmentationModel> | null;
  const fail = (why: string): never => {
    throw new Error(`not a Winnow segmentation model: ${why}`);
  };
  if (!m || typeof m !== 'object') fail('not an object');
  if (m!.version !== 1) fail(`version ${String(m!.version)}, expected 1`);
  if (JSON.stringify(m!.nodeFeatures) !== JSON.stringify(NODE_FEATURES)) fail('its node features differ from this build');
  if (JSON.stringify(m!.pairFeatures) !== JSON.stringify(PAIR_FEATURES)) fail('its pair features differ from this build');
  if (!finiteArray(m!.metric, NODE_FEATURE_COUNT) || m!.metric!.some((w) => w < 0)) fail('metric must be ≥ 0 weights');
  for (const key of ['adjacent', 'parentChild', 'anyPair'] as const) {
    const p = m![key];
    if (!p || !finiteArray(p.mean, PAIR_FEATURE_COUNT) || !finiteArray(p.scale, PAIR_FEATURE_COUNT) ||
      !finiteArray(p.coef, PAIR_FEATURE_COUNT) || !Number.isFinite(p.intercept) || p.scale.some((s) => !(s > 0))) {
      fail(`${key} is not a logistic model over the pair features`);
    }
  }
  if (!(m!.lambda! > 0 && Number.isFinite(m!.lambda))) fail('lambda must be > 0');
  if (!(m!.invisibleCost! >= 0 && Number.isFinite(m!.invisibleCost))) fail('invisibleCost must be ≥ 0');
  if (!(Number.isInteger(m!.labelCount) && m!.labelCount! >= 2 && m!.labelCount! <= 256)) fail('labelCount must be 2…256');
  return m as SegmentationModel;
}

function finiteArray(a: unknown, length: number): a is number[] {
  return Array.isArray(a) && a.length === length && a.every((x) => typeof x === 'number' && Number.isFinite(x));
}
