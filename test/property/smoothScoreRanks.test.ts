import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { distinctScores } from '../../src/smooth/distinctScores.ts';
import { scoreRanks } from '../../src/smooth/scoreRanks.ts';

describe('scoreRanks', () => {
  it('gives each score its index among the distinct scores, on any finite numbers', () => {
    const score = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(5e-324, -5e-324, 1e-308, -0, 0, 1, 1 + 2 ** -52, 1 - 2 ** -53, Number.MAX_VALUE,
        -Number.MAX_VALUE),
      fc.double({ min: 0, max: 1, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(score, { minLength: 1, maxLength: 60 }), (scores) => {
        const s = distinctScores(scores);
        const rank = scoreRanks(scores, s);
        // s is sorted and distinct, so the score itself names its rank (-0 is 0 there).
        scores.forEach((x, i) => expect(s[rank[i]] === x).toBe(true));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds every rank of a large bimodal set', () => {
    const scores = Float64Array.from({ length: 20_000 }, (_, i) => 1 / (1 + Math.exp(-(i % 2 ? 2 : -2) - Math.sin(i))));
    const s = distinctScores(scores);
    const rank = scoreRanks(scores, s);
    scores.forEach((x, i) => expect(s[rank[i]]).toBe(x));
  });
});
