import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { smoothTree } from '../../src/smooth/smoothTree.ts';
import { smoothDense, smoothDenseCost } from '../../src/smooth/smoothDense.ts';
import { bruteForceCost, sortedUnique } from './smoothBruteForce.ts';
import { smallProblem } from './smoothArbitraries.ts';

describe('smoothing agrees with exhaustive search on small trees', () => {
  it('smoothTree, smoothDense and smoothDenseCost reach the brute-force optimum over the input scores', () => {
    fc.assert(
      fc.property(smallProblem(8), (problem) => {
        const best = bruteForceCost(problem, sortedUnique(problem.scores));
        expect(smoothTree(problem).cost).toBeCloseTo(best, 9);
        expect(smoothDense(problem).cost).toBeCloseTo(best, 9);
        expect(smoothDenseCost(problem)).toBeCloseTo(best, 9);
      }),
      { numRuns: 4000 },
    );
  });

  it('no value outside the input scores does better (Lemma 3, with weights and node penalties)', () => {
    fc.assert(
      fc.property(smallProblem(6), (problem) => {
        const s = sortedUnique(problem.scores);
        // Midpoints and values beyond both ends: where a better non-score optimum would have to show up.
        const more = [...s, s[0] - 1, s[s.length - 1] + 1, ...s.slice(1).map((v, k) => (v + s[k]) / 2)];
        expect(bruteForceCost(problem, more)).toBeCloseTo(bruteForceCost(problem, s), 9);
      }),
      { numRuns: 300 },
    );
  });
});
