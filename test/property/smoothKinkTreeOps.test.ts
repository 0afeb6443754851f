import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { between } from '../../src/smooth/breakpoints.ts';
import { GridKinks } from '../../src/smooth/gridArray.ts';
import { BUCKET_KINKS, KinkTree } from '../../src/smooth/kinkTree.ts';

/**
 * A KinkTree against the plainest model of the same function, its value at every rank, through any sequence of the
 * operations smoothTree uses: adding small functions or a node's own term in place, merging trees, capping ranges.
 * The sequences reach every walk into a full leaf (which the walk must split first) and into leaves high up in the
 * tree, on sparse and dense trees alike, with leaves of 2 and 3 kinks (these 37 ranks fill them; smoothTree's 32 are
 * run too, and never fill here). The pools start at 4 rows and 1 run, so every operation meets their growth.
 */
const M = 37;
const TINY_POOLS = { rows: 4, runs: 1 };
const s = Float64Array.from({ length: M }, (_, j) => j + (j * j) / 50);

const smallFunction = fc.record({
  ranks: fc.uniqueArray(fc.integer({ min: 1, max: M - 2 }), { maxLength: 4 }),
  values: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 6, maxLength: 6 }),
});
const operation = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), f: smallFunction }),
  fc.record({
    kind: fc.constant('own' as const),
    rank: fc.integer({ min: 0, max: M - 1 }),
    weight: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({ kind: fc.constant('merge' as const), f: smallFunction }),
  fc.record({
    kind: fc.constant('cap' as const),
    from: fc.integer({ min: 0, max: M - 1 }),
    length: fc.integer({ min: 0, max: 12 }),
    level: fc.integer({ min: 0, max: 20 }),
  }),
);

/** The function with kinks at 0, the given ranks and M − 1, as GridKinks. */
function kinksOf({ ranks, values }: { ranks: number[]; values: number[] }): GridKinks {
  const sorted = [0, ...[...ranks].sort((a, b) => a - b), M - 1];
  const k = new GridKinks(sorted.length);
  sorted.forEach((r, i) => k.push(r, values[i]));
  return k;
}

/** The value at every rank of the function the kinks draw. */
function denseOf(k: GridKinks): number[] {
  return Array.from({ length: M }, (_, j) => {
    let i = 0;
    while (k.rank[i + 1] < j) i++;
    return k.rank[i] === j ? k.value[i] : between(s[k.rank[i]], k.value[i], s[k.rank[i + 1]], k.value[i + 1], s[j]);
  });
}

describe('KinkTree operations', () => {
  it('add, own term, merge and cap give the values a dense array of the function gives', () => {
    fc.assert(
      fc.property(smallFunction, fc.array(operation, { maxLength: 25 }), fc.constantFrom(2, 3, BUCKET_KINKS),
        (first, operations, bucketKinks) => {
        const tree = new KinkTree(s, bucketKinks, TINY_POOLS);
        const k0 = kinksOf(first);
        let root = tree.build(k0, 0, k0.length);
        let dense = denseOf(k0);
        for (const op of operations) {
          if (op.kind === 'cap') {
            const to = Math.min(M - 1, op.from + op.length);
            root = tree.setRange(root, op.from, to, op.level);
            dense = dense.map((v, j) => (j >= op.from && j <= to ? op.level : v));
          } else if (op.kind === 'own') {
            root = tree.addOwnTerm(root, op.rank, op.weight);
            dense = dense.map((v, j) => v + op.weight * Math.abs(s[op.rank] - s[j]));
          } else {
            const k = kinksOf(op.f);
            root = op.kind === 'add'
              ? tree.addKinks(root, k, 0, k.length)
              : tree.merge(root, tree.build(k, 0, k.length));
            const term = denseOf(k);
            dense = dense.map((v, j) => v + term[j]);
          }
        }
        const out = new GridKinks(1);
        tree.appendKinks(root, out);
        expect(out.length).toBe(tree.size(root));
        for (let i = 0; i < out.length; i++) {
          if (i > 0) expect(out.rank[i]).toBeGreaterThan(out.rank[i - 1]);
          expect(out.value[i]).toBeCloseTo(dense[out.rank[i]], 9);
          // firstKink at a level every kink passes finds the kink, with its value and the kink before it.
          if (i === 0) continue;
          expect(tree.firstKink(root, out.rank[i] - 1, out.rank[i], Infinity, false)).toBe(out.rank[i]);
          expect(tree.foundValue).toBeCloseTo(dense[out.rank[i]], 9);
          expect(tree.prevRank).toBe(out.rank[i - 1]);
          expect(tree.prevValue).toBeCloseTo(dense[out.rank[i - 1]], 9);
        }
        // Between its kinks the function is the line through them, and firstKink passes the kink before any rank.
        let i = 0;
        for (let j = 0; j < M; j++) {
          while (i + 1 < out.length && out.rank[i + 1] <= j) i++;
          expect(tree.firstKink(root, j, M - 1, -Infinity, true)).toBe(j === M - 1 ? -1 : out.rank[i + 1]);
          expect(tree.prevRank).toBe(out.rank[i]);
          if (out.rank[i] === j) continue;
          const v = between(s[out.rank[i]], out.value[i], s[out.rank[i + 1]], out.value[i + 1], s[j]);
          expect(v).toBeCloseTo(dense[j], 9);
        }
      }),
      { numRuns: 800 },
    );
  });
});
