import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { smoothTree } from '../../src/smooth/smoothTree.ts';
import { smoothDense } from '../../src/smooth/smoothDense.ts';
import { extremeProblem, largeProblem } from './smoothArbitraries.ts';

describe('smoothTree agrees with the dense table on larger trees', () => {
  it('chains, stars, brooms, random and DOM-like trees of 200–400 nodes', () => {
    fc.assert(
      fc.property(largeProblem(), (problem) => {
        const fast = smoothTree(problem).cost;
        const dense = smoothDense(problem).cost;
        expect(Math.abs(fast - dense)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(dense)));
      }),
      { numRuns: 600 },
    );
  });
});

describe('smoothTree is exact at any scale of scores', () => {
  it('scores scaled by 1e-6 … 1e6 (penalties with them) still match the dense table', () => {
    fc.assert(
      fc.property(largeProblem(), fc.constantFrom(1e-6, 1e-3, 1e3, 1e6), (problem, scale) => {
        const scaled = {
          ...problem,
          scores: Array.from(problem.scores, (x) => x * scale),
          penalties: Array.from(problem.penalties, (g) => g * scale),
        };
        const fast = smoothTree(scaled).cost;
        const dense = smoothDense(scaled).cost;
        expect(Math.abs(fast - dense)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(dense)));
      }),
      { numRuns: 150 },
    );
  });
});

describe('smoothTree stays exact with awkward numbers', () => {
  it('subnormals, ±0, 0.1 + 0.2, scores spread over ±1e9 with weights up to 1e6', () => {
    fc.assert(
      fc.property(extremeProblem(), (problem) => {
        const fast = smoothTree(problem);
        const dense = smoothDense(problem).cost;
        expect(Math.abs(fast.cost - dense)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(dense)));
        Array.from(problem.parents).forEach((p, i) => {
          if (p >= 0) expect(fast.values[i]).toBeGreaterThanOrEqual(fast.values[p]);
        });
      }),
      { numRuns: 5000 },
    );
  });
});
