import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canonicalClusters, correlationClustering, correlationCost, paperPair, pivotClustering,
  type CorrelationInstance, type CorrelationPair,
} from '../../src/segmentation/correlationClustering.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

/** Dense together/apart costs of every pair, read from the instance independently of the code under test. */
function denseCosts(inst: CorrelationInstance): { together: number[][]; apart: number[][] } {
  const n = inst.size;
  const together = Array.from({ length: n }, () => new Array<number>(n).fill(inst.defaultTogether));
  const apart = Array.from({ length: n }, () => new Array<number>(n).fill(inst.defaultApart));
  for (const { p, q, together: t, apart: a } of inst.pairs) {
    together[p][q] = together[q][p] = t;
    apart[p][q] = apart[q][p] = a;
  }
  return { together, apart };
}

function costOf(inst: CorrelationInstance, labels: ArrayLike<number>): number {
  const { together, apart } = denseCosts(inst);
  let c = 0;
  for (let i = 0; i < inst.size; i++) {
    for (let j = i + 1; j < inst.size; j++) c += labels[i] === labels[j] ? together[i][j] : apart[i][j];
  }
  return c;
}

/** The optimum over all set partitions (restricted growth strings; Bell(8) = 4140 of them). */
function bruteForceOptimum(inst: CorrelationInstance): number {
  const n = inst.size;
  const labels = new Array<number>(n).fill(0);
  let best = Infinity;
  const extend = (i: number, used: number) => {
    if (i === n) {
      best = Math.min(best, costOf(inst, labels));
      return;
    }
    for (let c = 0; c <= used; c++) {
      labels[i] = c;
      extend(i + 1, Math.max(used, c + 1));
    }
  };
  if (n === 0) return 0;
  extend(1, 1);
  return best;
}

/**
 * The exact expected cost of one pivot run, by recursion over the set of unclustered leaves (2^8 states): each
 * remaining leaf is the pivot with equal probability; its cluster is it plus the remaining leaves whose apart cost is
 * at least their together cost; pairs inside pay together, pairs between the cluster and the rest pay apart.
 */
function exactExpectedPivotCost(inst: CorrelationInstance): number {
  const { together, apart } = denseCosts(inst);
  const memo = new Map<number, number>();
  const expected = (remaining: number): number => {
    if (remaining === 0) return 0;
    const cached = memo.get(remaining);
    if (cached !== undefined) return cached;
    const members = [...Array(inst.size).keys()].filter((i) => remaining & (1 << i));
    let sum = 0;
    for (const p of members) {
      const inCluster = members.filter((q) => q === p || apart[p][q] >= together[p][q]);
      const rest = members.filter((q) => !inCluster.includes(q));
      let cost = 0;
      for (const a of inCluster) {
        for (const b of inCluster) if (a < b) cost += together[a][b];
        for (const b of rest) cost += apart[a][b];
      }
      const restMask = rest.reduce((m, q) => m | (1 << q), 0);
      sum += cost + expected(restMask);
    }
    const e = sum / members.length;
    memo.set(remaining, e);
    return e;
  };
  return expected((1 << inst.size) - 1);
}

/** All pairs listed with the paper's v_pq (probability constraint: together + apart = 1). */
const denseInstance = (n: number, v: (p: number, q: number) => number): CorrelationInstance => {
  const pairs: CorrelationPair[] = [];
  for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) pairs.push(paperPair(p, q, v(p, q)));
  return { size: n, pairs, defaultTogether: 0.5, defaultApart: 0.5 };
};

/** Tiny instances with v on a grid of tenths (0.5 included, so ties are exercised). */
const probabilityInstance = fc.integer({ min: 1, max: 8 }).chain((n) =>
  fc.array(fc.integer({ min: 0, max: 10 }), { minLength: (n * (n - 1)) / 2, maxLength: (n * (n - 1)) / 2 })
    .map((tenths) => {
      let k = 0;
      return denseInstance(n, () => tenths[k++] / 10);
    }));

/**
 * Instances that also obey ACN's triangle inequality on together costs: together = min(1, |x_p − x_q|) for points on
 * a line (a metric capped at 1 is still a metric), apart = 1 − together.
 */
const triangleInstance = fc.integer({ min: 1, max: 8 }).chain((n) =>
  fc.array(fc.integer({ min: 0, max: 20 }), { minLength: n, maxLength: n })
    .map((xs) => denseInstance(n, (p, q) => 1 - Math.min(1, Math.abs(xs[p] - xs[q]) / 10))));

/** Every pair's cheaper choice, summed: a lower bound on any clustering's cost. */
const pairLowerBound = (inst: CorrelationInstance) => {
  const { together, apart } = denseCosts(inst);
  let s = 0;
  for (let i = 0; i < inst.size; i++) for (let j = i + 1; j < inst.size; j++) s += Math.min(together[i][j], apart[i][j]);
  return s;
};

/** The largest cost any clustering can have: the range of one run's cost, for Hoeffding. */
const pairUpperBound = (inst: CorrelationInstance) => {
  const { together, apart } = denseCosts(inst);
  let s = 0;
  for (let i = 0; i < inst.size; i++) for (let j = i + 1; j < inst.size; j++) s += Math.max(together[i][j], apart[i][j]);
  return s;
};

const SEEDS = 2000;
/**
 * Hoeffding: the mean of N runs, each cost in [0, R], strays from its expectation by more than
 * R·sqrt(ln(2/δ) / 2N) with probability at most δ. δ = 1e-6 per instance: with N = 2000, about 0.06·R. The seeds are
 * fixed, so the test is deterministic; the tolerance says a pass is not a lucky draw of seeds.
 */
const hoeffding = (range: number) => range * Math.sqrt(Math.log(2 / 1e-6) / (2 * SEEDS));

function meanPivotCost(inst: CorrelationInstance): number {
  let sum = 0;
  for (let s = 1; s <= SEEDS; s++) sum += correlationCost(inst, pivotClustering(inst, seededRandom(s)));
  return sum / SEEDS;
}

describe('CClus (correlation clustering by CC-Pivot on the rounded graph)', () => {
  it('its cost function agrees with a plain sum over pairs, with and without a default', () => {
    fc.assert(fc.property(probabilityInstance, fc.integer({ min: 0, max: 1000 }), (inst, seed) => {
      const labels = pivotClustering(inst, seededRandom(seed));
      expect(correlationCost(inst, labels)).toBeCloseTo(costOf(inst, labels), 9);
      const sparse = { ...inst, pairs: inst.pairs.filter((_, k) => k % 2 === 0), defaultTogether: 0.3, defaultApart: 0.7 };
      expect(correlationCost(sparse, labels)).toBeCloseTo(costOf(sparse, labels), 9);
    }), { numRuns: 200 });
  });

  it('probability constraints: the exact expected cost is within ACN\'s factor 5 of the brute-force optimum, and the mean over 2000 seeds matches it within Hoeffding\'s bound', () => {
    fc.assert(fc.property(probabilityInstance, (inst) => {
      const opt = bruteForceOptimum(inst);
      const exact = exactExpectedPivotCost(inst);
      const mean = meanPivotCost(inst);
      const tolerance = hoeffding(pairUpperBound(inst));
      expect(exact).toBeLessThanOrEqual(5 * opt + 1e-9);
      expect(Math.abs(mean - exact)).toBeLessThanOrEqual(tolerance);
      expect(mean).toBeLessThanOrEqual(5 * opt + tolerance);
    }), { numRuns: 25 });
  });

  it('probability constraints and triangle inequality: within the paper\'s factor 2 (exactly in expectation, and the seeded mean within Hoeffding\'s bound)', () => {
    fc.assert(fc.property(triangleInstance, (inst) => {
      const opt = bruteForceOptimum(inst);
      const exact = exactExpectedPivotCost(inst);
      const mean = meanPivotCost(inst);
      const tolerance = hoeffding(pairUpperBound(inst));
      expect(exact).toBeLessThanOrEqual(2 * opt + 1e-9);
      expect(Math.abs(mean - exact)).toBeLessThanOrEqual(tolerance);
      expect(mean).toBeLessThanOrEqual(2 * opt + tolerance);
    }), { numRuns: 25 });
  });

  it('a best of k runs never costs more than the single run with the same seed, nor than fewer runs', () => {
    fc.assert(fc.property(probabilityInstance, fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 2, max: 12 }),
      (inst, seed, k) => {
        const one = correlationClustering(inst, { seed, runs: 1 });
        const fewer = correlationClustering(inst, { seed, runs: k - 1 });
        const best = correlationClustering(inst, { seed, runs: k });
        expect(one.clusters).toEqual(pivotClustering(inst, seededRandom(seed)));
        expect(best.cost).toBeLessThanOrEqual(fewer.cost);
        expect(fewer.cost).toBeLessThanOrEqual(one.cost);
        expect(best.cost).toBeCloseTo(correlationCost(inst, best.clusters), 9);
        expect(best.cost).toBeGreaterThanOrEqual(bruteForceOptimum(inst) - 1e-9);
      }), { numRuns: 150 });
  });

  it('recovers exactly a partition its costs are consistent with, for every seed, at the optimal cost', () => {
    const partition = fc.integer({ min: 1, max: 8 }).chain((n) => fc.tuple(
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }),
      fc.array(fc.integer({ min: 0, max: 4 }), { minLength: (n * (n - 1)) / 2, maxLength: (n * (n - 1)) / 2 }),
    ));
    fc.assert(fc.property(partition, fc.integer({ min: 0, max: 1e6 }), ([labels, jitter], seed) => {
      // Same block: v in (1/2, 1]; different blocks: v in [0, 1/2). Each pair's cheaper choice agrees with the blocks.
      let k = 0;
      const inst = denseInstance(labels.length, (p, q) => {
        const j = jitter[k++] / 10;
        return labels[p] === labels[q] ? 1 - j : j;
      });
      const truth = canonicalClusters(labels);
      expect(pivotClustering(inst, seededRandom(seed))).toEqual(truth);
      const { clusters, cost } = correlationClustering(inst, { seed, runs: 3 });
      expect(clusters).toEqual(truth);
      expect(cost).toBeCloseTo(pairLowerBound(inst), 9);
      expect(cost).toBeCloseTo(bruteForceOptimum(inst), 9);
    }), { numRuns: 200 });
  });

  it('a sparse list with a default gives the same clustering as the same costs spelled out', () => {
    fc.assert(fc.property(probabilityInstance, fc.boolean(), fc.integer({ min: 0, max: 1e6 }), (dense, joinByDefault, seed) => {
      const v = joinByDefault ? 0.8 : 0.2;
      const sparse: CorrelationInstance = {
        size: dense.size, pairs: dense.pairs.filter((_, k) => k % 3 !== 0), defaultTogether: 1 - v, defaultApart: v,
      };
      const spelled = denseInstance(dense.size, (p, q) => {
        const listed = sparse.pairs.find((e) => e.p === p && e.q === q);
        return listed ? listed.apart : v;
      });
      expect(pivotClustering(sparse, seededRandom(seed))).toEqual(pivotClustering(spelled, seededRandom(seed)));
    }), { numRuns: 200 });
  });

  it('the same seed gives the same segmentation; ids are numbered by smallest leaf', () => {
    const inst = denseInstance(8, (p, q) => ((p * 7 + q * 3) % 11) / 10);
    const a = correlationClustering(inst, { seed: 42, runs: 5 });
    const b = correlationClustering(inst, { seed: 42, runs: 5 });
    expect(a).toEqual(b);
    expect(a.clusters[0]).toBe(0);
    expect(canonicalClusters(a.clusters)).toEqual(a.clusters);
    expect(canonicalClusters([5, 5, 2, 9, 2])).toEqual(Int32Array.from([0, 0, 1, 2, 1]));
  });

  it('handles no leaves and one leaf; rejects malformed pairs', () => {
    expect(correlationClustering({ size: 0, pairs: [], defaultTogether: 0, defaultApart: 1 }).clusters).toEqual(new Int32Array(0));
    expect(correlationClustering({ size: 1, pairs: [], defaultTogether: 0, defaultApart: 1 })).toEqual({ clusters: Int32Array.from([0]), cost: 0 });
    const base = { size: 3, defaultTogether: 0.5, defaultApart: 0.5 };
    expect(() => correlationClustering({ ...base, pairs: [paperPair(0, 3, 0.5)] })).toThrow(/distinct leaves/);
    expect(() => correlationClustering({ ...base, pairs: [paperPair(1, 1, 0.5)] })).toThrow(/distinct leaves/);
    expect(() => correlationClustering({ ...base, pairs: [paperPair(0, 1, 0.5), paperPair(1, 0, 0.2)] })).toThrow(/twice/);
    expect(() => correlationClustering({ ...base, pairs: [paperPair(0, 1, 1.5)] })).toThrow(/negative/);
    expect(() => correlationClustering({ ...base, pairs: [] }, { runs: 0 })).toThrow(/runs/);
  });

  it('scales to a page-sized sparse instance (3,000 leaves, default apart) without listing all pairs', () => {
    const n = 3000;
    const pairs: CorrelationPair[] = [];
    for (let i = 0; i + 1 < n; i++) pairs.push(paperPair(i, i + 1, i % 50 === 49 ? 0.1 : 0.9));
    const { clusters } = correlationClustering({ size: n, pairs, defaultTogether: 1, defaultApart: 0 }, { seed: 7, runs: 3 });
    // Runs of 50 neighbours joined by v = 0.9 and separated by v = 0.1: a pivot takes only its direct neighbours,
    // so every cluster lies inside one run and has at most three leaves.
    const sizes = new Map<number, number>();
    clusters.forEach((c) => sizes.set(c, (sizes.get(c) ?? 0) + 1));
    expect(Math.max(...sizes.values())).toBeLessThanOrEqual(3);
    for (let i = 0; i + 1 < n; i++) if (i % 50 === 49) expect(clusters[i]).not.toBe(clusters[i + 1]);
  });
});
