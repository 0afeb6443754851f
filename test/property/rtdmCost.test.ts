import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rtdmTd } from '../../src/site/rtdm/rtdmTd.ts';
import { mappingPairs } from '../../src/site/rtdm/mappingPairs.ts';
import { retrieveTemplate } from '../../src/site/rtdm/retrieveTemplate.ts';
import type { RtdmCosts } from '../../src/site/rtdm/rtdmCosts.ts';
import type { Skeleton } from '../../src/site/rtdm/skeleton.ts';

/**
 * RTDM-TD against brute force: on small trees, every restricted top-down mapping is enumerated and checked against
 * the paper's definitions directly, and the cheapest one's cost must be the cost RTDM-TD reports. The mapping
 * RTDM-TD returns must itself satisfy the definitions and cost what it says.
 */

// ---- The definitions, checked pair by pair (Definition 1: Tai's mapping; 3: top-down; 4: restricted). ----

function isAncestor(parent: Int32Array, a: number, d: number): boolean {
  for (let x = parent[d]; x >= 0; x = parent[x]) if (x === a) return true;
  return false;
}

function isRestrictedTopDownMapping(t1: Skeleton, t2: Skeleton, pairs: Array<[number, number]>): boolean {
  for (const [i1, j1] of pairs) {
    // Definition 3: the parents are mapped to each other; a root can only be mapped to a root.
    const p1 = t1.parent[i1];
    const p2 = t2.parent[j1];
    if ((p1 < 0) !== (p2 < 0)) return false;
    if (p1 >= 0 && !pairs.some(([a, b]) => a === p1 && b === p2)) return false;
    for (const [i2, j2] of pairs) {
      if (i1 === i2 && j1 === j2) continue;
      // Definition 1: one-to-one, sibling order (pre-order) and ancestry preserved.
      if (i1 === i2 || j1 === j2) return false;
      if ((i1 < i2) !== (j1 < j2)) return false;
      if (isAncestor(t1.parent, i1, i2) !== isAncestor(t2.parent, j1, j2)) return false;
      // Definition 4: a pair with different labels has no mapped descendant on either side.
      if (t1.label[i1] !== t2.label[j1] && (isAncestor(t1.parent, i1, i2) || isAncestor(t2.parent, j1, j2))) return false;
    }
  }
  return true;
}

function mappingCost(t1: Skeleton, t2: Skeleton, pairs: Array<[number, number]>, c: RtdmCosts): number {
  let cost = c.delete * (t1.parent.length - pairs.length) + c.insert * (t2.parent.length - pairs.length);
  for (const [i, j] of pairs) if (t1.label[i] !== t2.label[j]) cost += c.replace;
  return cost;
}

/**
 * The minimum over all restricted top-down mappings. Candidates are generated node by node in T1's pre-order, each
 * node left unmapped or sent to an unused T2 node whose parent is its parent's image (Definition 3 only prunes the
 * search), and every complete candidate is then checked against all the definitions above.
 */
function bruteForceCost(t1: Skeleton, t2: Skeleton, c: RtdmCosts): number {
  const n1 = t1.parent.length;
  const n2 = t2.parent.length;
  const image = new Int32Array(n1).fill(-1);
  const used = new Uint8Array(n2);
  let best = Infinity;
  const visit = (i: number): void => {
    if (i === n1) {
      const pairs: Array<[number, number]> = [];
      for (let k = 0; k < n1; k++) if (image[k] >= 0) pairs.push([k, image[k]]);
      if (isRestrictedTopDownMapping(t1, t2, pairs)) best = Math.min(best, mappingCost(t1, t2, pairs, c));
      return;
    }
    visit(i + 1);
    const parentImage = i === 0 ? -1 : image[t1.parent[i]];
    if (i > 0 && parentImage < 0) return;
    for (let j = 0; j < n2; j++) {
      if (used[j] || t2.parent[j] !== parentImage) continue;
      image[i] = j;
      used[j] = 1;
      visit(i + 1);
      image[i] = -1;
      used[j] = 0;
    }
  };
  visit(0);
  return best;
}

/**
 * The same distance by its plain recursion, without ident sets, short-cuts, arena or memo: a second, independent
 * reference for trees too big to enumerate.
 */
function plainRecursionCost(t1: Skeleton, t2: Skeleton, c: RtdmCosts): number {
  const kids = (t: Skeleton) => {
    const out: number[][] = Array.from(t.parent, () => []);
    t.parent.forEach((p, i) => { if (p >= 0) out[p].push(i); });
    return out;
  };
  const k1 = kids(t1);
  const k2 = kids(t2);
  const size = (k: number[][], i: number): number => 1 + k[i].reduce((a, ch) => a + size(k, ch), 0);
  const pair = (a: number, b: number): number => {
    if (t1.label[a] !== t2.label[b]) return c.replace + c.delete * (size(k1, a) - 1) + c.insert * (size(k2, b) - 1);
    const rows = k1[a];
    const cols = k2[b];
    const M = Array.from({ length: rows.length + 1 }, () => new Array<number>(cols.length + 1).fill(0));
    for (let i = 1; i <= rows.length; i++) M[i][0] = M[i - 1][0] + c.delete * size(k1, rows[i - 1]);
    for (let j = 1; j <= cols.length; j++) M[0][j] = M[0][j - 1] + c.insert * size(k2, cols[j - 1]);
    for (let i = 1; i <= rows.length; i++) {
      for (let j = 1; j <= cols.length; j++) {
        M[i][j] = Math.min(M[i - 1][j] + c.delete * size(k1, rows[i - 1]), M[i][j - 1] + c.insert * size(k2, cols[j - 1]),
          M[i - 1][j - 1] + pair(rows[i - 1], cols[j - 1]));
      }
    }
    return M[rows.length][cols.length];
  };
  const n1 = t1.parent.length;
  const n2 = t2.parent.length;
  const nothing = c.delete * n1 + c.insert * n2;
  return n1 === 0 || n2 === 0 ? nothing : Math.min(nothing, pair(0, 0));
}

// ---- Random small labelled trees in pre-order. ----

/** Each step attaches node i under some node on the path from the root to node i − 1, which keeps pre-order. */
function treeArb(maxNodes: number, alphabet: number): fc.Arbitrary<Skeleton> {
  return fc.record({
    root: fc.nat(alphabet - 1),
    steps: fc.array(fc.record({ up: fc.nat(), label: fc.nat(alphabet - 1) }), { maxLength: maxNodes - 1 }),
  }).map(({ root, steps }) => {
    const parent = [-1];
    const label = [root];
    let path = [0];
    steps.forEach((s, k) => {
      const at = s.up % path.length;
      parent.push(path[at]);
      label.push(s.label);
      path = [...path.slice(0, at + 1), k + 1];
    });
    return { parent: Int32Array.from(parent), label: Uint32Array.from(label) };
  });
}

/**
 * Two pages with long tables, the shape that makes RTDM-TD do most work (rows of the same label that are not
 * identical): wrapper › 1–3 tables › rows › cells › optional leaf, cells labelled from a small alphabet. The second
 * page has some cells changed and some rows fewer. Tables are big enough for the memo of costly pairs.
 */
const tablePairArb = fc.record({
  tables: fc.array(fc.record({ rows: fc.integer({ min: 6, max: 24 }), drop: fc.integer({ min: 0, max: 4 }) }),
    { minLength: 1, maxLength: 3 }),
  cols: fc.integer({ min: 2, max: 5 }),
  cells: fc.array(fc.nat(8), { minLength: 300, maxLength: 300 }),
  other: fc.array(fc.nat(8), { minLength: 300, maxLength: 300 }),
}).map(({ tables, cols, cells, other }) => {
  const page = (values: number[], second: boolean): Skeleton => {
    const parent = [-1];
    const label = [90];
    let k = 0;
    for (const t of tables) {
      const table = parent.length;
      parent.push(0);
      label.push(91);
      const rowCount = second ? Math.max(1, t.rows - t.drop) : t.rows;
      for (let r = 0; r < rowCount; r++) {
        const row = parent.length;
        parent.push(table);
        label.push(93);
        for (let c = 0; c < cols; c++) {
          const v = values[k++ % values.length];
          const cell = parent.length;
          parent.push(row);
          label.push(94 + (v % 2));
          if (v > 3) {
            parent.push(cell);
            label.push(v);
          }
        }
      }
    }
    return { parent: Int32Array.from(parent), label: Uint32Array.from(label) };
  };
  const mixed = cells.map((v, i) => (other[i] % 4 === 0 ? other[i] : v));
  return [page(cells, false), page(mixed, true)] as const;
});

const unit: RtdmCosts = { insert: 1, delete: 1, replace: 1 };
const costsArb = fc.record({
  insert: fc.integer({ min: 0, max: 4 }).map((x) => x / 2),
  delete: fc.integer({ min: 0, max: 4 }).map((x) => x / 2),
  replace: fc.integer({ min: 0, max: 8 }).map((x) => x / 2),
});

describe('rtdmTd against a brute-force restricted top-down edit distance', () => {
  it('finds the minimal cost with unit costs (small alphabet, so labels often match)', () => {
    fc.assert(
      fc.property(treeArb(7, 2), treeArb(7, 2), (t1, t2) => {
        expect(rtdmTd(t1, t2).cost).toBe(bruteForceCost(t1, t2, unit));
      }),
      { numRuns: 3000, seed: 20260214 },
    );
  });

  it('finds the minimal cost with other costs, including replace dearer than delete + insert and free operations', () => {
    fc.assert(
      fc.property(treeArb(6, 3), treeArb(6, 3), costsArb, (t1, t2, c) => {
        expect(rtdmTd(t1, t2, c).cost).toBeCloseTo(bruteForceCost(t1, t2, c), 9);
      }),
      { numRuns: 1500, seed: 7 },
    );
  });

  it('equals the plain recursion on bigger trees, where identical subtrees and the memo come into play', () => {
    fc.assert(
      fc.property(treeArb(120, 2), treeArb(120, 2), costsArb, (t1, t2, c) => {
        expect(rtdmTd(t1, t2, c).cost).toBeCloseTo(plainRecursionCost(t1, t2, c), 9);
        // A tree against a copy of itself with one label changed: long runs of identical subtrees.
        const changed = { parent: t1.parent, label: t1.label.map((l, i) => (i === t1.label.length - 1 ? l + 1 : l)) };
        expect(rtdmTd(t1, changed, c).cost).toBeCloseTo(plainRecursionCost(t1, changed, c), 9);
      }),
      { numRuns: 300, seed: 19 },
    );
  });

  it('equals the plain recursion and returns a valid mapping on long tables (the memo of costly pairs in use)', () => {
    fc.assert(
      fc.property(tablePairArb, costsArb, ([t1, t2], c) => {
        const result = rtdmTd(t1, t2, c);
        expect(result.cost).toBeCloseTo(plainRecursionCost(t1, t2, c), 9);
        const pairs = mappingPairs(result);
        expect(isRestrictedTopDownMapping(t1, t2, pairs)).toBe(true);
        expect(mappingCost(t1, t2, pairs, c)).toBeCloseTo(result.cost, 9);
      }),
      { numRuns: 60, seed: 41 },
    );
  });

  it('returns a valid restricted top-down mapping that costs what it reports', () => {
    fc.assert(
      fc.property(treeArb(60, 2), treeArb(60, 2), costsArb, (t1, t2, c) => {
        const result = rtdmTd(t1, t2, c);
        const pairs = mappingPairs(result);
        expect(isRestrictedTopDownMapping(t1, t2, pairs)).toBe(true);
        expect(mappingCost(t1, t2, pairs, c)).toBeCloseTo(result.cost, 9);
      }),
      { numRuns: 1500, seed: 11 },
    );
  });

  it('retrieveTemplate returns exactly the mapped pairs with equal labels, closed upwards, on both sides', () => {
    fc.assert(
      fc.property(treeArb(12, 2), treeArb(12, 2), (t1, t2) => {
        const result = rtdmTd(t1, t2);
        const pairs = mappingPairs(result).filter(([i, j]) => t1.label[i] === t2.label[j]);
        const first = retrieveTemplate(result, 'first');
        const second = retrieveTemplate(result, 'second');
        expect([...first.keys()].filter((i) => first[i])).toEqual(pairs.map(([i]) => i));
        expect([...second.keys()].filter((j) => second[j])).toEqual(pairs.map(([, j]) => j).sort((a, b) => a - b));
        for (let i = 1; i < first.length; i++) if (first[i]) expect(first[t1.parent[i]]).toBe(1);
      }),
      { numRuns: 1500, seed: 13 },
    );
  });

  it('is symmetric (with insert and delete swapped) and zero exactly between equal trees', () => {
    fc.assert(
      fc.property(treeArb(15, 3), treeArb(15, 3), costsArb, (t1, t2, c) => {
        const swapped = { insert: c.delete, delete: c.insert, replace: c.replace };
        expect(rtdmTd(t2, t1, swapped).cost).toBeCloseTo(rtdmTd(t1, t2, c).cost, 9);
        expect(rtdmTd(t1, t1, c).cost).toBe(0);
        expect(retrieveTemplate(rtdmTd(t1, t1)).every((x) => x === 1)).toBe(true);
        const same = t1.parent.length === t2.parent.length && t1.parent.every((p, i) => p === t2.parent[i]) &&
          t1.label.every((l, i) => l === t2.label[i]);
        expect(rtdmTd(t1, t2).cost === 0).toBe(same);
      }),
      { numRuns: 1000, seed: 17 },
    );
  });
});
