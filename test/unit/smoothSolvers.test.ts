import { describe, expect, it } from 'vitest';
import { smoothTree } from '../../src/smooth/smoothTree.ts';
import { smoothDense, smoothDenseCost } from '../../src/smooth/smoothDense.ts';
import type { SmoothProblem, SmoothResult } from '../../src/smooth/smoothProblem.ts';

const solvers: Array<[string, (p: SmoothProblem) => SmoothResult]> = [
  ['smoothTree', smoothTree],
  ['smoothDense', smoothDense],
];

describe.each(solvers)('%s on hand-computed examples', (_, solve) => {
  // A chain root → 1 → 2 with scores 0, 1, 1. All at 0 costs 2, all at 1 costs 1, a new segment at node 1 costs γ.
  const chain = (gamma: number): SmoothProblem => ({
    parents: [-1, 0, 1],
    scores: [0, 1, 1],
    penalties: [0, gamma, gamma],
  });

  it('starts a second segment when its penalty is below what it saves', () => {
    const result = solve(chain(0.5));
    expect(Array.from(result.values)).toEqual([0, 1, 1]);
    expect(Array.from(result.segments)).toEqual([0, 1]);
    expect(result.cost).toBeCloseTo(0.5, 12);
  });

  it('keeps one segment when the penalty is higher than that', () => {
    const result = solve(chain(1.5));
    expect(Array.from(result.values)).toEqual([1, 1, 1]);
    expect(Array.from(result.segments)).toEqual([0]);
    expect(result.cost).toBeCloseTo(1, 12);
  });

  it('never puts a child below its parent: a heavy root pulls its lower child up', () => {
    // y1 ≥ y0: both at 1 costs 1 (node 1 moves), both at 0 costs 2 (the root, weight 2, moves).
    const result = solve({ parents: [-1, 0], scores: [1, 0], weights: [2, 1], penalties: [0.25, 10] });
    expect(Array.from(result.values)).toEqual([1, 1]);
    expect(result.cost).toBeCloseTo(1.25, 12);
  });

  it('lets a weightless node follow its children', () => {
    const result = solve({ parents: [-1, 0, 0], scores: [5, 1, 1], weights: [0, 1, 1], penalties: [1, 3, 3] });
    expect(Array.from(result.values)).toEqual([1, 1, 1]);
    expect(result.cost).toBeCloseTo(1, 12);
  });

  it('with no penalties, is plain tree isotonic regression', () => {
    // Children 0.8 and 0.3 under a root at 0.5: the root must come down to 0.3 or the child up to 0.5.
    const result = solve({ parents: [-1, 0, 0], scores: [0.5, 0.8, 0.3], penalties: [0, 0, 0] });
    expect(result.cost).toBeCloseTo(0.2, 12);
    expect(result.values[1]).toBe(0.8);
  });

  it('handles a single node and all-equal scores', () => {
    expect(solve({ parents: [-1], scores: [0.7], penalties: [2] })).toMatchObject({ cost: 2 });
    const flat = solve({ parents: [-1, 0, 0, 1], scores: [0.4, 0.4, 0.4, 0.4], penalties: [1, 1, 1, 1] });
    expect(Array.from(flat.values)).toEqual([0.4, 0.4, 0.4, 0.4]);
    expect(flat.cost).toBe(1);
  });

  it('validates its input', () => {
    expect(() => solve({ parents: [-1, -1], scores: [0, 1], penalties: [0, 0] })).toThrow(/exactly one root/);
  });
});

describe('smoothDenseCost', () => {
  it('gives the optimal cost without keeping the table', () => {
    expect(smoothDenseCost({ parents: [-1, 0, 1], scores: [0, 1, 1], penalties: [0, 0.5, 0.5] })).toBeCloseTo(0.5, 12);
    expect(smoothDenseCost({ parents: [-1, 0, 1], scores: [0, 1, 1], penalties: [0, 1.5, 1.5] })).toBeCloseTo(1, 12);
  });
});

describe('smoothTree on deep trees', () => {
  it('solves a 3000-deep chain (no recursion) and agrees with the dense table', () => {
    const n = 3000;
    const problem: SmoothProblem = {
      parents: Int32Array.from({ length: n }, (_, i) => i - 1),
      // Rising in steps of 0.1 every 500 nodes, with noise: a few segments should come out.
      scores: Float64Array.from({ length: n }, (_, i) => Math.floor(i / 500) / 10 + ((i * 7919) % 13) / 1000),
      penalties: new Float64Array(n).fill(2),
    };
    const fast = smoothTree(problem);
    expect(fast.cost).toBeCloseTo(smoothDenseCost(problem), 8);
    expect(fast.segments.length).toBeGreaterThan(1);
  });
});

describe('smoothTree on stretches that rounding makes flat', () => {
  // Found by the property tests when appendCostGivenParent dropped every score on a flat stretch of g: scores a
  // denormal apart make stretches flat that are not, and the optimum lay on them.
  it('keeps a score on a flat stretch of g where the optimum lies (denormal scores)', () => {
    const problem: SmoothProblem = {
      parents: [5, 7, 7, 7, 7, 2, 2, -1],
      scores: [0, 0.3, 1, 1, 0, 1, -1e-323, -1],
      weights: [2, 1, 1, 0, 0, 2, 2, 0],
      penalties: [1e-323, 0, 0.05, 0, 0, 0.05, 1e-323, 0],
    };
    expect(smoothTree(problem).cost).toBeCloseTo(smoothDense(problem).cost, 12);
    expect(smoothTree(problem).cost).toBeCloseTo(3, 12);
  });

  it('keeps a score where g is f on a stretch that rounding makes flat (a kink there a denormal wide)', () => {
    const problem: SmoothProblem = {
      parents: [7, 0, 7, 7, 5, 1, 1, -1, 7, 7],
      scores: [0.25, -5e-324, -1, 0, -1, -5e-324, 0.25, 0, -1, 0],
      penalties: [0, 0, 0, 0, 0, 0, 0.25, 0, 0, 0],
    };
    expect(smoothTree(problem).cost).toBeCloseTo(smoothDense(problem).cost, 12);
    expect(smoothTree(problem).cost).toBeCloseTo(2.5, 12);
  });
});
