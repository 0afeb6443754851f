import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GridArray } from '../../src/smooth/gridArray.ts';
import { capExcursions } from '../../src/smooth/excursions.ts';
import { ExcursionBounds } from '../../src/smooth/excursionBounds.ts';
import { NewSegmentRanges } from '../../src/smooth/newSegmentRanges.ts';
import { between } from '../../src/smooth/breakpoints.ts';

/**
 * ExcursionBounds lets smoothTree skip the walk of a node it says caps nothing, so its bound must never be below the
 * truth: the most f rises above its suffix minimum (max over v of f(v) − min over u ≥ v of f(u)), found here by trying
 * every pair of ranks. A cost g capped by the walk, plus the terms of the nodes above it, is checked against the
 * bound the walk left and the terms raised.
 */
const problem = fc.record({
  scores: fc.uniqueArray(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 12 }),
  // Values at every rank (cut to the scores' number), the penalty of the node walked, its parents' terms.
  values: fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 12, maxLength: 12 }),
  penalty: fc.double({ min: 0.01, max: 3, noNaN: true }),
  terms: fc.array(fc.record({ at: fc.nat(), weight: fc.double({ min: 0.1, max: 3, noNaN: true }) }), { maxLength: 5 }),
  slots: fc.constantFrom(1, 2, 4),
});

/** The most f, given at every rank, rises above its minimum at or right of each rank. */
function highestRise(f: number[]): number {
  let rise = 0;
  let min = Infinity;
  for (let v = f.length - 1; v >= 0; v--) {
    min = Math.min(min, f[v]);
    rise = Math.max(rise, f[v] - min);
  }
  return rise;
}

describe('ExcursionBounds', () => {
  it('never bounds a capped cost plus terms below how far it really rises, and holds the cap without terms', () => {
    // Runs where the cost rises at all, so that the check below has something to hold the bound to (about 800 of the
    // 2,000 in a run seen).
    let risen = 0;
    fc.assert(
      fc.property(problem, ({ scores, values, penalty, terms, slots }) => {
        const s = Float64Array.from(scores).sort();
        const m = s.length;
        const g = new GridArray(s);
        for (let r = 0; r < m; r++) g.kinks.push(r, values[r]);
        const bounds = new ExcursionBounds(2, s, slots);
        capExcursions(g, s, penalty, new NewSegmentRanges(), bounds, 0);
        // g at every rank, from its kinks (the caps left a line between the ends of each capped stretch).
        const { rank, value, length } = g.kinks;
        const f = Array.from({ length: m }, (_, r) => {
          let k = 0;
          while (rank[k + 1] < r) k++;
          return rank[k] === r ? value[k] : between(s[rank[k]], value[k], s[rank[k + 1]], value[k + 1], s[r]);
        });
        expect(length).toBeGreaterThan(0);
        // Capped, g rises at most the penalty: the bound says so (else no node above could ever skip its walk).
        expect(bounds.capsNothing(0, penalty * (1 + 1e-6) + 1e-9)).toBe(true);
        bounds.inherit(1, 0);
        for (const { at, weight } of terms) {
          const r = at % m;
          bounds.addTerm(1, s[r], weight);
          for (let v = 0; v < m; v++) f[v] += weight * Math.abs(s[v] - s[r]);
        }
        const rise = highestRise(f);
        // Just below the true rise, the bound must not claim that nothing would be capped.
        if (rise > 1e-6) {
          risen++;
          expect(bounds.capsNothing(1, rise * (1 - 1e-6))).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
    expect(risen).toBeGreaterThan(400);
  });

  it('says walk, not skip, when scores near ±1e308 make a rise NaN (0 · ∞)', () => {
    const s = Float64Array.from([-1e308, 0, 1e308]);
    const bounds = new ExcursionBounds(2, s);
    const g = new GridArray(s);
    [5, 1, 5].forEach((v, r) => g.kinks.push(r, v));
    capExcursions(g, s, 10, new NewSegmentRanges(), bounds, 0);
    bounds.inherit(1, 0);
    // A term of weight 0 at the top score: its lift from the lowest is 2e308, infinite, times 0.
    bounds.addTerm(1, s[2], 0);
    expect(bounds.capsNothing(1, 100)).toBe(false);
  });
});
