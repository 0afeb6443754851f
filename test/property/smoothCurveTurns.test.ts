import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { appendGridSum, appendOwnTerm, GridArray, GridKinks } from '../../src/smooth/gridArray.ts';
import { KinkTree, KinkTreeCurve } from '../../src/smooth/kinkTree.ts';
import { CurveTurns } from '../../src/smooth/gridCurve.ts';

/**
 * The turns a KinkTree lists in one walk (reading through its pending lines) are those a scan of the same function
 * as a sorted array finds. Scores are multiples of 1/8, values and weights small integers and the kinks a power of
 * two ranks apart (so a value between two kinks is exact too): the sums are exact, level pairs (plateaus) stay level
 * through the tree's lines, and the two lists must agree to the bit.
 */
const M = 17;
const s = Float64Array.from({ length: M }, (_, j) => j / 8);

const curve = fc.record({
  // Values at ranks 0 … M − 1; the kinks are the multiples of `spacing` (M − 1 is one).
  values: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: M, maxLength: M }),
  spacing: fc.constantFrom(1, 2, 4, 8, 16),
  // Own terms added afterwards, through the tree's lazy lines.
  terms: fc.array(fc.record({ rank: fc.integer({ min: 0, max: M - 1 }), weight: fc.integer({ min: 1, max: 3 }) }),
    { maxLength: 6 }),
});

function turnsOf(list: CurveTurns): Array<[number, number]> {
  return Array.from({ length: list.count }, (_, i) => [list.rank[i], list.value[i]]);
}

describe('CurveTurns', () => {
  it('a KinkTree lists the same turns as the sorted array of its kinks', () => {
    fc.assert(
      fc.property(curve, fc.constantFrom(2, 3, 32), ({ values, spacing, terms }, bucketKinks) => {
        let kinks = new GridKinks(M);
        for (let r = 0; r < M; r += spacing) kinks.push(r, values[r]);
        const tree = new KinkTree(s, bucketKinks, { rows: 4, runs: 1 });
        let root = tree.build(kinks, 0, kinks.length);
        for (const { rank, weight } of terms) {
          const term = new GridKinks(3);
          appendOwnTerm(term, s, rank, weight);
          root = tree.addKinks(root, term, 0, term.length);
          const sum = new GridKinks(kinks.length + 3);
          appendGridSum(sum, s, kinks, 0, kinks.length, term, 0, term.length);
          kinks = sum;
        }
        const array = new GridArray(s);
        for (let i = 0; i < kinks.length; i++) array.kinks.push(kinks.rank[i], kinks.value[i]);
        const fromTree = new CurveTurns();
        const fromArray = new CurveTurns();
        new KinkTreeCurve(tree, s, root).listTurns(fromTree);
        array.listTurns(fromArray);
        expect(turnsOf(fromTree)).toEqual(turnsOf(fromArray));
        expect(fromTree.valueAtZero).toBe(fromArray.valueAtZero);
      }),
      { numRuns: 1000 },
    );
  });

  it('alternates bottom, top, bottom… from the right, passing over level pairs', () => {
    const array = new GridArray(s);
    // Level at the right end, a bottom at 12, a plateau over 6…9 (the top is where the rise to it ends), a bottom at
    // 3, and higher again at rank 0.
    [[0, 4], [3, 1], [6, 5], [9, 5], [12, 2], [16, 2]].forEach(([r, v]) => array.kinks.push(r, v));
    const turns = new CurveTurns();
    array.listTurns(turns);
    expect(turnsOf(turns)).toEqual([[12, 2], [6, 5], [3, 1]]);
    expect(turns.valueAtZero).toBe(4);
  });
});
