import { describe, expect, it } from 'vitest';
import {
  segmentsOf,
  smoothingCost,
  smoothResultOf,
  validateSmoothProblem,
  type SmoothProblem,
} from '../../src/smooth/smoothProblem.ts';
import { treeShapeOf } from '../../src/smooth/treeShape.ts';
import { distinctScores } from '../../src/smooth/distinctScores.ts';

const ok: SmoothProblem = { parents: [-1, 0, 0], scores: [0.1, 0.2, 0.3], penalties: [1, 1, 1] };

describe('validateSmoothProblem', () => {
  it('accepts a tree in any node order, with plain or typed arrays, and returns its shape', () => {
    const shape = validateSmoothProblem({
      parents: Int32Array.from([2, -1, 1]),
      scores: Float64Array.from([0, 1, 2]),
      weights: [1, 0, 2.5],
      penalties: Float32Array.from([0, 0, 0]),
    });
    expect(shape.root).toBe(1);
    expect(Array.from(shape.topDown)).toEqual([1, 2, 0]);
  });

  it.each<[string, Partial<SmoothProblem>, RegExp]>([
    ['a length mismatch', { scores: [0, 1] }, /same length, got 3, 2 and 3/],
    ['weights of the wrong length', { weights: [1, 1] }, /weights must have one entry per node, got 2 for 3/],
    ['no root', { parents: [1, 2, 0] }, /exactly one root \(parent -1\), found 0/],
    ['two roots', { parents: [-1, -1, 0] }, /exactly one root \(parent -1\), found 2: nodes 0, 1/],
    ['a parent out of range', { parents: [-1, 0, 3] }, /parent of node 2 is 3/],
    ['a fractional parent', { parents: [-1, 0, 0.5] }, /parent of node 2 is 0.5/],
    ['a cycle', { parents: [-1, 2, 1] }, /node 1 is on a cycle/],
    ['a node that is its own parent', { parents: [-1, 0, 2] }, /node 2 is on a cycle/],
    ['a NaN score', { scores: [0, NaN, 1] }, /score of node 1 is NaN/],
    ['an infinite score', { scores: [0, 1, Infinity] }, /score of node 2 is Infinity/],
    ['a negative penalty', { penalties: [1, -0.5, 1] }, /penalty of node 1 is -0.5/],
    ['an infinite penalty', { penalties: [Infinity, 1, 1] }, /penalty of node 0 is Infinity/],
    ['a negative weight', { weights: [1, 1, -1] }, /weight of node 2 is -1/],
    ['a NaN weight', { weights: [NaN, 1, 1] }, /weight of node 0 is NaN/],
  ])('rejects %s', (_, change, message) => {
    expect(() => validateSmoothProblem({ ...ok, ...change })).toThrow(message);
  });

  it('rejects an empty tree', () => {
    expect(() => validateSmoothProblem({ parents: [], scores: [], penalties: [] })).toThrow(/found 0/);
  });
});

describe('treeShapeOf', () => {
  it('lists children in index order and a pre-order from the root', () => {
    // 3 is the root; 0 and 4 hang under it, 1 and 2 under 4.
    const shape = treeShapeOf([3, 4, 4, -1, 3]);
    expect(shape.root).toBe(3);
    const children = (i: number) => Array.from(shape.childList.subarray(shape.childStart[i], shape.childStart[i + 1]));
    expect(children(3)).toEqual([0, 4]);
    expect(children(4)).toEqual([1, 2]);
    expect(children(0)).toEqual([]);
    expect(Array.from(shape.topDown)).toEqual([3, 0, 4, 1, 2]);
  });

  it('walks a 100k-deep chain without recursion', () => {
    const n = 100_000;
    const shape = treeShapeOf(Int32Array.from({ length: n }, (_, i) => i - 1));
    expect(shape.topDown[n - 1]).toBe(n - 1);
  });
});

describe('smoothingCost and segmentsOf', () => {
  const problem: SmoothProblem = {
    parents: [-1, 0, 1, 0],
    scores: [0.2, 0.9, 0.4, 0.2],
    weights: [1, 2, 1, 0.5],
    penalties: [0.3, 0.1, 0.2, 0.4],
  };

  it('adds weighted distances, the root penalty and a penalty per change of value', () => {
    // |0.2−0.2|·1 + |0.9−0.9|·2 + |0.4−0.9|·1 + |0.2−0.2|·0.5; root 0.3, node 1 changes (0.1), node 2 keeps 0.9
    expect(smoothingCost(problem, [0.2, 0.9, 0.9, 0.2])).toBeCloseTo(0.5 + 0.3 + 0.1, 12);
    // weights default to 1
    expect(smoothingCost({ ...problem, weights: undefined }, [0.2, 0.2, 0.2, 0.2])).toBeCloseTo(0.7 + 0.2 + 0.3, 12);
  });

  it('rejects values of the wrong length', () => {
    expect(() => smoothingCost(problem, [0, 0])).toThrow(/expected 4 values, got 2/);
  });

  it('lists the root and every node valued differently from its parent, in index order', () => {
    expect(Array.from(segmentsOf([1, -1, 1, 2], [0.5, 0.2, 0.2, 0.7]))).toEqual([0, 1, 3]);
  });

  it('smoothResultOf packs values, cost and segments', () => {
    const values = Float64Array.from([0.2, 0.9, 0.9, 0.2]);
    const result = smoothResultOf(problem, values);
    expect(result.values).toBe(values);
    expect(result.cost).toBe(smoothingCost(problem, values));
    expect(Array.from(result.segments)).toEqual([0, 1]);
  });
});

describe('distinctScores', () => {
  it('sorts and removes repeats (0 and -0 are one value)', () => {
    expect(Array.from(distinctScores([0.5, -1, 0.5, 0, -0, 3]))).toEqual([-1, 0, 0.5, 3]);
  });
});
