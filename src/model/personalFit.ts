/**
 * A personal model: the bundled classifier fitted again on a person's labelled segments, without the training data.
 * Per area bucket it minimises ½(θ − θ*)ᵀH(θ − θ*) + Σ w·logloss over the person's rows, where θ* and H are the
 * bundled fit and its Laplace approximation (src/model/modelPrior.ts), so the result is what refitting on the training
 * rows plus the person's would give, to second order. Pure arithmetic, no Node or browser API: it runs in the
 * extension's worker or page as it runs in Node. Why the user weight is what it is: docs/decisions/personal-model.md.
 */
import { bucketOf } from './bucketedModel.ts';
import { sigmoid } from './logisticRegression.ts';
import { modelVersionOf } from './modelFile.ts';
import { logisticCurvature } from './logisticCurvature.ts';
import { modelFingerprint, storedModelPrior, type BucketCurvature, type ModelPrior, type StoredModelPrior } from './modelPrior.ts';
import { fitWithPrior } from './priorLogisticFit.ts';
import { pageFolds, heldOutUnit } from './labelFolds.ts';
import type { PersonalModelInfo } from './personalModelInfo.ts';
import { BUCKET_COUNT, type StoredModelWeights } from './weights.ts';

export type { PersonalModelInfo } from './personalModelInfo.ts';

/** One labelled segment's rows: raw features in the model's order, and each row's area share of the page. */
export interface LabelledRows {
  page: string;
  label: 'template' | 'content';
  features: number[][];
  areaFractions: number[];
}

export interface PersonalFitOptions {
  /** What one labelled segment weighs, in training rows (shared by its rows). Default DEFAULT_USER_WEIGHT. */
  userWeight?: number;
  /** Upper bound on the held-out folds (by site, or by page with one site). Default 5. */
  heldOutFolds?: number;
  /** The fit's time (tests fix it). */
  now?: Date;
}

/**
 * One labelled segment weighs as much as this many training rows (of ~125,000 per bucket in v3), shared by its rows.
 * Measured in docs/decisions/personal-model.md (src/cli/training/personalWeightStudy.ts): with 3 contradicting labels
 * on each of two pages of a held-out Dragnet site, 76% of those segments flip on the site's other pages, while node
 * accuracy on every other site drops 0.9125 → 0.8940 (100: 5% flip; 3000: 93% flip, 0.8800).
 */
export const DEFAULT_USER_WEIGHT = 1000;
export const DEFAULT_HELD_OUT_FOLDS = 5;

export class PersonalFitError extends Error {
  constructor(message: string) {
    super(`personal model: ${message}`);
    this.name = 'PersonalFitError';
  }
}

export function fitPersonalModel(bundled: StoredModelWeights, prior: ModelPrior, labelled: LabelledRows[],
  options: PersonalFitOptions = {}): { model: StoredModelWeights; info: PersonalModelInfo; prior: StoredModelPrior } {
  const userWeight = options.userWeight ?? DEFAULT_USER_WEIGHT;
  if (!(userWeight >= 0) || !Number.isFinite(userWeight)) throw new PersonalFitError(`user weight must be a finite number ≥ 0, got ${userWeight}`);
  const fingerprint = modelFingerprint(bundled);
  if (prior.fingerprint !== fingerprint) {
    throw new PersonalFitError(`the prior belongs to model ${prior.modelVersion} (fingerprint ${prior.fingerprint}), not to ` +
      `${modelVersionOf(bundled)} (fingerprint ${fingerprint})`);
  }
  checkRows(labelled, bundled.featureSchema.features.length);
  const now = options.now ?? new Date();
  const { model, curvature } = fitWithCurvature(bundled, prior, labelled, userWeight);
  const pages = new Set(labelled.map((s) => s.page));
  const rows = labelled.reduce((s, l) => s + l.features.length, 0);
  const templates = labelled.filter((s) => s.label === 'template').length;
  model.training = {
    command: `personal fit (src/model/personalFit.ts) of ${modelVersionOf(bundled)} on a person's labels, ` +
      `user weight ${userWeight} training rows per segment`,
    data: `personal: ${labelled.length} labelled segments (${templates} template, ${labelled.length - templates} content, ` +
      `${rows} rows) on ${pages.size} pages, with the bundled training as a Laplace prior (fingerprint ${fingerprint})`,
    date: now.toISOString(),
  };
  return {
    model,
    // The personal model's own Laplace prior (the bundled prior plus the person's rows, at the new optimum).
    prior: storedModelPrior(model, curvature, `${PERSONAL_PRIOR_METHOD}; on top of: ${prior.modelVersion}`),
    info: {
      trainedAt: now.toISOString(),
      version: modelVersionOf(model),
      pages: pages.size,
      segments: labelled.length,
      rows,
      heldOut: heldOutAgreement(bundled, prior, labelled, userWeight, options.heldOutFolds ?? DEFAULT_HELD_OUT_FOLDS),
    },
  };
}

const PERSONAL_PRIOR_METHOD = 'Laplace approximation: per bucket, the bundled prior\'s Hessian plus the Hessian of ' +
  'the person\'s weighted rows, at the personal fit';

/** The bundled weights moved by these segments (a copy: `bundled` is not changed). */
function fitOnSegments(bundled: StoredModelWeights, prior: ModelPrior, labelled: LabelledRows[], userWeight: number): StoredModelWeights {
  return fitWithCurvature(bundled, prior, labelled, userWeight, false).model;
}

function fitWithCurvature(bundled: StoredModelWeights, prior: ModelPrior, labelled: LabelledRows[], userWeight: number,
  withCurvature = true): { model: StoredModelWeights; curvature: BucketCurvature[] } {
  const d = bundled.featureSchema.features.length;
  const perBucket = Array.from({ length: BUCKET_COUNT }, () => ({ x: [] as number[][], y: [] as number[], w: [] as number[] }));
  for (const segment of labelled) {
    const weight = userWeight / Math.max(1, segment.features.length);
    segment.features.forEach((row, r) => {
      const b = perBucket[bucketOf(segment.areaFractions[r], bundled.bucketBounds)];
      b.x.push(row);
      b.y.push(segment.label === 'template' ? 1 : 0);
      b.w.push(weight);
    });
  }
  const curvature: BucketCurvature[] = [];
  const models = bundled.models.map((m, k) => {
    const { x, y, w } = perBucket[k];
    const Z = new Float64Array(x.length * d);
    x.forEach((row, r) => { for (let j = 0; j < d; j++) Z[r * d + j] = (row[j] - m.mean[j]) / m.scale[j]; });
    const thetaStar = [...m.coef, m.intercept];
    const H = prior.buckets[k].hessian;
    const theta = x.length === 0 || userWeight === 0 ? Float64Array.from(thetaStar)
      : fitWithPrior({ thetaStar, hessian: H, Z, y, weights: w }).theta;
    if (withCurvature) {
      // The person's rows' curvature at the fit (l2 0: the penalty is inside H already), plus the prior's.
      const c = logisticCurvature(Z, y, w, theta, 0);
      const p = d + 1;
      for (let a = 0; a < p; a++) {
        for (let b = 0; b < p; b++) {
          c.hessian[a * p + b] += H[a * p + b];
          c.gradient[a] += H[a * p + b] * (theta[b] - thetaStar[b]);
        }
      }
      curvature.push({ hessian: c.hessian, size: p, rows: prior.buckets[k].rows + x.length,
        totalWeight: prior.buckets[k].totalWeight + c.totalWeight, l2: 0, gradient: c.gradient });
    }
    const positives = y.reduce((s, v) => s + v, 0);
    return {
      mean: [...m.mean], scale: [...m.scale], coef: Array.from(theta.subarray(0, d)), intercept: theta[d],
      trainedOn: { ...m.trainedOn, positives: m.trainedOn.positives + positives, negatives: m.trainedOn.negatives + y.length - positives },
    };
  });
  return {
    model: { ...bundled, featureSchema: { ...bundled.featureSchema, features: [...bundled.featureSchema.features] },
      bucketBounds: [...bundled.bucketBounds], models, training: { ...bundled.training } },
    curvature,
  };
}

/**
 * Agreement with the person's labels on pages held out from the fit: per fold, fit on the other folds' segments and
 * count the fold's segments the model puts on the label's side, before (bundled) and after. Null with fewer than 2
 * pages (nothing to hold out).
 */
function heldOutAgreement(bundled: StoredModelWeights, prior: ModelPrior, labelled: LabelledRows[], userWeight: number,
  folds: number): PersonalModelInfo['heldOut'] {
  const splits = heldOutSplits(labelled, folds);
  if (!splits) return null;
  let segments = 0;
  let before = 0;
  let after = 0;
  for (const { fit, test } of splits) {
    const fitted = fitOnSegments(bundled, prior, fit, userWeight);
    for (const s of test) {
      if (s.features.length === 0) continue;
      segments++;
      const template = s.label === 'template';
      if ((segmentScore(bundled, s) >= 0.5) === template) before++;
      if ((segmentScore(fitted, s) >= 0.5) === template) after++;
    }
  }
  if (segments === 0) return null;
  const pages = labelled.map((s) => s.page);
  return { pages: new Set(pages).size, segments, before: before / segments, after: after / segments, by: heldOutUnit(pages) };
}

/**
 * The held-out splits: per fold (src/model/labelFolds.ts), the segments fitted on (every other fold's) and the
 * segments measured (the fold's). Null with fewer than 2 pages.
 */
export function heldOutSplits<T extends Pick<LabelledRows, 'page'>>(labelled: T[], folds: number): Array<{ fit: T[]; test: T[] }> | null {
  const foldOf = pageFolds(labelled.map((s) => s.page), folds);
  if (!foldOf) return null;
  const foldCount = Math.max(...foldOf.values()) + 1;
  return Array.from({ length: foldCount }, (_, f) => ({
    fit: labelled.filter((s) => foldOf.get(s.page) !== f),
    test: labelled.filter((s) => foldOf.get(s.page) === f),
  }));
}

/** A segment's templateness by a model: the mean probability of its rows. */
export function segmentScore(weights: StoredModelWeights, segment: Pick<LabelledRows, 'features' | 'areaFractions'>): number {
  let sum = 0;
  segment.features.forEach((row, r) => {
    const m = weights.models[bucketOf(segment.areaFractions[r], weights.bucketBounds)];
    let t = m.intercept;
    for (let j = 0; j < row.length; j++) t += (m.coef[j] * (row[j] - m.mean[j])) / m.scale[j];
    sum += sigmoid(t);
  });
  return segment.features.length ? sum / segment.features.length : NaN;
}

function checkRows(labelled: LabelledRows[], d: number): void {
  labelled.forEach((s, k) => {
    const at = `labelled segment ${k} (page ${s.page})`;
    if (s.label !== 'template' && s.label !== 'content') throw new PersonalFitError(`${at}: label must be template or content, got ${JSON.stringify(s.label)}`);
    if (!Array.isArray(s.features) || !Array.isArray(s.areaFractions) || s.features.length !== s.areaFractions.length) {
      throw new PersonalFitError(`${at}: features and areaFractions must be lists of the same length`);
    }
    s.features.forEach((row, r) => {
      if (!Array.isArray(row) || row.length !== d) throw new PersonalFitError(`${at}: row ${r} has ${Array.isArray(row) ? row.length : 'no'} features, the model has ${d}`);
      if (!row.every(Number.isFinite)) throw new PersonalFitError(`${at}: row ${r} holds a non-number`);
      const a = s.areaFractions[r];
      if (!(a >= 0) || !Number.isFinite(a)) throw new PersonalFitError(`${at}: area fraction ${r} must be a number ≥ 0`);
    });
  });
}
