/**
 * The bundled classifier weights: four logistic models, one per node-area bucket (000 §5.2), stored as JSON in
 * `public/model/` together with the feature schema they were trained on. Parsing validates everything, because the
 * file may come from a user's disk or an old extension version; a mismatch is a clear error, never a silent misfit.
 */

export const MODEL_FORMAT = 'winnow-lr-buckets';
export const MODEL_FORMAT_VERSION = 1;
export const BUCKET_COUNT = 4;

export interface FeatureSchemaRef {
  name: string;
  version: number;
  features: readonly string[];
}

/** One logistic model as stored: standardisation (mean, scale) then coefficients on the standardised features. */
export interface StoredBucketModel {
  mean: number[];
  scale: number[];
  coef: number[];
  intercept: number;
  trainedOn: { positives: number; negatives: number; borrowedFrom?: number };
}

export interface StoredModelWeights {
  format: typeof MODEL_FORMAT;
  formatVersion: typeof MODEL_FORMAT_VERSION;
  featureSchema: { name: string; version: number; features: string[] };
  /** Upper bounds of the area fraction for buckets 0..2; bucket 3 takes the rest. */
  bucketBounds: number[];
  models: StoredBucketModel[];
  training: { command: string; data: string; date: string };
}

/** Ready for inference: standardisation folded into the coefficients, so a score is one dot product. */
export interface ModelWeights {
  schema: FeatureSchemaRef;
  bucketBounds: readonly [number, number, number];
  /** Per bucket, `featureCount` coefficients on the raw features. */
  coef: Float64Array[];
  intercept: Float64Array;
  /**
   * Per bucket, the raw features' means over that bucket's training rows (the stored standardisation): the "typical
   * node" inspect mode measures each feature's contribution from (src/inspect/featureContributions.ts).
   */
  mean: Float64Array[];
  featureCount: number;
  training: StoredModelWeights['training'];
}

export class ModelWeightsError extends Error {
  constructor(message: string) {
    super(`model weights: ${message}`);
    this.name = 'ModelWeightsError';
  }
}

export function parseModelWeights(json: unknown, expected: FeatureSchemaRef): ModelWeights {
  const w = objectAt(json, 'the file');
  if (w.format !== MODEL_FORMAT) throw new ModelWeightsError(`format is ${JSON.stringify(w.format)}, expected "${MODEL_FORMAT}"`);
  if (w.formatVersion !== MODEL_FORMAT_VERSION) {
    throw new ModelWeightsError(`format version ${JSON.stringify(w.formatVersion)} is not supported (expected ${MODEL_FORMAT_VERSION})`);
  }
  const schema = objectAt(w.featureSchema, 'featureSchema');
  const features = schema.features;
  if (schema.name !== expected.name || schema.version !== expected.version || !sameList(features, expected.features)) {
    throw new ModelWeightsError(`trained on feature schema ${String(schema.name)} v${String(schema.version)}, ` +
      `but this build computes ${expected.name} v${expected.version}: retrain with 'npx winnow train'`);
  }
  const n = expected.features.length;
  const bounds = numbersAt(w.bucketBounds, 'bucketBounds', BUCKET_COUNT - 1);
  for (let k = 0; k < bounds.length; k++) {
    if (bounds[k] <= 0 || bounds[k] >= 1 || (k > 0 && bounds[k] <= bounds[k - 1])) {
      throw new ModelWeightsError('bucketBounds must rise strictly inside (0, 1)');
    }
  }
  if (!Array.isArray(w.models) || w.models.length !== BUCKET_COUNT) {
    throw new ModelWeightsError(`models must be a list of ${BUCKET_COUNT}`);
  }
  const coef: Float64Array[] = [];
  const means: Float64Array[] = [];
  const intercept = new Float64Array(BUCKET_COUNT);
  w.models.forEach((m: unknown, k: number) => {
    const model = objectAt(m, `models[${k}]`);
    const mean = numbersAt(model.mean, `models[${k}].mean`, n);
    const scale = numbersAt(model.scale, `models[${k}].scale`, n);
    const c = numbersAt(model.coef, `models[${k}].coef`, n);
    const b = model.intercept;
    if (typeof b !== 'number' || !Number.isFinite(b)) throw new ModelWeightsError(`models[${k}].intercept is not a finite number`);
    const folded = new Float64Array(n);
    let shift = b;
    for (let j = 0; j < n; j++) {
      if (!(scale[j] > 0)) throw new ModelWeightsError(`models[${k}].scale[${j}] must be positive`);
      folded[j] = c[j] / scale[j];
      shift -= folded[j] * mean[j];
    }
    coef.push(folded);
    means.push(Float64Array.from(mean));
    intercept[k] = shift;
  });
  const training = objectAt(w.training, 'training');
  return {
    schema: { name: expected.name, version: expected.version, features: [...expected.features] },
    bucketBounds: [bounds[0], bounds[1], bounds[2]],
    coef,
    intercept,
    mean: means,
    featureCount: n,
    training: { command: String(training.command ?? ''), data: String(training.data ?? ''), date: String(training.date ?? '') },
  };
}

function objectAt(v: unknown, where: string): Record<string, any> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ModelWeightsError(`${where} is not an object`);
  return v as Record<string, any>;
}

function numbersAt(v: unknown, where: string, length: number): number[] {
  if (!Array.isArray(v) || v.length !== length) throw new ModelWeightsError(`${where} must be a list of ${length} numbers`);
  for (const x of v) if (typeof x !== 'number' || !Number.isFinite(x)) throw new ModelWeightsError(`${where} holds a non-number`);
  return v as number[];
}

function sameList(a: unknown, b: readonly string[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);
}
