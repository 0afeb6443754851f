import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { adjustedRandIndex, normalizedMutualInformation } from '../../src/eval/clusterAgreement.ts';

/**
 * ARI straight from its definition over all C(n,2) pairs (Hubert & Arabie's pair-count form), sharing no code with
 * the contingency-table implementation: a = pairs together in both, b = together in A only, c = in B only, d = apart
 * in both.
 */
function bruteForceAri(x: number[], y: number[]): number {
  let a = 0, b = 0, c = 0, d = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const sameX = x[i] === x[j];
      const sameY = y[i] === y[j];
      if (sameX && sameY) a++;
      else if (sameX) b++;
      else if (sameY) c++;
      else d++;
    }
  }
  const n = a + b + c + d;
  const chance = (a + b) * (a + c) + (c + d) * (b + d);
  if (n * n === chance) return 1; // only when both partitions are the same trivial one (or n < 2)
  return (n * (a + d) - chance) / (n * n - chance);
}

/** Two labelings of the same 0–30 items, with few labels so that clusters collide often. */
const labelingPair = fc.integer({ min: 0, max: 30 }).chain((n) => fc.tuple(
  fc.array(fc.integer({ min: 0, max: 4 }), { minLength: n, maxLength: n }),
  fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }),
));

/** A relabeling: each label mapped one-to-one onto another name. */
const renamed = (xs: number[], shift: number) => xs.map((v) => `c${(v * 7 + shift) % 1009}`);

describe('cluster agreement properties', () => {
  it('ARI equals brute-force pair counting', () => {
    fc.assert(fc.property(labelingPair, ([x, y]) => {
      expect(adjustedRandIndex(x, y)).toBeCloseTo(bruteForceAri(x, y), 10);
    }), { numRuns: 2000 });
  });

  it('ARI and NMI do not depend on the names of the clusters, nor on the order of arguments', () => {
    fc.assert(fc.property(labelingPair, fc.integer({ min: 0, max: 1000 }), ([x, y], shift) => {
      const ari = adjustedRandIndex(x, y);
      const nmi = normalizedMutualInformation(x, y);
      expect(adjustedRandIndex(renamed(x, shift), y)).toBeCloseTo(ari, 12);
      expect(normalizedMutualInformation(x, renamed(y, shift))).toBeCloseTo(nmi, 12);
      expect(adjustedRandIndex(y, x)).toBeCloseTo(ari, 12);
      expect(normalizedMutualInformation(y, x)).toBeCloseTo(nmi, 12);
    }), { numRuns: 1000 });
  });

  it('identical labelings (up to names) score 1 on both', () => {
    fc.assert(fc.property(labelingPair, fc.integer({ min: 0, max: 1000 }), ([x], shift) => {
      expect(adjustedRandIndex(x, renamed(x, shift))).toBeCloseTo(1, 12);
      expect(normalizedMutualInformation(x, renamed(x, shift))).toBeCloseTo(1, 12);
    }), { numRuns: 1000 });
  });

  it('ARI is at most 1 and NMI lies in [0, 1]', () => {
    fc.assert(fc.property(labelingPair, ([x, y]) => {
      expect(adjustedRandIndex(x, y)).toBeLessThanOrEqual(1 + 1e-12);
      const nmi = normalizedMutualInformation(x, y);
      expect(nmi).toBeGreaterThanOrEqual(0);
      expect(nmi).toBeLessThanOrEqual(1);
    }), { numRuns: 1000 });
  });
});
