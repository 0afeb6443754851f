import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { minHashSignature, type MinHashSignature } from '../../src/dedup/minHashSignature.ts';
import { nearDuplicatePairsIndexed, nearDuplicatePairsPairwise } from '../../src/dedup/nearDuplicatePairs.ts';
import { nearDuplicateTexts } from '../../src/dedup/nearDuplicateTexts.ts';
import { dedupOptions } from '../../src/dedup/dedupOptions.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

/** Signatures drawn from a small pool of values, so that pages share 0 to k of them and every count occurs. */
const signatures = fc.array(
  fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 8 })
    .map((values): MinHashSignature => ({ k: 8, values: Float64Array.from(values).sort() })),
  { maxLength: 40 },
);

/** Shared values of two signatures, counted with sets, independently of the merge under test. */
function sharedBySets(a: MinHashSignature, b: MinHashSignature): number {
  const second = new Set(b.values);
  return [...a.values].filter((v) => second.has(v)).length;
}

describe('near-duplicate pairs', () => {
  it('the pairwise reference finds exactly the pairs sharing ≥ m values, with their counts', () => {
    fc.assert(fc.property(signatures, fc.integer({ min: 1, max: 8 }), (sigs, m) => {
      const expected = [];
      for (let a = 0; a < sigs.length; a++) {
        for (let b = a + 1; b < sigs.length; b++) {
          const shared = sharedBySets(sigs[a], sigs[b]);
          if (shared >= m) expected.push({ a, b, shared });
        }
      }
      expect(nearDuplicatePairsPairwise(sigs, m)).toEqual(expected);
    }));
  });

  it('the inverted index finds the same pairs as comparing every pair', () => {
    fc.assert(fc.property(signatures, fc.integer({ min: 1, max: 8 }), (sigs, m) => {
      expect(nearDuplicatePairsIndexed(sigs, m)).toEqual(nearDuplicatePairsPairwise(sigs, m));
    }));
  });

  it('the index agrees on real signatures of texts with a shared template, too', () => {
    // 60 pages of one "site": each is a shared header and footer around its own article, some articles repeated.
    const random = seededRandom(3);
    const words = (n: number) => Array.from({ length: n }, () => `w${Math.floor(random() * 500)}`).join(' ');
    const header = words(40);
    const footer = words(30);
    const articles = Array.from({ length: 20 }, () => words(20 + Math.floor(random() * 200)));
    const pages = Array.from({ length: 60 }, (_, i) => `${header} ${articles[i % 20]} ${footer}`);
    const sigs = pages.map((p) => minHashSignature([...new Set(p.split(' ').map((_, i, w) => w.slice(i, i + 6).join(' ')))], 8, 1));
    for (const m of [1, 4, 8]) expect(nearDuplicatePairsIndexed(sigs, m)).toEqual(nearDuplicatePairsPairwise(sigs, m));
  });
});

describe('nearDuplicateTexts', () => {
  it('flags a copy with a changed word and not an unrelated text; a page without words is nobody\'s duplicate', () => {
    const random = seededRandom(11);
    const words = (n: number) => Array.from({ length: n }, () => `w${Math.floor(random() * 1000)}`);
    const article = words(300);
    const edited = [...article];
    edited[150] = 'changed';
    const texts = [article.join(' '), words(300).join(' '), edited.join(' '), '', '—'];
    const { pairs, signatures } = nearDuplicateTexts(texts, dedupOptions());
    expect(pairs.map(({ a, b }) => [a, b])).toEqual([[0, 2]]);
    expect(pairs[0].shared).toBeGreaterThanOrEqual(4);
    expect(pairs[0].jaccard).toBeGreaterThan(0.5);
    expect(signatures[3].values.length).toBe(0);
  });

  it('a stricter rule finds a subset of the pairs', () => {
    fc.assert(fc.property(fc.integer(), (s) => {
      const random = seededRandom(s);
      const vocabulary = 3 + Math.floor(random() * 30);
      const texts = Array.from({ length: 15 }, () =>
        Array.from({ length: Math.floor(random() * 60) }, () => `w${Math.floor(random() * vocabulary)}`).join(' '));
      const key = (p: { a: number; b: number }) => `${p.a},${p.b}`;
      const loose = new Set(nearDuplicateTexts(texts, dedupOptions({ shingle: 2, minShared: 2 })).pairs.map(key));
      const strict = nearDuplicateTexts(texts, dedupOptions({ shingle: 2, minShared: 5 })).pairs.map(key);
      for (const p of strict) expect(loose.has(p)).toBe(true);
    }));
  });
});
