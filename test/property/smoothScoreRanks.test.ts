import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rankScores } from '../../src/smooth/scoreRanks.ts';
import { distinctScores } from '../../src/smooth/distinctScores.ts';

/** The radix sort's ranks against the plain ones: distinctScores (a sort) and each score's place in it. */
describe('rankScores', () => {
  it('gives distinctScores and each score\'s index in it, for any finite scores (±0, subnormals, ties, ±1e308)', () => {
    const score = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(0, -0, 5e-324, -5e-324, 1, -1, 1 + 2 ** -52, 0.1, 0.2, 0.30000000000000004, 0.3, 1e308, -1e308),
      fc.integer({ min: -3, max: 3 }),
    );
    fc.assert(
      fc.property(fc.array(score, { minLength: 1, maxLength: 300 }), (scores) => {
        const { s, rank } = rankScores(scores);
        const expected = distinctScores(scores);
        expect(Array.from(s)).toEqual(Array.from(expected));
        scores.forEach((x, i) => expect(s[rank[i]]).toBe(x + 0));
      }),
      { numRuns: 2000 },
    );
  });
});
