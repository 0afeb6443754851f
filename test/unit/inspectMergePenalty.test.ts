// The merge penalty (src/inspect/mergePenalty.ts): the c above which merging a segment into its parent segment, the
// rest held fixed, costs less. Checked against the smoothing's own objective (smoothingCost) on the segments of real
// smoothings of random trees, and against re-smoothing where the local answer is the global one.
import { describe, expect, it } from 'vitest';
import { mergePenaltyFactor, segmentRootOf, type MergeProblem } from '../../src/inspect/mergePenalty.ts';
import { smoothTree } from '../../src/smooth/smoothTree.ts';
import { smoothingCost, type SmoothProblem } from '../../src/smooth/smoothProblem.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

interface RandomTree extends MergeProblem {
  parents: Int32Array;
  scores: Float64Array;
  weights: Float64Array;
  unitPenalties: Float64Array;
}

/**
 * A random tree in pre-order (as buildSmoothingProblem gives) with penalties the way the app makes them: γᵢ(1) =
 * A/Aᵢ with a child's area at most its parent's, so a child never costs less to split off than its parent.
 */
function randomTree(rand: () => number, n: number, scoreLevels = 4): RandomTree {
  const parents = new Int32Array(n);
  const area = new Float64Array(n);
  parents[0] = -1;
  area[0] = 1;
  for (let i = 1; i < n; i++) {
    // Mostly deep chains and a few siblings, like page trees; any earlier node keeps pre-order valid only if it is
    // on the path to the last node, so choose among the ancestors of i − 1.
    let p = i - 1;
    while (p > 0 && rand() < 0.4) p = parents[p];
    parents[i] = p;
    area[i] = area[p] * (0.1 + 0.9 * rand());
  }
  const scores = Float64Array.from({ length: n }, () => Math.floor(rand() * scoreLevels) / (scoreLevels - 1));
  const weights = Float64Array.from({ length: n }, () => 1 + Math.floor(rand() * 3));
  return { parents, scores, weights, unitPenalties: Float64Array.from(area, (a) => 1 / a) };
}

const atC = (t: RandomTree, c: number): SmoothProblem =>
  ({ parents: t.parents, scores: t.scores, weights: t.weights, penalties: t.unitPenalties.map((g) => c * g) });

/** `values` with the segment rooted at r (its nodes that share r's value, not nested segments) set to its parent's. */
function merged(t: RandomTree, values: Float64Array, r: number): Float64Array {
  const out = values.slice();
  const inS = new Uint8Array(values.length);
  for (let j = r; j < values.length; j++) {
    if (j === r || (inS[t.parents[j]] && values[j] === values[r])) {
      inS[j] = 1;
      out[j] = values[t.parents[r]];
    }
  }
  return out;
}

describe('mergePenaltyFactor', () => {
  it('is where merging, the rest held fixed, starts to cost less under the smoothing\'s own objective', () => {
    const rand = seededRandom(2007);
    let segments = 0;
    for (let trial = 0; trial < 300; trial++) {
      const t = randomTree(rand, 2 + Math.floor(rand() * 14));
      const c = 10 ** (-3 + 3 * rand());
      const { values, segments: roots } = smoothTree(atC(t, c));
      for (const r of roots) {
        const cStar = mergePenaltyFactor(t, values, r);
        if (r === 0) {
          expect(cStar).toBeNull();
          continue;
        }
        segments++;
        expect(cStar).not.toBeNull();
        // A segment of the optimum at c would not have merged at c.
        expect(cStar!).toBeGreaterThanOrEqual(c * (1 - 1e-9));
        const after = merged(t, values, r);
        const gap = (k: number) => smoothingCost(atC(t, k), after) - smoothingCost(atC(t, k), values);
        expect(Math.abs(gap(cStar!))).toBeLessThan(1e-9 * (1 + smoothingCost(atC(t, cStar!), values)));
        expect(gap(cStar! * 0.99)).toBeGreaterThan(0);
        expect(gap(cStar! * 1.01)).toBeLessThan(0);
      }
    }
    expect(segments).toBeGreaterThan(200);
  });

  it('is exactly where re-smoothing merges a segment into the one above it when nothing else can move', () => {
    // Two segments: the subtree of r scores v, everything else scores u < v and each of those nodes outweighs the
    // whole subtree (so the upper segment never gives in), and a child's penalty is at least its parent's (so no
    // part of the lower segment goes its own way). The only choice left is split or merge, which c* decides.
    const rand = seededRandom(15);
    let checked = 0;
    for (let trial = 0; trial < 300; trial++) {
      const t = randomTree(rand, 2 + Math.floor(rand() * 12));
      const n = t.parents.length;
      const r = 1 + Math.floor(rand() * (n - 1));
      let end = r + 1;
      while (end < n && t.parents[end] >= r) end++;
      const u = 0.1 + 0.4 * rand();
      const v = 0.55 + 0.4 * rand();
      let inside = 0;
      for (let j = 0; j < n; j++) {
        const inSub = j >= r && j < end;
        t.scores[j] = inSub ? v : u;
        if (inSub) inside += t.weights[j];
      }
      for (let j = 0; j < n; j++) if (j < r || j >= end) t.weights[j] = inside + 1 + Math.floor(rand() * 3);
      const planted = Float64Array.from(t.scores);
      const cStar = mergePenaltyFactor(t, planted, r)!;
      expect(cStar).toBeCloseTo((inside * (v - u)) / t.unitPenalties[r], 12);
      const below = smoothTree(atC(t, cStar * (1 - 1e-6))).values;
      const above = smoothTree(atC(t, cStar * (1 + 1e-6))).values;
      expect(Array.from(below)).toEqual(Array.from(planted));
      expect(Array.from(above)).toEqual(new Array(n).fill(u));
      checked++;
    }
    expect(checked).toBe(300);
  });

  it('counts a segment\'s weight, its own nodes only, and the penalty of its root', () => {
    // root(0) ← 1 ← 2 ← 3: node 1's segment is {1, 2}, node 3 is nested in it.
    const t: MergeProblem = { parents: [-1, 0, 1, 2], scores: [0, 0.6, 0.5, 1], weights: [1, 2, 3, 1], unitPenalties: [1, 4, 8, 16] };
    const values = [0, 0.5, 0.5, 1];
    // Δfit = 2·(|0.6 − 0| − |0.6 − 0.5|) + 3·(|0.5 − 0| − 0) = 2.5, saved 4 per unit of c (node 3 keeps paying).
    expect(mergePenaltyFactor(t, values, 1)).toBeCloseTo(2.5 / 4, 12);
    expect(mergePenaltyFactor(t, values, 3)).toBeCloseTo((1 * (1 - 0.5)) / 16, 12);
    expect(mergePenaltyFactor(t, values, 0)).toBeNull();
    expect(segmentRootOf(t.parents, values, 2)).toBe(1);
    expect(segmentRootOf(t.parents, values, 0)).toBe(0);
    expect(() => mergePenaltyFactor(t, values, 2)).toThrow(/not a segment root/);
    expect(() => mergePenaltyFactor(t, values, 4)).toThrow(/no node 4/);
    // A segment the fit prefers merged (a smoothing that is not optimal) merges at any c.
    expect(mergePenaltyFactor({ ...t, scores: [0, 0.1, 0, 0.2] }, [0, 1, 1, 1], 1)).toBe(0);
  });
});
