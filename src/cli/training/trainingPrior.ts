import type { FeatureMatrix } from '../../model/featureMatrix.ts';
import { logisticCurvature } from '../../model/logisticCurvature.ts';
import { MIN_L2 } from '../../model/logisticRegression.ts';
import { storedModelPrior, type BucketCurvature, type StoredModelPrior } from '../../model/modelPrior.ts';
import type { StoredModelWeights } from '../../model/weights.ts';
import { balancedSampleWeights, bucketFitRows } from './weightedBucketFit.ts';

/** How the prior was computed, for the file's `method` field. */
export const PRIOR_METHOD = 'Laplace approximation: per bucket, the Hessian of the class-balanced, row-weighted, ' +
  'L2-penalised logistic objective at the fitted weights, on features standardised by the bucket\'s mean and scale ' +
  '(coefficients first, intercept last); stored as its Cholesky factor';

export interface TrainingPrior {
  prior: StoredModelPrior;
  /** Per bucket, max |∇ objective| / Σ weights at the weights: ~0 when they are that objective's optimum. */
  relativeGradients: number[];
  /** Per bucket, the largest |stored mean − the rows' mean| / scale: 0 when the rows are the ones fitted on. */
  meanDrift: number[];
  seconds: number;
}

/**
 * The model prior of weights fitted by trainWeightedBucketedModel on these rows: each bucket's objective summed over
 * the same rows with the same sample weights and l2, its Hessian taken at the stored coefficients.
 */
export function trainingPrior(X: FeatureMatrix, y: Uint8Array, areaFractions: ArrayLike<number>, rowWeights: Float64Array,
  weights: StoredModelWeights, l2: number): TrainingPrior {
  const t0 = performance.now();
  const d = X.cols;
  const members = bucketFitRows(y, areaFractions, weights.bucketBounds);
  const meanDrift: number[] = [];
  const buckets = weights.models.map((model, k): BucketCurvature => {
    const rows = members[k];
    const Z = new Float64Array(rows.length * d);
    const mean = new Float64Array(d);
    rows.forEach((r, i) => {
      for (let j = 0; j < d; j++) {
        const x = X.data[r * d + j];
        Z[i * d + j] = (x - model.mean[j]) / model.scale[j];
        mean[j] += x;
      }
    });
    meanDrift.push(Math.max(...Array.from(mean, (m, j) => Math.abs(m / rows.length - model.mean[j]) / model.scale[j])));
    const labels = Float64Array.from(rows, (r) => y[r]);
    // The l2 the fit used: fitLogistic raises it to 1e-8, which keeps a feature constant in a bucket (a zero column)
    // from making the Hessian singular.
    const c = logisticCurvature(Z, labels, balancedSampleWeights(y, rowWeights, rows), [...model.coef, model.intercept],
      Math.max(l2, MIN_L2));
    return { hessian: c.hessian, size: c.size, rows: rows.length, totalWeight: c.totalWeight, l2: Math.max(l2, MIN_L2),
      gradient: c.gradient };
  });
  const prior = storedModelPrior(weights, buckets, PRIOR_METHOD);
  return {
    prior,
    relativeGradients: buckets.map((b) => Math.max(...Array.from(b.gradient, Math.abs)) / b.totalWeight),
    meanDrift,
    seconds: (performance.now() - t0) / 1000,
  };
}
