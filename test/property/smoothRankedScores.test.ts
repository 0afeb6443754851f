import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { distinctScores } from '../../src/smooth/distinctScores.ts';
import { rankedScores } from '../../src/smooth/rankedScores.ts';

/** rankedScores' radix sort against the built-in sort (distinctScores) and the score itself naming its rank. */
function expectRanked(scores: ArrayLike<number>): void {
  const { s, rank } = rankedScores(scores);
  const sorted = distinctScores(scores);
  expect(s.length).toBe(sorted.length);
  // Same bits: -0 is 0 in both.
  sorted.forEach((x, k) => expect(Object.is(s[k], x)).toBe(true));
  for (let i = 0; i < scores.length; i++) expect(s[rank[i]] === scores[i]).toBe(true);
}

describe('rankedScores', () => {
  it('sorts any finite numbers as the built-in sort does and gives each its index among the distinct ones', () => {
    const score = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(5e-324, -5e-324, 1e-308, -0, 0, 1, 1 + 2 ** -52, 1 - 2 ** -53, Number.MAX_VALUE,
        -Number.MAX_VALUE, 2 ** 31, -(2 ** 31), 2 ** 32 + 1),
      fc.double({ min: 0, max: 1, noNaN: true }),
    );
    fc.assert(fc.property(fc.array(score, { minLength: 1, maxLength: 60 }), expectRanked), { numRuns: 3000 });
  });

  it('sorts a large bimodal set, and one where every score shares its high bits (passes skipped)', () => {
    expectRanked(Float64Array.from({ length: 20_000 }, (_, i) => 1 / (1 + Math.exp(-(i % 2 ? 2 : -2) - Math.sin(i)))));
    expectRanked(Float64Array.from({ length: 5_000 }, (_, i) => 1 + ((i * 7919) % 4096) * 2 ** -52));
    expectRanked([3, 3, 3]);
  });
});
