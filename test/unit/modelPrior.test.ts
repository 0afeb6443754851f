import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitLogistic, sigmoid } from '../../src/model/logisticRegression.ts';
import { logisticCurvature } from '../../src/model/logisticCurvature.ts';
import { choleskyFactor, fromCholeskyFactor } from '../../src/model/cholesky.ts';
import {
  modelFingerprint, parseModelPrior, priorFileName, storedModelPrior, type StoredModelPrior,
} from '../../src/model/modelPrior.ts';
import { parseModelWeights, type StoredModelWeights } from '../../src/model/weights.ts';
import { FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import { trainWeightedBucketedModel } from '../../src/cli/training/weightedBucketFit.ts';
import { trainingPrior } from '../../src/cli/training/trainingPrior.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

/** n rows of d features, y ~ Bernoulli(sigmoid(a linear model)); areas spread over four buckets. */
function synthetic(n: number, d: number, seed: number) {
  const rand = seededRandom(seed);
  const data = new Float64Array(n * d);
  const y = new Uint8Array(n);
  const areas = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    let t = -0.3;
    for (let j = 0; j < d; j++) {
      const x = rand() * 4 - 2 + j;
      data[r * d + j] = x;
      t += (j % 2 ? -1 : 1.5) * (x - j);
    }
    y[r] = rand() < sigmoid(t) ? 1 : 0;
    areas[r] = rand() * 0.1;
  }
  return { X: { rows: n, cols: d, data }, y, areas };
}

function weightsOf(fit: ReturnType<typeof trainWeightedBucketedModel>, d: number): StoredModelWeights {
  const features = Array.from({ length: d }, (_, j) => `f${j}`);
  return {
    format: 'winnow-lr-buckets', formatVersion: 1, featureSchema: { name: 'test', version: 1, features },
    bucketBounds: fit.bounds, models: fit.models, training: { command: 'test', data: 'synthetic', date: '2026-11-24' },
  };
}

/** The objective fitLogistic minimises, written out plainly: the reference the gradient is checked against. */
function objective(Z: number[][], y: number[], w: number[], theta: number[], l2: number): number {
  const d = theta.length - 1;
  let v = 0;
  Z.forEach((z, r) => {
    const t = z.reduce((s, x, j) => s + x * theta[j], theta[d]);
    v += w[r] * (Math.log(1 + Math.exp(t)) - y[r] * t);
  });
  return v + (l2 / 2) * theta.slice(0, d).reduce((s, c) => s + c * c, 0);
}

describe('logisticCurvature', () => {
  it('has the gradient and Hessian of the penalised objective (central differences on small random problems)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 12 }), fc.integer(), (d, n, seed) => {
      const rand = seededRandom(seed);
      const Z = Array.from({ length: n }, () => Array.from({ length: d }, () => rand() * 4 - 2));
      const y = Z.map(() => (rand() < 0.5 ? 1 : 0));
      const w = Z.map(() => 0.2 + rand());
      const theta = Array.from({ length: d + 1 }, () => rand() * 2 - 1);
      const c = logisticCurvature(Z.flat(), y, w, theta, 0.7);
      const h = 1e-5;
      const at = (k: number, delta: number) => theta.map((v, i) => (i === k ? v + delta : v));
      for (let k = 0; k <= d; k++) {
        const g = (objective(Z, y, w, at(k, h), 0.7) - objective(Z, y, w, at(k, -h), 0.7)) / (2 * h);
        expect(c.gradient[k]).toBeCloseTo(g, 5);
        const gPlus = logisticCurvature(Z.flat(), y, w, at(k, h), 0.7).gradient;
        const gMinus = logisticCurvature(Z.flat(), y, w, at(k, -h), 0.7).gradient;
        for (let j = 0; j <= d; j++) expect(c.hessian[j * (d + 1) + k]).toBeCloseTo((gPlus[j] - gMinus[j]) / (2 * h), 4);
      }
    }), { numRuns: 60 });
  });

  it("is zero-gradient at fitLogistic's optimum, in its standardised coordinates", () => {
    const { X, y } = synthetic(600, 3, 4);
    const weights = Float64Array.from({ length: 600 }, (_, r) => 0.5 + (r % 3));
    const fit = fitLogistic(X, y, { l2: 1, sampleWeights: weights });
    const Z = Array.from(X.data, (x, i) => (x - fit.mean[i % 3]) / fit.scale[i % 3]);
    const c = logisticCurvature(Z, y, weights, [...fit.coef, fit.intercept], 1);
    expect(Math.max(...Array.from(c.gradient, Math.abs)) / c.totalWeight).toBeLessThan(1e-6);
    // …and a moved θ is not an optimum: the check can fail.
    const moved = logisticCurvature(Z, y, weights, [fit.coef[0] + 0.1, ...fit.coef.slice(1), fit.intercept], 1);
    expect(Math.max(...Array.from(moved.gradient, Math.abs)) / moved.totalWeight).toBeGreaterThan(1e-3);
  });
});

describe('choleskyFactor', () => {
  it('round-trips a positive definite matrix and refuses an indefinite one', () => {
    const A = [4, 2, 0.6, 2, 5, 1, 0.6, 1, 3];
    const L = choleskyFactor(A, 3)!;
    Array.from(fromCholeskyFactor(L, 3)).forEach((v, i) => expect(v).toBeCloseTo(A[i], 12));
    expect(choleskyFactor([1, 2, 2, 1], 2)).toBeNull();
  });
});

describe('trainingPrior', () => {
  it('sums the objective trainWeightedBucketedModel minimised: ~0 gradient in every bucket, a borrowed one too', () => {
    const { X, y, areas } = synthetic(2000, 3, 9);
    // Bucket 0 gets too few template rows and borrows the pooled model.
    for (let r = 0; r < 2000; r++) if (areas[r] < 0.025) y[r] = r % 200 === 0 ? 1 : 0;
    const rowWeights = Float64Array.from({ length: 2000 }, (_, r) => (r % 4 === 0 ? 2 : 0.5));
    const fit = trainWeightedBucketedModel(X, y, areas, rowWeights, { l2: 1 });
    expect(fit.models[0].trainedOn.borrowedFrom).toBe(-1);
    const weights = weightsOf(fit, 3);
    const r = trainingPrior(X, y, areas, rowWeights, weights, 1);
    for (const g of r.relativeGradients) expect(g).toBeLessThan(1e-6);
    for (const m of r.meanDrift) expect(m).toBeLessThan(1e-9);
    // Other row weights are another objective, and the check says so.
    const wrong = trainingPrior(X, y, areas, new Float64Array(2000).fill(1), weights, 1);
    expect(Math.max(...wrong.relativeGradients)).toBeGreaterThan(1e-4);
    expect(r.prior.buckets[0].rows).toBe(2000);
  });

  it('makes a prior for an l2 of 0 with a feature constant in a bucket (the fit\'s own floor keeps H definite)', () => {
    const { X, y, areas } = synthetic(2000, 3, 5);
    for (let r = 0; r < 2000; r++) X.data[r * 3 + 2] = 7;
    const rowWeights = new Float64Array(2000).fill(1);
    const weights = weightsOf(trainWeightedBucketedModel(X, y, areas, rowWeights, { l2: 0 }), 3);
    const r = trainingPrior(X, y, areas, rowWeights, weights, 0);
    expect(r.prior.buckets).toHaveLength(4);
    for (const b of r.prior.buckets) expect(b.l2).toBeGreaterThan(0);
  });
});

describe('model prior file', () => {
  const { X, y, areas } = synthetic(1200, 3, 2);
  const rowWeights = new Float64Array(1200).fill(1);
  const weights = weightsOf(trainWeightedBucketedModel(X, y, areas, rowWeights, { l2: 1 }), 3);
  const stored = trainingPrior(X, y, areas, rowWeights, weights, 1).prior;
  const json = (): StoredModelPrior => JSON.parse(JSON.stringify(stored));

  it('parses back to the Hessian within the rounding of its factor', () => {
    const { X: X2 } = { X };
    const exact = weights.models.map((m, k) => {
      const rows = [...Array(1200).keys()].filter((r) => (k === 0 ? areas[r] < weights.bucketBounds[0]
        : k === 3 ? areas[r] >= weights.bucketBounds[2] : areas[r] >= weights.bucketBounds[k - 1] && areas[r] < weights.bucketBounds[k]));
      const Z = rows.flatMap((r) => [0, 1, 2].map((j) => (X2.data[r * 3 + j] - m.mean[j]) / m.scale[j]));
      const yb = rows.map((r) => y[r]);
      const balanced = rows.map((r) => rows.length / (2 * yb.filter((v) => v === y[r]).length));
      return logisticCurvature(Z, yb, balanced, [...m.coef, m.intercept], 1).hessian;
    });
    const prior = parseModelPrior(json(), weights);
    expect(prior.fingerprint).toBe(modelFingerprint(weights));
    prior.buckets.forEach((b, k) => {
      const norm = Math.max(...Array.from(exact[k], Math.abs));
      b.hessian.forEach((v, i) => expect(Math.abs(v - exact[k][i]) / norm).toBeLessThan(1e-3));
    });
  });

  it('refuses another model, format or version, a factor of the wrong size, a non-number, a non-positive pivot', () => {
    const other = { ...weights, models: weights.models.map((m) => ({ ...m, intercept: m.intercept + 1e-9 })) };
    expect(() => parseModelPrior(json(), other)).toThrow(/belongs to model .* use the prior written beside these weights/);
    expect(() => parseModelPrior({ ...json(), format: 'x' }, weights)).toThrow(/format is "x"/);
    expect(() => parseModelPrior({ ...json(), formatVersion: 2 }, weights)).toThrow(/format version 2/);
    const short = json();
    short.buckets[1].cholesky.pop();
    expect(() => parseModelPrior(short, weights)).toThrow(/buckets\[1\]\.cholesky must hold 10 numbers/);
    const nan = json() as unknown as { buckets: Array<{ cholesky: unknown[] }> };
    nan.buckets[2].cholesky[3] = 'x';
    expect(() => parseModelPrior(nan, weights)).toThrow(/buckets\[2\]\.cholesky\[3\] is not a finite number/);
    const zero = json();
    zero.buckets[0].cholesky[0] = 0;
    expect(() => parseModelPrior(zero, weights)).toThrow(/diagonal entry 0 must be positive/);
    expect(() => parseModelPrior(null, weights)).toThrow(/the file is not an object/);
    expect(() => parseModelPrior({ ...json(), buckets: [] }, weights)).toThrow(/buckets must be a list of 4/);
  });

  it('names its file beside the weights', () => {
    expect(priorFileName('public/model/winnow-lr-v3.json')).toBe('public/model/winnow-lr-v3.prior.json');
    expect(() => storedModelPrior(weights, [], 'x')).toThrow(/need 4 buckets, got 0/);
  });
});

describe('the bundled prior', () => {
  const weightsJson = JSON.parse(readFileSync('public/model/winnow-lr-v3.json', 'utf8')) as StoredModelWeights;
  const priorJson = JSON.parse(readFileSync('public/model/winnow-lr-v3.prior.json', 'utf8')) as StoredModelPrior;

  it('belongs to the bundled weights, and records a near-zero gradient there (trainingPrior computes it; its own test can fail)', () => {
    parseModelWeights(weightsJson, FEATURE_SCHEMA);
    const prior = parseModelPrior(priorJson, weightsJson);
    expect(prior.buckets).toHaveLength(4);
    expect(prior.buckets[0].size).toBe(FEATURE_SCHEMA.features.length + 1);
    for (const b of priorJson.buckets) {
      expect(b.relativeGradient).toBeLessThan(1e-6);
      expect(b.l2).toBe(1);
    }
    // Rows per bucket are what the model card says the weights were fitted on.
    priorJson.buckets.forEach((b, k) => expect(b.rows).toBe(weightsJson.models[k].trainedOn.positives + weightsJson.models[k].trainedOn.negatives));
  });
});
