/**
 * Why the classifier scored a node as it did: its area bucket's logistic model split into one term per feature.
 *
 * The model is logit = b + Σ_j w_j·x_j on the raw features (src/model/weights.ts folds the standardisation into w
 * and b). Measured from the bucket's mean node m (the training rows' means the stored model carries), the same logit
 * is
 *
 *     logit = baseLogit + Σ_j contribution_j,   baseLogit = b + Σ_j w_j·m_j,   contribution_j = w_j·(x_j − m_j),
 *
 * so a contribution says how far this node's value of a feature moved its score from a typical node of its size, in
 * logit units. (w_j·x_j alone would mostly show the features with large typical values, and could not be compared
 * across features.) Positive contributions push towards template.
 */
import type { FeatureContribution } from './nodeInspection.ts';
import type { FeatureMatrix } from '../model/featureMatrix.ts';
import { bucketOf } from '../model/bucketedModel.ts';
import type { ModelWeights } from '../model/weights.ts';

export interface ScoreExplanation {
  /** The area bucket whose model scores the node (000 §5.2). */
  bucket: number;
  /** The logit exactly as classifyNodes computes it: sigmoid(logit) is the node's classifier score. */
  logit: number;
  /** The logit of the bucket's mean node. */
  baseLogit: number;
  /** The largest contributions by absolute value, largest first; all of them when `top` ≥ the feature count. */
  contributions: FeatureContribution[];
}

/** The score of row `row` of X (a node whose area is `areaFraction` of the page) split into feature contributions. */
export function explainScore(weights: ModelWeights, X: FeatureMatrix, row: number, areaFraction: number, top: number):
  ScoreExplanation {
  const d = X.cols;
  if (d !== weights.featureCount) {
    throw new Error(`explainScore: ${d} feature columns, the model expects ${weights.featureCount}`);
  }
  if (!Number.isInteger(row) || row < 0 || row >= X.rows) throw new Error(`explainScore: no row ${row} in ${X.rows}`);
  const bucket = bucketOf(areaFraction, weights.bucketBounds);
  const w = weights.coef[bucket];
  const m = weights.mean[bucket];
  const base = row * d;
  // The same sum, in the same order, as classifyNodes: the logit shown is the one that made the score.
  let logit = weights.intercept[bucket];
  let baseLogit = weights.intercept[bucket];
  const all: FeatureContribution[] = [];
  for (let j = 0; j < d; j++) {
    const x = X.data[base + j];
    logit += w[j] * x;
    baseLogit += w[j] * m[j];
    all.push({ feature: weights.schema.features[j], value: x, contribution: w[j] * (x - m[j]) });
  }
  // Stable sort: equal sizes stay in feature order, so the answer does not depend on the engine.
  all.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  return { bucket, logit, baseLogit, contributions: all.slice(0, Math.max(0, Math.floor(top))) };
}
