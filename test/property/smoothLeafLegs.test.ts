import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { smoothTreeWithArrayLimit } from '../../src/smooth/smoothTree.ts';
import { smoothTreeBySubtree } from '../../src/smooth/smoothTreeBySubtree.ts';
import { smoothDense } from '../../src/smooth/smoothDense.ts';
import type { SmoothProblem } from '../../src/smooth/smoothProblem.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

/**
 * Chains whose nodes carry leaves (caterpillars with 0–3 legs per node): a large node adds a leaf that its cap left
 * alone as an own term (KinkTree.addOwnTerm), and sums the others with its own term as arrays. Penalties from 0 to
 * large, so that some leaves are capped and some are not, both kinds under one node; scores from a small pool too, so
 * that a leaf's score meets its parent's or another leaf's.
 */
const leggedChain = fc.record({
  n: fc.integer({ min: 2, max: 150 }),
  seed: fc.integer(),
  legs: fc.constantFrom(1, 2, 3),
  scoreKind: fc.constantFrom('pool', 'continuous'),
  penaltyScale: fc.constantFrom(0, 0.05, 0.5, 3, 100),
}).map(({ n, seed, legs, scoreKind, penaltyScale }): SmoothProblem => {
  const random = seededRandom(seed);
  const parents = [-1];
  let spine = 0;
  while (parents.length < n) {
    // 0 … legs leaves under the current spine node, then the next spine node.
    const count = Math.floor(random() * (legs + 1));
    for (let k = 0; k < count && parents.length < n; k++) parents.push(spine);
    if (parents.length < n) {
      parents.push(spine);
      spine = parents.length - 1;
    }
  }
  const scores = parents.map(() => (scoreKind === 'pool' ? [0, 0.25, 0.5, 1][Math.floor(random() * 4)] : random()));
  const weights = parents.map(() => (random() < 0.1 ? 0 : random() < 0.6 ? 1 : random() * 5));
  const penalties = parents.map(() => (random() < 0.1 ? 0 : penaltyScale * random()));
  return { parents, scores, weights, penalties };
});

function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * (1 + Math.abs(b));
}

describe('smoothTree on chains with leaves', () => {
  it('matches the dense table with the spine in the KinkTree and the leaves in arrays', () => {
    fc.assert(
      fc.property(leggedChain, (problem) => {
        const dense = smoothDense(problem).cost;
        // Limit 3: a leaf (its own term, at most 3 kinks) stays an array, nearly every spine node is a tree.
        expect(near(smoothTreeWithArrayLimit(problem, 3).cost, dense)).toBe(true);
        expect(near(smoothTreeWithArrayLimit(problem, 8).cost, dense)).toBe(true);
        // Leaves of 2 kinks: the tree's inner nodes and leaf splits on every chain.
        expect(near(smoothTreeWithArrayLimit(problem, 3, 2).cost, dense)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the shallow solver\'s values and segments (ties decided by rounding aside)', () => {
    fc.assert(
      fc.property(leggedChain, (problem) => {
        const previous = smoothTreeBySubtree(problem);
        const result = smoothTreeWithArrayLimit(problem, 3);
        if (Array.from(result.values).join() === Array.from(previous.values).join()) {
          expect(Array.from(result.segments)).toEqual(Array.from(previous.segments));
        } else {
          expect(Math.abs(result.cost - previous.cost)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(previous.cost)));
        }
      }),
      { numRuns: 500 },
    );
  });
});
