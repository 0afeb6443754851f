import type { FeatureMatrix } from './featureMatrix.ts';
import { selectRows } from './featureMatrix.ts';
import { fitLogistic, sigmoid } from './logisticRegression.ts';
import { BUCKET_COUNT, type ModelWeights, type StoredBucketModel } from './weights.ts';

/** Which of the four area buckets (000 §5.2) a node with this area fraction belongs to. */
export function bucketOf(areaFraction: number, bounds: readonly number[]): number {
  let k = 0;
  while (k < bounds.length && areaFraction >= bounds[k]) k++;
  return k;
}

/** Templateness probability per row, each by the logistic model of its area bucket. */
export function classifyNodes(weights: ModelWeights, X: FeatureMatrix, areaFractions: ArrayLike<number>): Float64Array {
  if (X.cols !== weights.featureCount) {
    throw new Error(`classifyNodes: ${X.cols} feature columns, the model expects ${weights.featureCount}`);
  }
  const out = new Float64Array(X.rows);
  const d = X.cols;
  for (let r = 0; r < X.rows; r++) {
    const k = bucketOf(areaFractions[r], weights.bucketBounds);
    const w = weights.coef[k];
    let t = weights.intercept[k];
    const base = r * d;
    for (let j = 0; j < d; j++) t += w[j] * X.data[base + j];
    out[r] = sigmoid(t);
  }
  return out;
}

export interface BucketTrainingOptions {
  /** L2 penalty per model (see fitLogistic). */
  l2: number;
  /** Weight rows so both classes carry equal total weight in each bucket (template nodes are the minority). */
  balanceClasses: boolean;
  /** Bucket bounds; default: the quartiles of the training rows' area fractions. */
  bounds?: [number, number, number];
  /** A bucket with fewer rows of either class borrows the model fitted on all rows. */
  minRowsPerClass?: number;
}

export interface BucketedFit {
  bounds: [number, number, number];
  models: StoredBucketModel[];
}

export function trainBucketedModel(X: FeatureMatrix, y: Uint8Array, areaFractions: ArrayLike<number>,
  options: BucketTrainingOptions): BucketedFit {
  if (y.length !== X.rows || areaFractions.length !== X.rows) throw new Error('trainBucketedModel: rows, labels and areas differ in length');
  const bounds = options.bounds ?? quartileBounds(areaFractions);
  const minRows = options.minRowsPerClass ?? 20;
  const members: number[][] = Array.from({ length: BUCKET_COUNT }, () => []);
  for (let r = 0; r < X.rows; r++) members[bucketOf(areaFractions[r], bounds)].push(r);

  let pooled: StoredBucketModel | null = null;
  const fitPooled = () => (pooled ??= fitOne(X, y, Array.from({ length: X.rows }, (_, r) => r), options));
  const models = members.map((rows) => {
    const positives = rows.reduce((s, r) => s + y[r], 0);
    if (positives < minRows || rows.length - positives < minRows) return { ...fitPooled(), trainedOn: { positives, negatives: rows.length - positives, borrowedFrom: -1 } };
    return fitOne(X, y, rows, options);
  });
  return { bounds, models };
}

function fitOne(X: FeatureMatrix, y: Uint8Array, rows: number[], options: BucketTrainingOptions): StoredBucketModel {
  const sub = selectRows(X, rows);
  const labels = Float64Array.from(rows, (r) => y[r]);
  const positives = labels.reduce((s, v) => s + v, 0);
  const negatives = rows.length - positives;
  if (positives === 0 || negatives === 0) throw new Error('trainBucketedModel: need both template and content rows');
  const sampleWeights = new Float64Array(rows.length).fill(1);
  if (options.balanceClasses) {
    for (let r = 0; r < rows.length; r++) sampleWeights[r] = rows.length / (2 * (labels[r] === 1 ? positives : negatives));
  }
  const fit = fitLogistic(sub, labels, { l2: options.l2, sampleWeights });
  return { mean: fit.mean, scale: fit.scale, coef: fit.coef, intercept: fit.intercept, trainedOn: { positives, negatives } };
}

/** 25th, 50th and 75th percentile of the area fractions, nudged apart so bounds rise strictly. */
export function quartileBounds(areaFractions: ArrayLike<number>): [number, number, number] {
  const sorted = Float64Array.from(areaFractions).sort();
  const at = (q: number) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : q / 10;
  const b = [at(0.25), at(0.5), at(0.75)].map((v) => Math.min(0.9, Math.max(1e-6, v)));
  for (let k = 1; k < 3; k++) if (b[k] <= b[k - 1]) b[k] = b[k - 1] * 1.01;
  return [b[0], b[1], b[2]];
}
