/**
 * What the bundled model's training data says about its coefficients, without the data: per area bucket, the Hessian
 * H of the penalised, weighted training objective at the fitted optimum θ* (standardised coordinates, intercept
 * last). By the Laplace approximation, −log p(θ | training) ≈ ½(θ − θ*)ᵀH(θ − θ*) + const, so a personal model
 * (src/model/personalFit.ts) is the training fit moved by a person's labels, fitted in the extension in milliseconds.
 *
 * Stored beside the weights (`public/model/winnow-lr-v3.prior.json`) as the lower-triangular Cholesky factor of each H,
 * rounded to a few significant digits: any rounded factor L still gives a positive semi-definite L·Lᵀ, and θ* comes
 * from the weights file, which the prior names by a fingerprint of its numbers, so a prior is never used with
 * weights it was not computed for.
 */
import { choleskyFactor, fromCholeskyFactor } from './cholesky.ts';
import { modelVersionOf } from './modelFile.ts';
import { BUCKET_COUNT, type StoredModelWeights } from './weights.ts';
import { wordHash } from '../util/twoLaneHash.ts';

export const PRIOR_FORMAT = 'winnow-lr-prior';
export const PRIOR_FORMAT_VERSION = 1;
/** Significant digits of the stored factor: relative error 5e-5 per entry, small beside the prior's own approximation. */
export const PRIOR_SIGNIFICANT_DIGITS = 4;

export interface StoredPriorBucket {
  /** Training rows the bucket's objective summed over (for a borrowed bucket, every row). */
  rows: number;
  /** Σ of the rows' sample weights: a user weight is a share of it. */
  totalWeight: number;
  l2: number;
  /** max |∇| of the objective at the stored weights, relative to totalWeight: ~0 says they are its optimum. */
  relativeGradient: number;
  /** Rows of L (lower triangle, row by row: 1, 2, …, p entries). */
  cholesky: number[];
}

export interface StoredModelPrior {
  format: typeof PRIOR_FORMAT;
  formatVersion: typeof PRIOR_FORMAT_VERSION;
  /** The weights this prior belongs to: their version string (modelVersionOf) and the fingerprint of their numbers. */
  model: { version: string; fingerprint: string };
  method: string;
  buckets: StoredPriorBucket[];
}

export interface PriorBucket {
  /** p = features + 1. */
  size: number;
  /** H, p×p row-major (rebuilt as L·Lᵀ). */
  hessian: Float64Array;
  rows: number;
  totalWeight: number;
}

export interface ModelPrior {
  modelVersion: string;
  fingerprint: string;
  buckets: PriorBucket[];
}

export class ModelPriorError extends Error {
  constructor(message: string) {
    super(`model prior: ${message}`);
    this.name = 'ModelPriorError';
  }
}

/**
 * A fingerprint of the numbers a prediction uses (bounds, standardisation, coefficients): two weights files with the
 * same training date but other numbers differ here. Eight hex digits; the numbers in shortest round-trip form.
 */
export function modelFingerprint(weights: Pick<StoredModelWeights, 'bucketBounds' | 'models'>): string {
  const numbers = [weights.bucketBounds, ...weights.models.map((m) => [m.mean, m.scale, m.coef, m.intercept])];
  return wordHash(JSON.stringify(numbers)).toString(16).padStart(8, '0');
}

/** Per bucket, the Hessian at the fitted weights and what it was summed over (see logisticCurvature). */
export interface BucketCurvature {
  hessian: Float64Array;
  size: number;
  rows: number;
  totalWeight: number;
  l2: number;
  gradient: Float64Array;
}

/** The prior file for these weights from each bucket's curvature at them. */
export function storedModelPrior(weights: StoredModelWeights, buckets: BucketCurvature[], method: string): StoredModelPrior {
  if (buckets.length !== BUCKET_COUNT) throw new ModelPriorError(`need ${BUCKET_COUNT} buckets, got ${buckets.length}`);
  return {
    format: PRIOR_FORMAT,
    formatVersion: PRIOR_FORMAT_VERSION,
    model: { version: modelVersionOf(weights), fingerprint: modelFingerprint(weights) },
    method,
    buckets: buckets.map((b, k) => {
      const L = choleskyFactor(b.hessian, b.size);
      if (!L) throw new ModelPriorError(`bucket ${k}: the Hessian is not positive definite`);
      const cholesky: number[] = [];
      for (let i = 0; i < b.size; i++) for (let j = 0; j <= i; j++) cholesky.push(round(L[i * b.size + j]));
      let gradient = 0;
      for (const g of b.gradient) gradient = Math.max(gradient, Math.abs(g));
      return {
        rows: b.rows, totalWeight: Number(b.totalWeight.toPrecision(8)), l2: b.l2,
        relativeGradient: Number((gradient / b.totalWeight).toPrecision(2)), cholesky,
      };
    }),
  };
}

/**
 * The prior file, validated, for these weights. Refuses, with a clear message, another format or version, a prior
 * computed for other weights (by fingerprint), a factor of the wrong size, non-numbers and a non-positive diagonal.
 */
export function parseModelPrior(json: unknown, weights: StoredModelWeights): ModelPrior {
  const o = objectAt(json, 'the file');
  if (o.format !== PRIOR_FORMAT) throw new ModelPriorError(`format is ${JSON.stringify(o.format)}, expected "${PRIOR_FORMAT}"`);
  if (o.formatVersion !== PRIOR_FORMAT_VERSION) {
    throw new ModelPriorError(`format version ${JSON.stringify(o.formatVersion)} is not supported (expected ${PRIOR_FORMAT_VERSION})`);
  }
  const model = objectAt(o.model, 'model');
  const fingerprint = modelFingerprint(weights);
  if (model.fingerprint !== fingerprint) {
    throw new ModelPriorError(`it belongs to model ${String(model.version)} (fingerprint ${String(model.fingerprint)}), ` +
      `not to ${modelVersionOf(weights)} (fingerprint ${fingerprint}): use the prior written beside these weights`);
  }
  if (!Array.isArray(o.buckets) || o.buckets.length !== BUCKET_COUNT) throw new ModelPriorError(`buckets must be a list of ${BUCKET_COUNT}`);
  const size = weights.featureSchema.features.length + 1;
  const packed = (size * (size + 1)) / 2;
  const buckets = o.buckets.map((raw: unknown, k: number): PriorBucket => {
    const b = objectAt(raw, `buckets[${k}]`);
    const rows = b.rows;
    const totalWeight = b.totalWeight;
    if (typeof rows !== 'number' || !Number.isInteger(rows) || rows <= 0) throw new ModelPriorError(`buckets[${k}].rows must be a positive integer`);
    if (typeof totalWeight !== 'number' || !(totalWeight > 0) || !Number.isFinite(totalWeight)) {
      throw new ModelPriorError(`buckets[${k}].totalWeight must be a positive number`);
    }
    const c = b.cholesky;
    if (!Array.isArray(c) || c.length !== packed) {
      throw new ModelPriorError(`buckets[${k}].cholesky must hold ${packed} numbers (a ${size}×${size} lower triangle), ` +
        `got ${Array.isArray(c) ? c.length : typeof c}`);
    }
    const L = new Float64Array(size * size);
    let at = 0;
    for (let i = 0; i < size; i++) {
      for (let j = 0; j <= i; j++, at++) {
        const v = c[at];
        if (typeof v !== 'number' || !Number.isFinite(v)) throw new ModelPriorError(`buckets[${k}].cholesky[${at}] is not a finite number`);
        if (i === j && !(v > 0)) throw new ModelPriorError(`buckets[${k}].cholesky: diagonal entry ${i} must be positive`);
        L[i * size + j] = v;
      }
    }
    return { size, hessian: fromCholeskyFactor(L, size), rows: rows as number, totalWeight };
  });
  return { modelVersion: String(model.version), fingerprint, buckets };
}

/** The prior file's name beside a weights file: `x.json` → `x.prior.json`. */
export function priorFileName(modelFile: string): string {
  return modelFile.replace(/(\.json)?$/, '.prior.json');
}

function round(v: number): number {
  return Number(v.toPrecision(PRIOR_SIGNIFICANT_DIGITS));
}

function objectAt(v: unknown, where: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ModelPriorError(`${where} is not an object`);
  return v as Record<string, unknown>;
}
