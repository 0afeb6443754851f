import { describe, expect, it } from 'vitest';
import { between, Breakpoints, crossing } from '../../src/smooth/breakpoints.ts';
import { addAbsoluteTermInPlace, appendAbsoluteTerm, appendCopy, appendSum, appendWithAbsoluteTerm }
  from '../../src/smooth/piecewiseSum.ts';
import { appendCostGivenParent, fillNewSegmentCosts, type NewSegmentCosts } from '../../src/smooth/givenParent.ts';
import { appendNewSegmentRanges, NewSegmentRanges, valueGivenParent } from '../../src/smooth/newSegmentRanges.ts';

function pointsOf(f: Breakpoints, from = 0, to = f.length): Array<[number, number, number]> {
  return Array.from({ length: to - from }, (_, k) => [f.at[from + k], f.value[from + k], f.isScore[from + k]]);
}

/** A function from its breakpoints: [at, value, 1 when a score]. */
function breakpointsOf(points: Array<[number, number, number]>): Breakpoints {
  const f = new Breakpoints(1);
  for (const [at, value, isScore] of points) f.push(at, value, isScore);
  return f;
}

function absolute(x: number, w: number, lo = 0, hi = 1): Breakpoints {
  const f = new Breakpoints(1);
  appendAbsoluteTerm(f, x, w, lo, hi);
  return f;
}

function newSegmentCosts(f: Breakpoints, penalty: number): NewSegmentCosts {
  const out = { cost: new Float64Array(f.length), target: new Float64Array(f.length) };
  fillNewSegmentCosts(f, 0, f.length, penalty, out);
  return out;
}

describe('Breakpoints', () => {
  it('grows as breakpoints are pushed, keeping what it holds', () => {
    const f = new Breakpoints(1);
    for (let k = 0; k < 10; k++) f.push(k, 2 * k, k % 2);
    expect(f.length).toBe(10);
    expect(f.at.length).toBeGreaterThanOrEqual(10);
    expect(pointsOf(f, 8)).toEqual([[8, 16, 0], [9, 18, 1]]);
  });

  it('reserve makes room without changing the length', () => {
    const f = new Breakpoints(2);
    f.push(1, 1, 0);
    f.reserve(100);
    expect(f.at.length).toBeGreaterThanOrEqual(101);
    expect(pointsOf(f)).toEqual([[1, 1, 0]]);
  });
});

describe('lines between two breakpoints', () => {
  it('between measures from the nearer end, so a huge far value does not swamp a tiny near one', () => {
    expect(between(0, 0, 2, 4, 0.5)).toBe(1);
    expect(between(0, 0, 2, 4, 1.5)).toBe(3);
    // w·|x − v| with w = 1000, x = 0, on [−65536, 0], at v = −1e−12
    expect(between(-65536, 65536000, 0, 0, -1e-12)).toBeCloseTo(1e-9, 20);
  });

  it('crossing finds where the line meets a level, from the nearer end, never outside the piece', () => {
    expect(crossing(0, 1, 1, 0, 0.25)).toBe(0.75);
    expect(crossing(0, 1, 1, 0, 0.75)).toBe(0.25);
    // From the far end, −16384 + 1·(16384 + 1.1e−12) rounds to 0, left of the piece's end.
    expect(crossing(-16384, 1.6e7, 1.1e-12, 0, 0)).toBe(1.1e-12);
    expect(crossing(-0.05, 0.05, -1e-112, 0, 0)).toBeLessThanOrEqual(-1e-112);
  });
});

describe('building cost functions', () => {
  it('appendAbsoluteTerm marks the score and leaves out ends equal to it', () => {
    expect(pointsOf(absolute(0.25, 2))).toEqual([[0, 0.5, 0], [0.25, 0, 1], [1, 1.5, 0]]);
    expect(pointsOf(absolute(0, 1))).toEqual([[0, 0, 1], [1, 1, 0]]);
  });

  it('appendSum adds on the union of breakpoints, a score where either has one', () => {
    const sum = new Breakpoints(1);
    const a = absolute(0.5, 1);
    const b = absolute(0.25, 2);
    appendSum(sum, a, 0, a.length, b, 0, b.length);
    const points = pointsOf(sum);
    expect(points.map((p) => p[0])).toEqual([0, 0.25, 0.5, 1]);
    expect(points.map((p) => p[2])).toEqual([0, 1, 1, 0]);
    [1, 0.25, 0.5, 2].forEach((v, k) => expect(points[k][1]).toBeCloseTo(v, 15));
  });

  it('appendSum refuses functions on different domains', () => {
    const sum = new Breakpoints(1);
    const a = absolute(0.5, 1, 0, 1);
    const b = absolute(0.5, 1, 0, 2);
    expect(() => appendSum(sum, a, 0, a.length, b, 0, b.length)).toThrow(/different domains/);
  });

  it('appendWithAbsoluteTerm and addAbsoluteTermInPlace give appendSum with the absolute term', () => {
    const f = new Breakpoints(1);
    [[0, 1, 0], [0.2, 0.5, 1], [0.5, 0.75, 0], [1, 2, 1]].forEach(([at, v, score]) => f.push(at, v, score));
    // x on a breakpoint, between two, and at either end of the domain.
    for (const x of [0.5, 0.3, 0, 1]) {
      const sum = new Breakpoints(1);
      const term = absolute(x, 3);
      appendSum(sum, f, 0, f.length, term, 0, term.length);
      const copied = new Breakpoints(1);
      copied.push(-1, -1, 0); // something before, which must stay as it is
      appendWithAbsoluteTerm(copied, f, 0, f.length, x, 3);
      const inPlace = new Breakpoints(1);
      inPlace.push(-1, -1, 0);
      appendCopy(inPlace, f, 0, f.length);
      addAbsoluteTermInPlace(inPlace, 1, x, 3);
      for (const g of [copied, inPlace]) {
        expect(pointsOf(g, 0, 1)).toEqual([[-1, -1, 0]]);
        const got = pointsOf(g, 1);
        const want = pointsOf(sum);
        expect(got.map(([at, , score]) => [at, score])).toEqual(want.map(([at, , score]) => [at, score]));
        got.forEach(([, v], k) => expect(v).toBeCloseTo(want[k][1], 12));
      }
    }
  });

  it('appendCopy appends a range', () => {
    const to = new Breakpoints(1);
    to.push(-1, -1, 0);
    const from = absolute(0.25, 2);
    appendCopy(to, from, 1, 3);
    expect(pointsOf(to)).toEqual([[-1, -1, 0], [0.25, 0, 1], [1, 1.5, 0]]);
  });
});

describe('the cost of a child given its parent', () => {
  // f = |v − 0.5| on [0, 1]: the child's only score is 0.5. With γ = 0.1 a parent below 0.4 is better off letting the
  // child start a segment at 0.5 (cost 0.1) than pulling it down.
  const f = absolute(0.5, 1);
  const costs = newSegmentCosts(f, 0.1);

  it('fillNewSegmentCosts: γ + the least f over scores above, and where that is', () => {
    expect(Array.from(costs.cost)).toEqual([0.1, Infinity, Infinity]);
    expect(Array.from(costs.target)).toEqual([0.5, NaN, NaN]);
  });

  it('fillNewSegmentCosts picks the smallest score on ties', () => {
    const twoScores = new Breakpoints(1);
    const a = absolute(0.25, 1);
    const b = absolute(0.75, 1);
    appendSum(twoScores, a, 0, a.length, b, 0, b.length); // flat at 0.5 between the two scores
    expect(newSegmentCosts(twoScores, 0).target[0]).toBe(0.25);
  });

  it('appendCostGivenParent caps f by the new-segment cost, adding the crossing', () => {
    const g = new Breakpoints(1);
    g.push(9, 9, 0); // appended after what is there
    // f rises above the new-segment cost left of its score: the node starts a segment for some parent values.
    expect(appendCostGivenParent(g, f, 0, f.length, costs.cost)).toBe(true);
    const points = pointsOf(g, 1);
    expect(points.map((p) => p[2])).toEqual([0, 0, 1, 0]);
    [[0, 0.1], [0.4, 0.1], [0.5, 0], [1, 0.5]].forEach(([at, value], k) => {
      expect(points[k][0]).toBeCloseTo(at, 15);
      expect(points[k][1]).toBeCloseTo(value, 15);
    });
  });

  it('appendCostGivenParent says when f never rises above the new-segment cost', () => {
    const gentle = absolute(0.5, 0.1);
    const g = new Breakpoints(1);
    // γ = 1 is more than f ever climbs above its least value (0.05): no parent value makes a new segment pay.
    expect(appendCostGivenParent(g, gentle, 0, gentle.length, newSegmentCosts(gentle, 1).cost)).toBe(false);
    expect(pointsOf(g)).toEqual(pointsOf(gentle));
  });

  it('appendCostGivenParent drops breakpoints inside a flat stretch, and scores there that the cap set', () => {
    // 3·|v − 0.8| with a crossing point at 0.3 inside the flat part: γ = 0.3 caps everything left of 0.7. The score
    // 0.5 goes with the rest: g is the cap's constant on both sides of it.
    const lumpy = breakpointsOf([[0, 2.4, 0], [0.3, 1.5, 0], [0.5, 0.9, 1], [0.8, 0, 1], [1, 0.6, 0]]);
    const g = new Breakpoints(1);
    appendCostGivenParent(g, lumpy, 0, lumpy.length, newSegmentCosts(lumpy, 0.3).cost);
    const points = pointsOf(g);
    expect(points.map((p) => p[0])).toEqual([0, expect.closeTo(0.7, 12), 0.8, 1]);
    expect(points.map((p) => p[1])).toEqual([0.3, 0.3, 0, 0.6]);
  });

  it('appendCostGivenParent keeps a score where g is f, flat or not', () => {
    // Flat at 1 below the cap (γ = 0.5 above the least f, 1): the score 0.5 stays, the non-score 0.75 goes.
    const flat = breakpointsOf([[0, 1, 0], [0.5, 1, 1], [0.75, 1, 0], [1, 1, 1]]);
    const g = new Breakpoints(1);
    appendCostGivenParent(g, flat, 0, flat.length, newSegmentCosts(flat, 0.5).cost);
    expect(pointsOf(g)).toEqual([[0, 1, 0], [0.5, 1, 1], [1, 1, 1]]);
  });

  it('appendNewSegmentRanges finds the same ranges scanning only where appendCostGivenParent saw f above the cost',
    () => {
      // Basins at 0, 0.5 and 1 with hills between them, on a function of many breakpoints.
      const wide = new Breakpoints(1);
      for (let k = 0; k <= 40; k++) {
        const at = k / 40;
        wide.push(at, 1 - 0.5 * Math.cos(4 * Math.PI * at), k % 4 === 0 ? 1 : 0);
      }
      const costs = newSegmentCosts(wide, 0.3);
      const above = { first: 0, last: -1 };
      expect(appendCostGivenParent(new Breakpoints(1), wide, 0, wide.length, costs.cost, above)).toBe(true);
      expect(above.first).toBeGreaterThan(0);
      const all = new NewSegmentRanges();
      const some = new NewSegmentRanges();
      appendNewSegmentRanges(all, wide, 0, wide.length, costs);
      appendNewSegmentRanges(some, wide, 0, wide.length, costs, above);
      expect(all.length).toBeGreaterThan(0);
      const rows = (r: NewSegmentRanges) => Array.from({ length: r.length }, (_, k) => [r.from[k], r.to[k], r.target[k]]);
      expect(rows(some)).toEqual(rows(all));
    });

  it('appendNewSegmentRanges: where the child leaves its parent, and for which score', () => {
    const ranges = new NewSegmentRanges();
    appendNewSegmentRanges(ranges, f, 0, f.length, costs);
    expect(ranges.length).toBe(1);
    expect(ranges.from[0]).toBe(0);
    // Just below 0.4: leaving must beat staying by the tie tolerance (1e-12 of the cost).
    expect(ranges.to[0]).toBeCloseTo(0.4, 12);
    expect(ranges.to[0]).toBeLessThan(0.4);
    expect(ranges.target[0]).toBe(0.5);
  });

  it('valueGivenParent follows the ranges, and keeps the parent value on ties', () => {
    const ranges = new NewSegmentRanges();
    appendNewSegmentRanges(ranges, f, 0, f.length, costs);
    expect(valueGivenParent(ranges, 0, ranges.length, 0)).toBe(0.5);
    expect(valueGivenParent(ranges, 0, ranges.length, 0.2)).toBe(0.5);
    expect(valueGivenParent(ranges, 0, ranges.length, 0.45)).toBe(0.45);
    expect(valueGivenParent(ranges, 0, ranges.length, 0.9)).toBe(0.9);
    // γ = 0 and f flat between two scores: staying costs what leaving costs, so the child stays.
    const flat = new Breakpoints(1);
    const a = absolute(0.25, 1);
    const b = absolute(0.75, 1);
    appendSum(flat, a, 0, a.length, b, 0, b.length);
    const tie = new NewSegmentRanges();
    appendNewSegmentRanges(tie, flat, 0, flat.length, newSegmentCosts(flat, 0));
    expect(valueGivenParent(tie, 0, tie.length, 0.5)).toBe(0.5);
    expect(valueGivenParent(tie, 0, tie.length, 0)).toBe(0.25);
  });

  it('NewSegmentRanges.add extends the last range of the same node when it continues it with the same target', () => {
    const ranges = new NewSegmentRanges();
    ranges.add(0, 0, 1, 5);
    ranges.add(0, 1, 2, 5); // continues: merged
    ranges.add(0, 2, 3, 6); // other target
    ranges.add(3, 3, 4, 6); // another node's first range
    expect(ranges.length).toBe(3);
    expect(Array.from(ranges.to.subarray(0, 3))).toEqual([2, 3, 4]);
  });

  it('NewSegmentRanges grows past its first capacity', () => {
    const ranges = new NewSegmentRanges();
    for (let k = 0; k < 200; k++) ranges.push(k, k + 0.5, k + 1);
    expect(ranges.length).toBe(200);
    expect(valueGivenParent(ranges, 0, 200, 150.25)).toBe(151);
    expect(valueGivenParent(ranges, 0, 200, 150.75)).toBe(150.75);
  });
});
