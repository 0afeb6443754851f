import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { smoothTree } from '../../src/smooth/smoothTree.ts';
import { smoothDense } from '../../src/smooth/smoothDense.ts';
import { smoothingCost, type SmoothProblem, type SmoothResult } from '../../src/smooth/smoothProblem.ts';
import { largeProblem, smallProblem } from './smoothArbitraries.ts';

/** What every result must satisfy, whatever the optimum. */
function checkResult(problem: SmoothProblem, result: SmoothResult): void {
  const { parents, scores } = problem;
  const scoreSet = new Set(Array.from(scores));
  expect(result.values).toBeInstanceOf(Float64Array);
  expect(result.values.length).toBe(parents.length);
  const segments: number[] = [];
  for (let i = 0; i < parents.length; i++) {
    expect(scoreSet.has(result.values[i])).toBe(true);
    const p = parents[i];
    if (p !== -1) expect(result.values[i]).toBeGreaterThanOrEqual(result.values[p]);
    if (p === -1 || result.values[i] !== result.values[p]) segments.push(i);
  }
  expect(Array.from(result.segments)).toEqual(segments);
  expect(result.cost).toBe(smoothingCost(problem, result.values));
}

describe('smoothing results are well formed', () => {
  it('values are input scores, never below the parent; segments are the root and every change; cost is recomputed',
    () => {
      fc.assert(
        fc.property(smallProblem(12), (problem) => {
          checkResult(problem, smoothTree(problem));
          checkResult(problem, smoothDense(problem));
        }),
        { numRuns: 1000 },
      );
    });

  it('the same holds on trees of 200–400 nodes', () => {
    fc.assert(
      fc.property(largeProblem(), (problem) => checkResult(problem, smoothTree(problem))),
      { numRuns: 60 },
    );
  });

  it('relabelling the nodes does not change the optimal cost', () => {
    fc.assert(
      fc.property(smallProblem(12), fc.integer(), (problem, seed) => {
        const n = problem.parents.length;
        // A rotation of the labels: node i becomes (i + shift) mod n.
        const shift = Math.abs(seed) % n;
        const to = (i: number) => (i + shift) % n;
        const moved: SmoothProblem = {
          parents: Array.from({ length: n }, (_, j) => {
            const p = problem.parents[(j - shift + n) % n];
            return p === -1 ? -1 : to(p);
          }),
          scores: Array.from({ length: n }, (_, j) => problem.scores[(j - shift + n) % n]),
          penalties: Array.from({ length: n }, (_, j) => problem.penalties[(j - shift + n) % n]),
          weights: problem.weights && Array.from({ length: n }, (_, j) => problem.weights![(j - shift + n) % n]),
        };
        expect(smoothTree(moved).cost).toBeCloseTo(smoothTree(problem).cost, 9);
      }),
      { numRuns: 300 },
    );
  });
});
