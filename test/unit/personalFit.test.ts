import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitLogistic, sigmoid } from '../../src/model/logisticRegression.ts';
import { logisticCurvature } from '../../src/model/logisticCurvature.ts';
import { solveCholesky } from '../../src/model/cholesky.ts';
import { fitWithPrior } from '../../src/model/priorLogisticFit.ts';
import { parseModelPrior, type ModelPrior, type StoredModelPrior } from '../../src/model/modelPrior.ts';
import {
  fitPersonalModel, heldOutSplits, segmentScore, type LabelledRows,
} from '../../src/model/personalFit.ts';
import { pageFolds, siteOfPageUrl } from '../../src/model/labelFolds.ts';
import { bucketOf } from '../../src/model/bucketedModel.ts';
import { modelVersionOf } from '../../src/model/modelFile.ts';
import { parseModelWeights, type StoredModelWeights } from '../../src/model/weights.ts';
import { FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

const bundled = JSON.parse(readFileSync('public/model/winnow-lr-v3.json', 'utf8')) as StoredModelWeights;
const prior: ModelPrior = parseModelPrior(
  JSON.parse(readFileSync('public/model/winnow-lr-v3.prior.json', 'utf8')) as StoredModelPrior, bundled);
const d = bundled.featureSchema.features.length;
const fixedNow = new Date('2026-11-25T10:00:00.000Z');

/**
 * Rows of one kind of segment: bucket k's mean node moved along one direction, with a little noise, so rows of the
 * "same" segment on pages of one site look alike (as a site's nav does from page to page).
 */
function segmentRows(k: number, direction: number[], seed: number, rows = 12): Pick<LabelledRows, 'features' | 'areaFractions'> {
  const rand = seededRandom(seed);
  const m = bundled.models[k];
  const lower = k === 0 ? bundled.bucketBounds[0] / 2 : bundled.bucketBounds[k - 1];
  const upper = k === 3 ? 0.05 : bundled.bucketBounds[k];
  return {
    features: Array.from({ length: rows }, () => m.mean.map((mu, j) => mu + m.scale[j] * (direction[j] + 0.05 * (rand() - 0.5)))),
    areaFractions: Array.from({ length: rows }, () => lower + (upper - lower) * (0.2 + 0.6 * rand())),
  };
}

/** A direction in feature space the bundled model calls clearly template in bucket k (along its coefficients). */
function templateDirection(k: number, strength = 0.6): number[] {
  const c = bundled.models[k].coef;
  const norm = Math.hypot(...c);
  return c.map((v) => (strength * v) / norm);
}

describe('fitPersonalModel', () => {
  it('gives the bundled coefficients back without labels, as a personal, parseable model with its own version', () => {
    const { model, info } = fitPersonalModel(bundled, prior, [], { now: fixedNow });
    expect(model.models.map((m) => [m.coef, m.intercept])).toEqual(bundled.models.map((m) => [m.coef, m.intercept]));
    expect(() => parseModelWeights(model, FEATURE_SCHEMA)).not.toThrow();
    expect(modelVersionOf(model)).not.toBe(modelVersionOf(bundled));
    expect(model.training.data).toMatch(/^personal: 0 labelled segments/);
    expect(model.training.date).toBe(fixedNow.toISOString());
    expect(info).toEqual({ trainedAt: fixedNow.toISOString(), version: modelVersionOf(model), pages: 0, segments: 0, rows: 0, heldOut: null });
    expect(bundled.training.data).not.toMatch(/personal/);
  });

  it("flips a site's contradicted segments on its held-out pages and leaves untouched buckets alone", () => {
    const k = 1;
    const dir = templateDirection(k);
    const pages = ['https://news.example/a', 'https://news.example/b', 'https://news.example/c'];
    const labelled: LabelledRows[] = pages.map((page, p) => ({ page, label: 'content', ...segmentRows(k, dir, p + 1) }));
    for (const s of labelled) expect(segmentScore(bundled, s)).toBeGreaterThan(0.5);
    const { model, info } = fitPersonalModel(bundled, prior, labelled, { now: fixedNow });
    // A fourth page of the same template, never labelled.
    const unseen = segmentRows(k, dir, 99);
    expect(segmentScore(bundled, unseen)).toBeGreaterThan(0.5);
    expect(segmentScore(model, unseen)).toBeLessThan(0.5);
    expect(info.heldOut).toEqual({ pages: 3, segments: 3, before: 0, after: 1, by: 'page' });
    for (const b of [0, 2, 3]) expect(model.models[b].coef).toEqual(bundled.models[b].coef);
    expect(model.models[k].trainedOn.negatives).toBe(bundled.models[k].trainedOn.negatives + 36);
  });

  it('holds out every one of 50 labelled segments on pages of 5 sites (its time: src/cli/bench/benchPersonalFit.ts)', () => {
    const labelled: LabelledRows[] = Array.from({ length: 50 }, (_, s) => ({
      page: `https://site${s % 5}.example/p${s % 10}`, label: s % 3 ? 'content' : 'template',
      ...segmentRows(s % 4, templateDirection(s % 4, (s % 7) / 10), s),
    }));
    const { info } = fitPersonalModel(bundled, prior, labelled);
    expect(info.heldOut).toMatchObject({ segments: 50, pages: 10, by: 'site' });
  });

  it('refuses rows of another width, non-numbers, unknown labels and a prior of another model', () => {
    const good = { page: 'p', label: 'content' as const, ...segmentRows(0, templateDirection(0), 1, 2) };
    expect(() => fitPersonalModel(bundled, prior, [{ ...good, features: [[1, 2]], areaFractions: [0.1] }]))
      .toThrow(/labelled segment 0 \(page p\): row 0 has 2 features, the model has 62/);
    expect(() => fitPersonalModel(bundled, prior, [{ ...good, features: [good.features[0].map(() => NaN)], areaFractions: [0.1] }]))
      .toThrow(/row 0 holds a non-number/);
    expect(() => fitPersonalModel(bundled, prior, [{ ...good, areaFractions: [0.1] }])).toThrow(/same length/);
    expect(() => fitPersonalModel(bundled, prior, [{ ...good, label: 'nav' as 'content' }])).toThrow(/label must be template or content/);
    expect(() => fitPersonalModel(bundled, { ...prior, fingerprint: '00000000' }, [good])).toThrow(/the prior belongs to model/);
    expect(() => fitPersonalModel(bundled, prior, [good], { userWeight: -1 })).toThrow(/user weight/);
  });
});

describe('prior from D1 + D2 against the direct fit on D1 ∪ D2', () => {
  /** Newton on the exact objective (logisticCurvature): the reference, free of any approximation. */
  function directFit(Z: number[], y: number[], w: number[], p: number, l2: number): Float64Array {
    let theta = new Float64Array(p);
    for (let i = 0; i < 100; i++) {
      const c = logisticCurvature(Z, y, w, theta, l2);
      const step = solveCholesky(c.hessian, c.gradient, p);
      theta = theta.map((v, k) => v - step[k]);
      if (Math.max(...Array.from(step, Math.abs)) < 1e-12) break;
    }
    return theta;
  }

  it('recovers nearly all of the move D2 makes (the Laplace error is second order in the move)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1500, max: 3000 }), fc.integer({ min: 5, max: 30 }),
      fc.integer(), (dims, n1, n2, seed) => {
        const rand = seededRandom(seed);
        const truth = Array.from({ length: dims + 1 }, () => rand() * 2 - 1);
        const draw = (n: number, shift: number) => {
          const X = Array.from({ length: n * dims }, () => rand() * 4 - 2 + shift);
          const y = Array.from({ length: n }, (_, r) => {
            const t = X.slice(r * dims, (r + 1) * dims).reduce((s, x, j) => s + x * truth[j], truth[dims]);
            return rand() < sigmoid(shift ? -t : t) ? 1 : 0; // D2 contradicts D1's model
          });
          return { X, y };
        };
        const d1 = draw(n1, 0);
        const d2 = draw(n2, 0.5);
        const fit = fitLogistic({ rows: n1, cols: dims, data: Float64Array.from(d1.X) }, d1.y, { l2: 1 });
        const standardise = (X: number[]) => X.map((x, i) => (x - fit.mean[i % dims]) / fit.scale[i % dims]);
        const Z1 = standardise(d1.X);
        const Z2 = standardise(d2.X);
        const thetaStar = [...fit.coef, fit.intercept];
        const H = logisticCurvature(Z1, d1.y, new Array(n1).fill(1), thetaStar, 1).hessian;
        const approx = fitWithPrior({ thetaStar, hessian: H, Z: Z2, y: d2.y, weights: new Array(n2).fill(1) }).theta;
        const direct = directFit([...Z1, ...Z2], [...d1.y, ...d2.y], new Array(n1 + n2).fill(1), dims + 1, 1);
        const move = Math.max(...thetaStar.map((v, k) => Math.abs(v - direct[k])));
        const error = Math.max(...Array.from(approx, (v, k) => Math.abs(v - direct[k])));
        // Second order: 14,000 draws of these inputs gave error / move² at most 1.05 (error / move reached 0.12, so a
        // bound linear in the move fails now and then: CI's draw had error / move 0.107, at move 0.144). Returning θ* unmoved gives
        // error = move, which fails this bound for every move under 0.5 (the moves here are under 0.15).
        expect(error).toBeLessThanOrEqual(2 * move * move + 1e-6);
      }), { numRuns: 40, examples: [[4, 1508, 26, -645356546]] }); // the draw CI failed on with the linear bound
  });
});

describe('held-out splits', () => {
  const pageArb = fc.record({ site: fc.integer({ min: 0, max: 3 }), page: fc.integer({ min: 0, max: 6 }) })
    .map(({ site, page }) => `https://www.site${site}.example/p${page}`);

  it('never puts one page (or, with several sites, one site) in both the fit and the test', () => {
    fc.assert(fc.property(fc.array(pageArb, { maxLength: 40 }), fc.integer({ min: 2, max: 6 }), (pages, folds) => {
      const segments = pages.map((page, k) => ({ page, k }));
      const splits = heldOutSplits(segments, folds);
      const distinct = new Set(pages);
      if (distinct.size < 2) {
        expect(splits).toBeNull();
        return;
      }
      const several = new Set(pages.map(siteOfPageUrl)).size > 1;
      const tested = new Map<number, number>();
      for (const { fit, test } of splits!) {
        const unit = (s: { page: string }) => (several ? siteOfPageUrl(s.page) : s.page);
        const fitUnits = new Set(fit.map(unit));
        for (const s of test) {
          expect(fitUnits.has(unit(s))).toBe(false);
          tested.set(s.k, (tested.get(s.k) ?? 0) + 1);
        }
        expect(fit.length + test.length).toBe(segments.length);
        expect(test.length).toBeGreaterThan(0);
      }
      // Every segment is measured exactly once.
      expect([...tested.values()].every((n) => n === 1) && tested.size === segments.length).toBe(true);
    }), { numRuns: 300 });
  });

  it('reads sites from addresses and refuses fewer than 2 folds', () => {
    expect(siteOfPageUrl('https://www.News.example:8443/a?b')).toBe('news.example');
    expect(siteOfPageUrl('file:///tmp/a.html')).toBe('');
    expect(() => pageFolds(['a', 'b'], 1)).toThrow(/folds must be an integer ≥ 2/);
    expect(bucketOf(0, bundled.bucketBounds)).toBe(0);
  });
});

void d;
