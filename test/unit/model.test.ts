import { describe, expect, it } from 'vitest';
import { fitLogistic, sigmoid } from '../../src/model/logisticRegression.ts';
import { solveCholesky } from '../../src/model/cholesky.ts';
import { bucketOf, classifyNodes, quartileBounds, trainBucketedModel } from '../../src/model/bucketedModel.ts';
import { parseModelWeights } from '../../src/model/weights.ts';
import { columnStandardisation } from '../../src/model/featureMatrix.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

/** Rows drawn from a known logistic model: y ~ Bernoulli(sigmoid(2·x0 − 3·x1 + 0.5)). */
function syntheticData(n: number, seed = 1) {
  const rand = seededRandom(seed);
  const data = new Float64Array(n * 3);
  const y = new Uint8Array(n);
  for (let r = 0; r < n; r++) {
    const x0 = rand() * 4 - 2, x1 = rand() * 4 - 2, x2 = rand();
    data.set([x0, x1, x2], r * 3);
    y[r] = rand() < sigmoid(2 * x0 - 3 * x1 + 0.5) ? 1 : 0;
  }
  return { X: { rows: n, cols: 3, data }, y };
}

const schema = { name: 'test-schema', version: 3, features: ['a', 'b', 'c'] };

function storedWeights(overrides: Record<string, unknown> = {}) {
  const model = { mean: [0, 0, 0], scale: [1, 1, 1], coef: [1, 0, 0], intercept: 0, trainedOn: { positives: 1, negatives: 1 } };
  return {
    format: 'winnow-lr-buckets', formatVersion: 1, featureSchema: { ...schema, features: [...schema.features] },
    bucketBounds: [0.1, 0.2, 0.5], models: [model, model, model, model],
    training: { command: 'test', data: 'none', date: '2026-11-22' }, ...overrides,
  };
}

describe('solveCholesky', () => {
  it('solves a symmetric positive definite system', () => {
    const A = Float64Array.from([4, 2, 0.6, 2, 5, 1, 0.6, 1, 3]);
    const x = solveCholesky(A, Float64Array.from([1, 2, 3]), 3);
    for (let i = 0; i < 3; i++) {
      const row = A[i * 3] * x[0] + A[i * 3 + 1] * x[1] + A[i * 3 + 2] * x[2];
      expect(row).toBeCloseTo([1, 2, 3][i], 10);
    }
  });
  it('refuses a negative definite matrix', () => {
    expect(() => solveCholesky(Float64Array.from([-1, 0, 0, -1]), Float64Array.from([1, 1]), 2)).toThrow(/positive definite/);
  });
});

describe('fitLogistic', () => {
  it('recovers the generating coefficients on plenty of data', () => {
    const { X, y } = syntheticData(20000);
    const fit = fitLogistic(X, y, { l2: 1e-3 });
    // back to raw-feature coefficients
    const raw = fit.coef.map((c, j) => c / fit.scale[j]);
    expect(raw[0]).toBeCloseTo(2, 0);
    expect(raw[1]).toBeCloseTo(-3, 0);
    expect(Math.abs(raw[2])).toBeLessThan(0.3);
    expect(fit.iterations).toBeLessThan(20);
  });

  it('stops at a stationary point of the penalised loss (gradient checked independently)', () => {
    const { X, y } = syntheticData(500, 7);
    const weights = Float64Array.from({ length: 500 }, (_, r) => 1 + (r % 3));
    const l2 = 2;
    const fit = fitLogistic(X, y, { l2, sampleWeights: weights });
    const { mean, scale } = columnStandardisation(X);
    const grad = [0, 0, 0, 0];
    for (let r = 0; r < 500; r++) {
      const z = [0, 1, 2].map((j) => (X.data[r * 3 + j] - mean[j]) / scale[j]);
      const p = sigmoid(z.reduce((s, v, j) => s + v * fit.coef[j], fit.intercept));
      z.forEach((v, j) => (grad[j] += weights[r] * (p - y[r]) * v));
      grad[3] += weights[r] * (p - y[r]);
    }
    fit.coef.forEach((c, j) => (grad[j] += l2 * c));
    for (const g of grad) expect(Math.abs(g)).toBeLessThan(1e-4);
  });

  it('stays finite on perfectly separable data thanks to the penalty', () => {
    const data = Float64Array.from([0, 1, 2, 3, 4, 5]);
    const fit = fitLogistic({ rows: 6, cols: 1, data }, [0, 0, 0, 1, 1, 1], { l2: 0.1 });
    expect(Number.isFinite(fit.coef[0])).toBe(true);
    expect(fit.coef[0]).toBeGreaterThan(0);
  });
});

describe('bucketed model', () => {
  it('puts each area fraction into the bucket its bounds say', () => {
    expect([0, 0.09, 0.1, 0.19, 0.2, 0.49, 0.5, 1].map((a) => bucketOf(a, [0.1, 0.2, 0.5]))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('takes quartiles as default bounds, strictly rising even when values repeat', () => {
    expect(quartileBounds([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8])).toEqual([0.3, 0.5, 0.7]);
    const b = quartileBounds(new Array(10).fill(0.05));
    expect(b[0]).toBeLessThan(b[1]);
    expect(b[1]).toBeLessThan(b[2]);
  });

  it('classifies with the model of each row\'s bucket, standardisation folded in', () => {
    const w = storedWeights();
    w.models = [0, 1, 2, 3].map((k) => ({ mean: [1, 0, 0], scale: [2, 1, 1], coef: [k, 0, 0], intercept: -k,
      trainedOn: { positives: 1, negatives: 1 } }));
    const weights = parseModelWeights(w, schema);
    const X = { rows: 4, cols: 3, data: Float64Array.from([3, 0, 0, 3, 0, 0, 3, 0, 0, 3, 0, 0]) };
    const p = classifyNodes(weights, X, [0.05, 0.15, 0.3, 0.9]);
    // z = (3 − 1) / 2 = 1, so t = k·1 − k = 0 in every bucket
    for (const v of p) expect(v).toBeCloseTo(0.5, 12);
    const q = classifyNodes(weights, { ...X, data: Float64Array.from([5, 0, 0, 5, 0, 0, 5, 0, 0, 5, 0, 0]) }, [0.05, 0.15, 0.3, 0.9]);
    [0, 1, 2, 3].forEach((k) => expect(q[k]).toBeCloseTo(sigmoid(k), 12));
  });

  it('trains four models, and a bucket short of one class borrows the pooled model', () => {
    const { X, y } = syntheticData(4000, 3);
    const areas = Float64Array.from({ length: 4000 }, (_, r) => (r % 4) / 4 + 0.01);
    for (let r = 0; r < 4000; r++) if (r % 4 === 3) y[r] = 0; // largest bucket: no template rows
    const fit = trainBucketedModel(X, y, areas, { l2: 1, balanceClasses: true, bounds: [0.2, 0.45, 0.7] });
    expect(fit.models).toHaveLength(4);
    expect(fit.models[3].trainedOn.borrowedFrom).toBe(-1);
    expect(fit.models[0].trainedOn.borrowedFrom).toBeUndefined();
    const weights = parseModelWeights(storedWeights({ models: fit.models, bucketBounds: fit.bounds }), schema);
    const p = classifyNodes(weights, X, areas);
    let correct = 0;
    for (let r = 0; r < 4000; r += 4) correct += (p[r] >= 0.5 ? 1 : 0) === y[r] ? 1 : 0;
    expect(correct / 1000).toBeGreaterThan(0.8);
  });
});

describe('parseModelWeights', () => {
  it('accepts well-formed weights', () => {
    expect(parseModelWeights(storedWeights(), schema).featureCount).toBe(3);
  });
  it.each([
    ['a wrong format', { format: 'other' }, /format/],
    ['a newer format version', { formatVersion: 2 }, /format version/],
    ['another feature schema', { featureSchema: { name: 'test-schema', version: 2, features: ['a', 'b', 'c'] } }, /retrain/],
    ['reordered features', { featureSchema: { ...schema, features: ['b', 'a', 'c'] } }, /retrain/],
    ['three models', { models: [] }, /list of 4/],
    ['falling bucket bounds', { bucketBounds: [0.3, 0.2, 0.5] }, /rise/],
  ])('rejects %s', (_name, overrides, message) => {
    expect(() => parseModelWeights(storedWeights(overrides), schema)).toThrow(message);
  });
  it('rejects a non-finite coefficient and a zero scale', () => {
    const bad = storedWeights();
    bad.models = [...bad.models];
    bad.models[2] = { ...bad.models[2], coef: [1, null as unknown as number, 0] };
    expect(() => parseModelWeights(bad, schema)).toThrow(/models\[2\]\.coef/);
    bad.models[2] = { ...bad.models[0], scale: [1, 0, 1] };
    expect(() => parseModelWeights(bad, schema)).toThrow(/scale/);
  });
  it('rejects something that is not an object', () => {
    expect(() => parseModelWeights('nope', schema)).toThrow(/not an object/);
  });
});

describe('the bundled model file', () => {
  it('has one name: the library imports the file the CLI and the extension load', async () => {
    const { readFileSync, existsSync } = await import('node:fs');
    const { MODEL_FILE_NAME, modelVersionOf } = await import('../../src/model/modelFile.ts');
    expect(existsSync(`public/model/${MODEL_FILE_NAME}`)).toBe(true);
    expect(readFileSync('src/capture/winnowExtract.ts', 'utf8')).toContain(`'../../public/model/${MODEL_FILE_NAME}'`);
    const json = JSON.parse(readFileSync(`public/model/${MODEL_FILE_NAME}`, 'utf8'));
    expect(modelVersionOf(json)).toMatch(/^winnow-lr[\w-]*@v\d+@\d{4}-\d\d-\d\d/);
    expect(modelVersionOf(null)).toBe('winnow-lr');
  });
});
