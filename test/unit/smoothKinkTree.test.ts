import { describe, expect, it } from 'vitest';
import { appendGridSum, appendOwnTerm, GridArray, GridKinks } from '../../src/smooth/gridArray.ts';
import { KinkTree, KinkTreeCurve } from '../../src/smooth/kinkTree.ts';
import { capExcursions } from '../../src/smooth/excursions.ts';
import { NewSegmentRanges } from '../../src/smooth/newSegmentRanges.ts';
import { CurveTurns, firstRankAbove, lastRankAbove } from '../../src/smooth/gridCurve.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';
import { smoothTreeWithArrayLimit } from '../../src/smooth/smoothTree.ts';
import { shapedTree } from '../../src/cli/bench/benchSmoothing.ts';

const s = Float64Array.from({ length: 9 }, (_, j) => j / 8);

function kinksOf(k: GridKinks): Array<[number, number]> {
  return Array.from({ length: k.length }, (_, i) => [k.rank[i], k.value[i]]);
}

function own(rank: number, w: number): GridKinks {
  const k = new GridKinks(1);
  appendOwnTerm(k, s, rank, w);
  return k;
}

describe('grid functions as arrays', () => {
  it('appendOwnTerm is w·|s_r − v| by its kinks', () => {
    expect(kinksOf(own(2, 2))).toEqual([[0, 0.5], [2, 0], [8, 1.5]]);
    expect(kinksOf(own(0, 1))).toEqual([[0, 0], [8, 1]]);
  });

  it('appendGridSum adds on the union of kinks', () => {
    const sum = new GridKinks(1);
    const a = own(2, 1);
    const b = own(6, 1);
    appendGridSum(sum, s, a, 0, a.length, b, 0, b.length);
    expect(kinksOf(sum)).toEqual([[0, 1], [2, 0.5], [6, 0.5], [8, 1]]);
  });

  it('the rank searches bisect a line for where it crosses a level', () => {
    // The line from (s_0, 0) to (s_8, 8) crosses 2.5 between s_2 and s_3.
    expect(firstRankAbove(s, 0, 0, 8, 8, 2.5)).toBe(3);
    expect(lastRankAbove(s, 0, 8, 8, 0, 2.5)).toBe(5);
  });
});

describe('KinkTree', () => {
  it('holds the same function as the arrays it is built from and summed with', () => {
    const random = seededRandom(3);
    const tree = new KinkTree(s);
    let root = tree.build(own(4, 1), 0, 3);
    const sum = own(4, 1);
    for (let t = 0; t < 20; t++) {
      const term = own(Math.floor(random() * 9), 1 + Math.floor(random() * 3));
      root = t % 2 === 0
        ? tree.addKinks(root, term, 0, term.length)
        : tree.merge(root, tree.build(term, 0, term.length));
      const next = new GridKinks(1);
      appendGridSum(next, s, sum, 0, sum.length, term, 0, term.length);
      sum.length = 0;
      for (let i = 0; i < next.length; i++) sum.push(next.rank[i], next.value[i]);
    }
    const out = new GridKinks(1);
    tree.appendKinks(root, out);
    expect(out.length).toBe(sum.length);
    kinksOf(sum).forEach(([rank, value], i) => {
      expect(out.rank[i]).toBe(rank);
      expect(out.value[i]).toBeCloseTo(value, 12);
      if (i > 0) expect(tree.firstKink(root, rank - 1, rank, Infinity, false)).toBe(rank);
      if (i > 0) expect(tree.foundValue).toBeCloseTo(value, 12);
    });
    expect(tree.size(root)).toBe(sum.length);
  });

  it('adds a function of many kinks in place as a merge of its tree would', () => {
    const random = seededRandom(5);
    const wide = Float64Array.from({ length: 40 }, (_, j) => j * j / 7);
    const term = (): GridKinks => {
      const k = new GridKinks(1);
      k.push(0, random());
      for (let r = 1; r < 39; r++) if (random() < 0.3) k.push(r, random() * 5);
      k.push(39, random());
      return k;
    };
    const tree = new KinkTree(wide);
    const first = term();
    let inPlace = tree.build(first, 0, first.length);
    let merged = tree.build(first, 0, first.length);
    for (let t = 0; t < 10; t++) {
      const k = term();
      inPlace = tree.addKinks(inPlace, k, 0, k.length);
      merged = tree.merge(merged, tree.build(k, 0, k.length));
    }
    const a = new GridKinks(1);
    const b = new GridKinks(1);
    tree.appendKinks(inPlace, a);
    tree.appendKinks(merged, b);
    expect(Array.from(a.rank.subarray(0, a.length))).toEqual(Array.from(b.rank.subarray(0, b.length)));
    for (let i = 0; i < a.length; i++) expect(a.value[i]).toBeCloseTo(b.value[i], 12);
  });

  it('finds turns, crossings and caps as the array does', () => {
    // Two basins (ranks 2 and 6) with a hill between (rank 4), as a capped cost looks; built from kinks directly.
    const kinks = new GridKinks(1);
    [[0, 2], [2, 0.5], [4, 1.5], [6, 0.25], [8, 2]].forEach(([r, v]) => kinks.push(r, v));
    const tree = new KinkTree(s);
    const asTree = new KinkTreeCurve(tree, s, tree.build(kinks, 0, kinks.length));
    const asArray = new GridArray(s);
    for (let i = 0; i < kinks.length; i++) asArray.kinks.push(kinks.rank[i], kinks.value[i]);
    for (const f of [asTree, asArray]) {
      // Right to left: the bottom at 6, the hill at 4, the bottom at 2; then f falls from rank 0 to 2.
      const turns = new CurveTurns();
      f.listTurns(turns);
      expect(Array.from(turns.rank.subarray(0, turns.count))).toEqual([6, 4, 2]);
      expect(Array.from(turns.value.subarray(0, turns.count))).toEqual([0.25, 1.5, 0.5]);
      expect(turns.valueAtZero).toBe(2);
      expect(f.firstAbove(2, 4, 0.9)).toBe(3);
      expect(f.lastAbove(4, 6, 1)).toBe(4);
    }
    const treeRanges = new NewSegmentRanges();
    const arrayRanges = new NewSegmentRanges();
    // γ = 0.5: the hill (1.5) is more than γ above the level 0.25 at rank 6, so it is capped at 0.75, and a parent
    // valued where the hill stands (ranks 3–5) is better off with a segment at s_6.
    expect(capExcursions(asTree, s, 0.5, treeRanges)).toBe(6);
    expect(capExcursions(asArray, s, 0.5, arrayRanges)).toBe(6);
    const rows = (r: NewSegmentRanges) =>
      Array.from({ length: r.length }, (_, k) => [r.from[k], r.to[k], r.target[k]]);
    expect(treeRanges.length).toBeGreaterThan(0);
    expect(rows(treeRanges)).toEqual(rows(arrayRanges));
    expect(rows(treeRanges).every(([, , target]) => target === s[6])).toBe(true);
    const out = new GridKinks(1);
    tree.appendKinks(asTree.root, out);
    expect(kinksOf(out)).toEqual(kinksOf(asArray.kinks));
  });

  it('gives the arrays\' optimum on a long chain, with leaves of 2 kinks and of 32', () => {
    // The property tests' trees have at most a few hundred nodes; a bench spine keeps many of its scores as kinks, so
    // this tree is far larger and deeper. (Pool growth in the middle of an operation: smoothKinkTreeOps.test.ts.)
    const { problem } = shapedTree('spine', 5_000, 7);
    const arrays = smoothTreeWithArrayLimit(problem, Infinity);
    for (const bucketKinks of [2, 32]) {
      const tree = smoothTreeWithArrayLimit(problem, 0, bucketKinks);
      expect(Math.abs(tree.cost - arrays.cost)).toBeLessThanOrEqual(1e-12 * (1 + arrays.cost));
    }
  });
});
