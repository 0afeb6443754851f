import { bucketOf, quartileBounds, type BucketedFit } from '../../model/bucketedModel.ts';
import { selectRows, type FeatureMatrix } from '../../model/featureMatrix.ts';
import { fitLogistic } from '../../model/logisticRegression.ts';
import { BUCKET_COUNT, type StoredBucketModel } from '../../model/weights.ts';

/** The L2 penalty of a fit when `winnow train --l2` does not say: the one every shipped fit used. */
export const DEFAULT_L2 = 1;

export interface WeightedBucketOptions {
  l2: number;
  /** A bucket with fewer rows of either class borrows the model fitted on all rows (as trainBucketedModel). */
  minRowsPerClass?: number;
}

/**
 * The four area-bucket models of trainBucketedModel with class balancing, when rows carry weights: in each bucket
 * both classes get equal total weight, and within a class rows keep their relative weights. With every weight 1 it
 * is exactly trainBucketedModel(..., { balanceClasses: true }): the L3S-only fit stays what it was.
 */
export function trainWeightedBucketedModel(X: FeatureMatrix, y: Uint8Array, areaFractions: ArrayLike<number>,
  rowWeights: Float64Array, options: WeightedBucketOptions): BucketedFit {
  if (y.length !== X.rows || areaFractions.length !== X.rows || rowWeights.length !== X.rows) {
    throw new Error('trainWeightedBucketedModel: rows, labels, areas and weights differ in length');
  }
  const bounds = quartileBounds(areaFractions);
  const minRows = options.minRowsPerClass ?? 20;
  const members: number[][] = Array.from({ length: BUCKET_COUNT }, () => []);
  for (let r = 0; r < X.rows; r++) members[bucketOf(areaFractions[r], bounds)].push(r);
  let pooled: StoredBucketModel | null = null;
  const fitPooled = () => (pooled ??= fitOne(X, y, rowWeights, Array.from({ length: X.rows }, (_, r) => r), options.l2));
  const models = members.map((rows) => {
    const positives = rows.reduce((s, r) => s + y[r], 0);
    if (positives < minRows || rows.length - positives < minRows) {
      return { ...fitPooled(), trainedOn: { positives, negatives: rows.length - positives, borrowedFrom: -1 } };
    }
    return fitOne(X, y, rowWeights, rows, options.l2);
  });
  return { bounds, models };
}

function fitOne(X: FeatureMatrix, y: Uint8Array, rowWeights: Float64Array, rows: number[], l2: number): StoredBucketModel {
  const labels = Float64Array.from(rows, (r) => y[r]);
  const positives = labels.reduce((s, v) => s + v, 0);
  const negatives = rows.length - positives;
  if (positives === 0 || negatives === 0) throw new Error('trainWeightedBucketedModel: need both template and content rows');
  const sampleWeights = balancedSampleWeights(y, rowWeights, rows);
  const fit = fitLogistic(selectRows(X, rows), labels, { l2, sampleWeights });
  return { mean: fit.mean, scale: fit.scale, coef: fit.coef, intercept: fit.intercept, trainedOn: { positives, negatives } };
}

/**
 * The rows each bucket's model is fitted on (a bucket that borrowed the pooled model: every row), as
 * trainWeightedBucketedModel chose them: the model prior (trainingPrior.ts) sums the same objective.
 */
export function bucketFitRows(y: Uint8Array, areaFractions: ArrayLike<number>, bounds: readonly number[],
  minRowsPerClass = 20): number[][] {
  const members: number[][] = Array.from({ length: BUCKET_COUNT }, () => []);
  for (let r = 0; r < y.length; r++) members[bucketOf(areaFractions[r], bounds)].push(r);
  const all = Array.from({ length: y.length }, (_, r) => r);
  return members.map((rows) => {
    const positives = rows.reduce((s, r) => s + y[r], 0);
    return positives < minRowsPerClass || rows.length - positives < minRowsPerClass ? all : rows;
  });
}

/** Sample weights of one fit: each class carries half of the rows' weight; with unit weights rows / (2 · class count). */
export function balancedSampleWeights(y: Uint8Array, rowWeights: Float64Array, rows: number[]): Float64Array {
  let positiveWeight = 0;
  let negativeWeight = 0;
  rows.forEach((r) => (y[r] === 1 ? (positiveWeight += rowWeights[r]) : (negativeWeight += rowWeights[r])));
  const total = positiveWeight + negativeWeight;
  return Float64Array.from(rows, (r) => (rowWeights[r] * total) / (2 * (y[r] === 1 ? positiveWeight : negativeWeight)));
}
