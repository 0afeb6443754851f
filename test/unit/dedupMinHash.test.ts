import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { minHashSignature, shingleHash, textSignature } from '../../src/dedup/minHashSignature.ts';
import { exactJaccard, jaccardEstimate, sharedValues } from '../../src/dedup/compareSignatures.ts';
import { shingleSet } from '../../src/dedup/shingleSet.ts';
import { PAPER_DEDUP_OPTIONS } from '../../src/dedup/dedupOptions.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

/** `length` words drawn from a vocabulary of `vocabulary` made-up words: with 6-word windows nearly all distinct. */
function randomWords(random: () => number, length: number, vocabulary = 400): string[] {
  return Array.from({ length }, () => `w${Math.floor(random() * vocabulary)}`);
}

/**
 * Two texts that share runs of words: each is a shuffle of some shared blocks and some blocks of its own, so their
 * shingle sets overlap by an amount the test does not choose (it is computed exactly).
 */
function overlappingTexts(seed: number): [string, string] {
  const random = seededRandom(seed);
  const block = () => randomWords(random, 5 + Math.floor(random() * 40));
  const shared = Array.from({ length: Math.floor(random() * 6) }, block);
  const own = () => Array.from({ length: Math.floor(random() * 6) }, block);
  const text = (blocks: string[][]) => blocks.sort(() => random() - 0.5).flat().join(' ');
  return [text([...shared, ...own()]), text([...shared, ...own()])];
}

const { shingle, hashes, seed } = PAPER_DEDUP_OPTIONS;

describe('min-hash signatures', () => {
  it('are the k smallest distinct shingle hashes, ascending', () => {
    const shingles = shingleSet(randomWords(seededRandom(1), 300).join(' '), shingle);
    const sig = minHashSignature(shingles, hashes, seed);
    const all = [...new Set(shingles.map((s) => shingleHash(s, seed)))].sort((x, y) => x - y);
    expect([...sig.values]).toEqual(all.slice(0, hashes));
    expect(minHashSignature(shingles.slice(0, 3), hashes, seed).values.length).toBe(3);
  });

  it('hash a shingle to the same 53-bit integer every time, and to another under another seed', () => {
    const h = shingleHash('a b c d e f', seed);
    expect(shingleHash('a b c d e f', seed)).toBe(h);
    expect(Number.isSafeInteger(h) && h >= 0).toBe(true);
    expect(shingleHash('a b c d e f', seed + 1)).not.toBe(h);
  });

  it('of identical texts are equal, whatever the case and punctuation', () => {
    fc.assert(fc.property(fc.integer(), fc.integer({ min: 0, max: 500 }), (s, length) => {
      const words = randomWords(seededRandom(s), length);
      const a = textSignature(words.join(' '), PAPER_DEDUP_OPTIONS);
      const b = textSignature(words.map((w) => `${w.toUpperCase()},`).join('  '), PAPER_DEDUP_OPTIONS);
      expect([...b.values]).toEqual([...a.values]);
      expect(sharedValues(a, b)).toBe(a.values.length);
      if (length > 0) expect(jaccardEstimate(a, b)).toBe(1);
    }));
  });
});

describe("Broder's Jaccard estimate against the exact Jaccard of the shingle sets", () => {
  it('is exact when the two sets together have at most k shingles (the signatures hold all of them)', () => {
    fc.assert(fc.property(fc.integer(), (s) => {
      const random = seededRandom(s);
      // Few words from a tiny vocabulary: unions of at most 16 shingles, as the 16-value signatures hold them all.
      const a = shingleSet(randomWords(random, Math.floor(random() * 10), 6).join(' '), 3);
      const b = shingleSet(randomWords(random, Math.floor(random() * 10), 6).join(' '), 3);
      fc.pre(new Set([...a, ...b]).size <= 16);
      const estimate = jaccardEstimate(minHashSignature(a, 16, seed), minHashSignature(b, 16, seed));
      expect(estimate).toBeCloseTo(exactJaccard(a, b), 12);
    }));
  });

  it('is within 4.5 binomial standard deviations of the exact value with k = 256, on random texts', () => {
    // The count in both is hypergeometric(k draws from A ∪ B), whose variance is at most the binomial k·J(1 − J):
    // |estimate − J| ≤ 4.5·√(J(1 − J)/k) fails with probability < 1e-5 per pair for a random ordering, so a failure
    // over these 200 pairs says the hash does not order shingles like a random permutation. The 1/k term covers J
    // near 0 or 1, where the normal bound is 0 but one draw more or less is a step of 1/k.
    const k = 256;
    fc.assert(fc.property(fc.integer(), (s) => {
      const [x, y] = overlappingTexts(s);
      const a = shingleSet(x, shingle);
      const b = shingleSet(y, shingle);
      const j = exactJaccard(a, b);
      const estimate = jaccardEstimate(minHashSignature(a, k, seed), minHashSignature(b, k, seed));
      expect(Math.abs(estimate - j)).toBeLessThanOrEqual(4.5 * Math.sqrt((j * (1 - j)) / k) + 1 / k);
    }), { numRuns: 200 });
  });

  it('is unbiased at the paper\'s k = 8: its mean over 2,000 seeds is within 4 standard errors of J', () => {
    // One pair of texts, 2,000 independent orderings (seeds): the mean of 2,000 estimates, each with variance at most
    // J(1 − J)/8, has standard error ≤ √(J(1 − J)/(8·2000)) ≈ 0.0056 at J = 1/2. A biased estimator (say, the paper's
    // shared count divided by 8, which counts shared values beyond the union's k smallest) fails this.
    const random = seededRandom(7);
    const common = randomWords(random, 60);
    const a = shingleSet([...common, ...randomWords(random, 40)].join(' '), shingle);
    const b = shingleSet([...randomWords(random, 30), ...common].join(' '), shingle);
    const j = exactJaccard(a, b);
    expect(j).toBeGreaterThan(0.3);
    expect(j).toBeLessThan(0.7);
    const runs = 2000;
    let sum = 0;
    let sharedShare = 0;
    for (let s = 0; s < runs; s++) {
      const sa = minHashSignature(a, hashes, s);
      const sb = minHashSignature(b, hashes, s);
      sum += jaccardEstimate(sa, sb);
      sharedShare += sharedValues(sa, sb) / hashes;
    }
    const standardError = Math.sqrt((j * (1 - j)) / (hashes * runs));
    expect(Math.abs(sum / runs - j)).toBeLessThanOrEqual(4 * standardError);
    // The paper's own count is never below the estimate's count, and on this pair clearly above it.
    expect(sharedShare / runs).toBeGreaterThan(j + 4 * standardError);
  }, 30_000); // ~0.4 s alone; the allowance is for a machine busy rendering pages, not a time limit on the code

  it('refuses to compare signatures of different sizes', () => {
    const shingles = ['a b', 'b c'];
    expect(() => jaccardEstimate(minHashSignature(shingles, 8, seed), minHashSignature(shingles, 4, seed))).toThrow();
  });
});
