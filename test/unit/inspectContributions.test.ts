// Per-feature contributions (src/inspect/featureContributions.ts): the classifier's logit split into the bucket's
// mean-node logit plus one term per feature, checked against classifyNodes on random models and rows.
import { describe, expect, it } from 'vitest';
import { explainScore } from '../../src/inspect/featureContributions.ts';
import { classifyNodes } from '../../src/model/bucketedModel.ts';
import { sigmoid } from '../../src/model/logisticRegression.ts';
import { parseModelWeights } from '../../src/model/weights.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

const D = 7;
const schema = { name: 'test-schema', version: 1, features: Array.from({ length: D }, (_, j) => `f${j}`) };

/** A stored model file with random standardisation, coefficients and intercepts, parsed (folded) as the app does. */
function randomWeights(rand: () => number) {
  const vec = (f: () => number) => Array.from({ length: D }, f);
  const models = [0, 1, 2, 3].map(() => ({
    mean: vec(() => rand() * 10 - 5),
    scale: vec(() => 0.1 + rand() * 3),
    coef: vec(() => rand() * 4 - 2),
    intercept: rand() * 4 - 2,
    trainedOn: { positives: 1, negatives: 1 },
  }));
  const stored = {
    format: 'winnow-lr-buckets', formatVersion: 1, featureSchema: schema, bucketBounds: [0.05, 0.2, 0.5], models,
    training: { command: 'test', data: 'random', date: '2026-11-24' },
  };
  return { stored, weights: parseModelWeights(stored, schema) };
}

describe('explainScore', () => {
  it('adds up to the classifier\'s logit on random models and rows: baseLogit + Σ contributions', () => {
    const rand = seededRandom(15);
    for (let trial = 0; trial < 40; trial++) {
      const { stored, weights } = randomWeights(rand);
      const rows = 25;
      const data = Float32Array.from({ length: rows * D }, () => rand() * 20 - 10);
      const areas = Float64Array.from({ length: rows }, () => rand() ** 2);
      const X = { rows, cols: D, data };
      const scores = classifyNodes(weights, X, areas);
      for (let r = 0; r < rows; r++) {
        const all = explainScore(weights, X, r, areas[r], D);
        expect(all.contributions).toHaveLength(D);
        // The logit is the one that made the score, to the last bit.
        expect(sigmoid(all.logit)).toBe(scores[r]);
        const sum = all.contributions.reduce((s, c) => s + c.contribution, all.baseLogit);
        const magnitude = all.contributions.reduce((s, c) => s + Math.abs(c.contribution), Math.abs(all.baseLogit));
        expect(Math.abs(sum - all.logit)).toBeLessThan(1e-12 * Math.max(1, magnitude));
        // The mean node's logit is the stored intercept: standardised features are 0 there.
        expect(all.baseLogit).toBeCloseTo(stored.models[all.bucket].intercept, 9);
        // Each term is coefficient × standardised value, as the stored model reads it.
        for (const c of all.contributions) {
          const j = schema.features.indexOf(c.feature);
          const m = stored.models[all.bucket];
          expect(c.value).toBe(data[r * D + j]);
          expect(c.contribution).toBeCloseTo(m.coef[j] * (c.value - m.mean[j]) / m.scale[j], 9);
        }
        const top = explainScore(weights, X, r, areas[r], 3);
        expect(top.contributions).toEqual(all.contributions.slice(0, 3));
        for (let k = 1; k < D; k++) {
          expect(Math.abs(all.contributions[k - 1].contribution)).toBeGreaterThanOrEqual(Math.abs(all.contributions[k].contribution));
        }
      }
    }
  });

  it('takes the model of the node\'s area bucket', () => {
    const { weights } = randomWeights(seededRandom(3));
    const X = { rows: 1, cols: D, data: new Float32Array(D).fill(1) };
    expect([0.01, 0.1, 0.3, 0.9].map((a) => explainScore(weights, X, 0, a, 2).bucket)).toEqual([0, 1, 2, 3]);
  });

  it('refuses rows it does not have and matrices of another width', () => {
    const { weights } = randomWeights(seededRandom(4));
    const X = { rows: 2, cols: D, data: new Float32Array(2 * D) };
    expect(() => explainScore(weights, X, 2, 0.1, 3)).toThrow(/no row 2 in 2/);
    expect(() => explainScore(weights, { rows: 1, cols: 3, data: new Float32Array(3) }, 0, 0.1, 3)).toThrow(/expects 7/);
  });
});
