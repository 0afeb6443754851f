import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  adjustedRandIndex, bcubed, geometricNmi, partitionAgreement, UNSEGMENTED,
} from '../../src/segmentation/segmentationScores.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

/** NMI = I / sqrt(H(X)·H(Y)) from the probabilities of every pair of label values, counted by scanning the items. */
function plainNmi(x: number[], y: number[]): number {
  const n = x.length;
  const count = (f: (i: number) => boolean) => x.reduce((s, _, i) => s + (f(i) ? 1 : 0), 0);
  const xs = [...new Set(x)];
  const ys = [...new Set(y)];
  const h = (values: number[], of: number[]) => -values.reduce((s, v) => {
    const p = count((i) => of[i] === v) / n;
    return s + p * Math.log(p);
  }, 0);
  let mi = 0;
  for (const u of xs) {
    for (const v of ys) {
      const pxy = count((i) => x[i] === u && y[i] === v) / n;
      if (pxy > 0) mi += pxy * Math.log(pxy / ((count((i) => x[i] === u) / n) * (count((i) => y[i] === v) / n)));
    }
  }
  const hx = h(xs, x);
  const hy = h(ys, y);
  if (hx === 0 && hy === 0) return 1;
  if (hx === 0 || hy === 0) return 0;
  return mi / Math.sqrt(hx * hy);
}

/** BCubed straight from the per-element definition: for each element, scan all others. */
function perElementBCubed(pred: number[], truth: number[], w: number[]) {
  const directed = (from: number[], to: number[]) => {
    let num = 0, den = 0;
    for (let e = 0; e < from.length; e++) {
      if (from[e] === UNSEGMENTED || w[e] === 0) continue;
      let inSegment = 0, shared = 0;
      for (let f = 0; f < from.length; f++) {
        if (from[f] !== from[e]) continue;
        inSegment += w[f];
        if (to[e] !== UNSEGMENTED && to[f] === to[e]) shared += w[f];
      }
      num += w[e] * (shared / inSegment);
      den += w[e];
    }
    return den === 0 ? NaN : num / den;
  };
  return { precision: directed(pred, truth), recall: directed(truth, pred) };
}

const labelingPair = fc.integer({ min: 0, max: 25 }).chain((n) => fc.tuple(
  fc.array(fc.integer({ min: 0, max: 4 }), { minLength: n, maxLength: n }),
  fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }),
));

describe('adjusted Rand index and NMI', () => {
  it('identical partitions (under any names) score 1', () => {
    expect(adjustedRandIndex([0, 0, 1, 1, 2], [7, 7, 3, 3, 9])).toBe(1);
    expect(geometricNmi([0, 0, 1, 1, 2], [7, 7, 3, 3, 9])).toBeCloseTo(1, 12);
  });

  it('a crossed 2×2 design shares no information: NMI 0, ARI −1/2 worked by hand', () => {
    // Contingency all ones: Σ C(n_ij,2) = 0, Σ C(a_i,2) = Σ C(b_j,2) = 2, C(4,2) = 6, E = 4/6,
    // ARI = (0 − 2/3) / (2 − 2/3) = −1/2.
    expect(adjustedRandIndex([0, 0, 1, 1], [0, 1, 0, 1])).toBeCloseTo(-0.5, 12);
    expect(geometricNmi([0, 0, 1, 1], [0, 1, 0, 1])).toBeCloseTo(0, 12);
  });

  it('a small NMI worked by hand: {0,1}{2,3} against {0,1,2}{3}', () => {
    const mi = 0.5 * Math.log(4 / 3) + 0.25 * Math.log(2 / 3) + 0.25 * Math.log(2);
    const hA = Math.log(2);
    const hB = -(0.75 * Math.log(0.75) + 0.25 * Math.log(0.25));
    expect(geometricNmi([0, 0, 1, 1], [0, 0, 0, 1])).toBeCloseTo(mi / Math.sqrt(hA * hB), 12);
  });

  it('independent random partitions of many items have ARI and NMI near 0', () => {
    const random = seededRandom(3);
    const a = Array.from({ length: 5000 }, () => Math.floor(random() * 5));
    const b = Array.from({ length: 5000 }, () => Math.floor(random() * 4));
    expect(Math.abs(adjustedRandIndex(a, b))).toBeLessThan(0.01);
    expect(geometricNmi(a, b)).toBeLessThan(0.01);
  });

  it('edge cases: a single cluster on both sides is agreement, on one side only it is no information', () => {
    expect(geometricNmi([1, 1, 1], [2, 2, 2])).toBe(1);
    expect(geometricNmi([1, 1, 1], [1, 2, 3])).toBe(0);
    expect(geometricNmi([], [])).toBe(1);
  });

  // ARI is clusterAgreement's, checked against the pair-count definition in test/property/clusterAgreement.test.ts.
  it('NMI equals a plain implementation on random partitions and lies in [0, 1]', () => {
    fc.assert(fc.property(labelingPair, ([x, y]) => {
      const nmi = geometricNmi(x, y);
      if (x.length > 0) expect(nmi).toBeCloseTo(plainNmi(x, y), 10);
      expect(nmi).toBeGreaterThanOrEqual(0);
      expect(nmi).toBeLessThanOrEqual(1);
    }), { numRuns: 1000 });
  });
});

describe('partitionAgreement: elements nobody segmented, and elements the method left alone', () => {
  it('drops elements outside every true segment', () => {
    const r = partitionAgreement([0, 0, 1, 1, 5, 6], [0, 0, 1, 1, UNSEGMENTED, UNSEGMENTED]);
    expect(r).toEqual({ ari: 1, nmi: 1, elements: 4 });
  });

  it('makes each element the method left unsegmented a segment of its own', () => {
    const r = partitionAgreement([UNSEGMENTED, UNSEGMENTED, 0, 0], [0, 0, 1, 1]);
    expect(r.ari).toBeCloseTo(adjustedRandIndex([10, 11, 0, 0], [0, 0, 1, 1]), 12);
    expect(r.nmi).toBeCloseTo(geometricNmi([10, 11, 0, 0], [0, 0, 1, 1]), 12);
    expect(r.ari).toBeLessThan(1);
  });

  it('is NaN below two compared elements, and rejects labelings of different lengths', () => {
    expect(partitionAgreement([0, 1], [0, UNSEGMENTED])).toEqual({ ari: NaN, nmi: NaN, elements: 1 });
    expect(() => partitionAgreement([0], [0, 1])).toThrow(/differ/);
  });
});

describe('BCubed as Webis-WebSeg-20 defines it', () => {
  // truth: {0,1,2} {3,4}, element 5 unsegmented; predicted: {0,1} {2,3,4,5}.
  const truth = [0, 0, 0, 1, 1, UNSEGMENTED];
  const predicted = [0, 0, 1, 1, 1, 1];

  it('counting elements (the "nodes" weighting), worked by hand', () => {
    // precision per element: 1, 1, 1/4, 2/4, 2/4, 0 (5 is in no true segment) → 3.25 / 6 = 13/24.
    // recall per element of the true segments: 2/3, 2/3, 1/3, 1, 1 → (11/3) / 5 = 11/15.
    const r = bcubed(predicted, truth);
    expect(r.precision).toBeCloseTo(13 / 24, 12);
    expect(r.recall).toBeCloseTo(11 / 15, 12);
    expect(r.f1).toBeCloseTo((2 * (13 / 24) * (11 / 15)) / (13 / 24 + 11 / 15), 12);
  });

  it('weighted by characters, worked by hand; elements without text drop out', () => {
    const chars = [10, 0, 5, 1, 1, 3];
    // Predicted segments weigh 10 and 10. precision: (10·1 + 5·5/10 + 1·2/10 + 1·2/10 + 3·0) / 20 = 12.9 / 20.
    // True segments weigh 15 and 2. recall: (10·10/15 + 5·5/15 + 1·1 + 1·1) / 17 = (31/3) / 17 = 31/51.
    const r = bcubed(predicted, truth, chars);
    expect(r.precision).toBeCloseTo(12.9 / 20, 12);
    expect(r.recall).toBeCloseTo(31 / 51, 12);
  });

  it('is 1 for identical segmentations and swaps precision and recall when the sides swap', () => {
    expect(bcubed([3, 3, 4, UNSEGMENTED], [0, 0, 1, UNSEGMENTED])).toEqual({ precision: 1, recall: 1, f1: 1 });
    const r = bcubed(predicted, truth);
    const swapped = bcubed(truth, predicted);
    expect(swapped.precision).toBeCloseTo(r.recall, 12);
    expect(swapped.recall).toBeCloseTo(r.precision, 12);
  });

  it('all together scores recall 1, all apart scores precision 1', () => {
    const t = [0, 0, 1, 1, 1];
    expect(bcubed([0, 0, 0, 0, 0], t).recall).toBe(1);
    expect(bcubed([0, 1, 2, 3, 4], t).precision).toBe(1);
  });

  it('nothing predicted: precision NaN, recall 0, F1 NaN; nothing shared: F1 0', () => {
    const r = bcubed([UNSEGMENTED, UNSEGMENTED], [0, 0]);
    expect(r.precision).toBeNaN();
    expect(r.recall).toBe(0);
    expect(r.f1).toBeNaN();
    expect(bcubed([0, UNSEGMENTED], [UNSEGMENTED, 0]).f1).toBe(0);
    expect(() => bcubed([0], [0], [-1])).toThrow(/weight/);
    expect(() => bcubed([0], [0, 1])).toThrow(/lengths/);
  });

  it('equals the per-element definition on random segmentations and weights', () => {
    const segmentation = (n: number) => fc.array(fc.integer({ min: -1, max: 4 }), { minLength: n, maxLength: n });
    const input = fc.integer({ min: 1, max: 20 }).chain((n) => fc.tuple(
      segmentation(n), segmentation(n), fc.array(fc.integer({ min: 0, max: 30 }), { minLength: n, maxLength: n }),
    ));
    fc.assert(fc.property(input, ([p, t, w]) => {
      const fast = bcubed(p, t, w);
      const slow = perElementBCubed(p, t, w);
      for (const key of ['precision', 'recall'] as const) {
        if (Number.isNaN(slow[key])) expect(fast[key]).toBeNaN();
        else expect(fast[key]).toBeCloseTo(slow[key], 10);
      }
    }), { numRuns: 1000 });
  });
});
