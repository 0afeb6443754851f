import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { smoothTreeWithArrayLimit } from '../../src/smooth/smoothTree.ts';
import { smoothTreeBySubtree } from '../../src/smooth/smoothTreeBySubtree.ts';
import { smoothDense } from '../../src/smooth/smoothDense.ts';
import type { SmoothProblem, SmoothResult } from '../../src/smooth/smoothProblem.ts';
import { bruteForceCost, sortedUnique } from './smoothBruteForce.ts';
import { extremeProblem, largeProblem, smallProblem, type TreeKind } from './smoothArbitraries.ts';

const SHAPES: TreeKind[] = ['chain', 'caterpillar', 'star', 'binary', 'random', 'domLike'];

/**
 * Every function in the KinkTree (limit 0) or in arrays (no limit): the two paths of smoothTree. The tree's leaves
 * hold 2 kinks (so that even these small trees split leaves and walk inner nodes) or as many as smoothTree's.
 */
const byTree = (problem: SmoothProblem) => smoothTreeWithArrayLimit(problem, 0, 2);
const byTreeWideLeaves = (problem: SmoothProblem) => smoothTreeWithArrayLimit(problem, 0);
const byArrays = (problem: SmoothProblem) => smoothTreeWithArrayLimit(problem, Infinity);

function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * (1 + Math.abs(b));
}

/**
 * Same values and segments as the previous solver (smoothTreeBySubtree), or — where the two break a tie that
 * rounding decides (two choices whose costs differ in the last bits) — the same cost.
 */
function sameResult(a: SmoothResult, b: SmoothResult): void {
  if (Array.from(a.values).join() === Array.from(b.values).join()) {
    expect(Array.from(a.segments)).toEqual(Array.from(b.segments));
  } else {
    expect(Math.abs(a.cost - b.cost)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(b.cost)));
  }
}

describe('smoothTree on spines, caterpillars, stars and binary trees', () => {
  it('matches the dense table on shapes of 30–120 nodes, through the tree and through arrays', () => {
    fc.assert(
      fc.property(largeProblem(30, 120, SHAPES), (problem) => {
        const dense = smoothDense(problem).cost;
        expect(near(byTree(problem).cost, dense)).toBe(true);
        expect(near(byTreeWideLeaves(problem).cost, dense)).toBe(true);
        expect(near(byArrays(problem).cost, dense)).toBe(true);
        // A limit of 8 kinks mixes both representations in one tree: small children summed in arrays and added to a
        // large child's tree (smoothTree itself hands trees this shallow to smoothTreeBySubtree).
        expect(near(smoothTreeWithArrayLimit(problem, 8).cost, dense)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('matches the dense table on shapes of 200–400 nodes', () => {
    fc.assert(
      fc.property(largeProblem(200, 400, SHAPES), (problem) => {
        const dense = smoothDense(problem).cost;
        expect(near(byTree(problem).cost, dense)).toBe(true);
        expect(near(byTreeWideLeaves(problem).cost, dense)).toBe(true);
      }),
      { numRuns: 120 },
    );
  });

  it('reaches the brute-force optimum on small trees, every function in the tree', () => {
    fc.assert(
      fc.property(smallProblem(8), (problem) => {
        const brute = bruteForceCost(problem, sortedUnique(problem.scores));
        expect(byTree(problem).cost).toBeCloseTo(brute, 9);
        expect(smoothTreeWithArrayLimit(problem, 0, 3).cost).toBeCloseTo(brute, 9);
      }),
      { numRuns: 2000 },
    );
  });

  it('stays exact with awkward numbers through the tree', () => {
    fc.assert(
      fc.property(extremeProblem(), (problem) => {
        const dense = smoothDense(problem).cost;
        expect(near(byTree(problem).cost, dense)).toBe(true);
        expect(near(byTreeWideLeaves(problem).cost, dense)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the previous solver\'s values and segments (ties decided by rounding aside)', () => {
    fc.assert(
      fc.property(fc.oneof(smallProblem(12), largeProblem(30, 200, SHAPES)), (problem) => {
        const previous = smoothTreeBySubtree(problem);
        sameResult(byTree(problem), previous);
        sameResult(byTreeWideLeaves(problem), previous);
        sameResult(byArrays(problem), previous);
      }),
      { numRuns: 1500 },
    );
  });
});
