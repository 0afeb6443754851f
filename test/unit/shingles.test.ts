import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aggregateScores, matchMultisets, scorePage, shingleCounts, tokenize, type PageScore } from '../../src/eval/shingles.ts';

describe('tokenize', () => {
  it('keeps Unicode word characters, drops punctuation and lower-cases', () => {
    expect(tokenize('Hello, World! café_1 — Москва 2008')).toEqual(['hello', 'world', 'café_1', 'москва', '2008']);
    expect(tokenize("Kosovo?s don't")).toEqual(['kosovo', 's', 'don', 't']);
    expect(tokenize('  ...  ')).toEqual([]);
  });
});

describe('shingleCounts', () => {
  it('counts every 4-token window, with multiplicity', () => {
    expect(shingleCounts(tokenize('a b c d e'))).toEqual(new Map([['a b c d', 1], ['b c d e', 1]]));
    expect(shingleCounts(tokenize('a b c d a b c d'))).toEqual(
      new Map([['a b c d', 2], ['b c d a', 1], ['c d a b', 1], ['d a b c', 1]]),
    );
  });

  it('makes one short shingle of a text with fewer than 4 tokens, and none of an empty text', () => {
    expect(shingleCounts(['a', 'b'])).toEqual(new Map([['a b', 1]]));
    expect(shingleCounts([])).toEqual(new Map());
  });
});

describe('scorePage', () => {
  it('normalises TP/FP/FN per page (hand-computed)', () => {
    // gold: abcd bcde cdef; predicted: abcd bcde cdex → 2 shared, 1 extra, 1 missed.
    const s = scorePage('a b c d e f', 'A, b. c d e x');
    expect([s.tp, s.fp, s.fn]).toEqual([0.5, 0.25, 0.25]);
    expect(s.precision).toBeCloseTo(2 / 3, 12);
    expect(s.recall).toBeCloseTo(2 / 3, 12);
    expect([s.goldShingles, s.predictedShingles]).toEqual([3, 3]);
  });

  it('counts a repeated shingle only as often as the other side has it', () => {
    // gold has abcd twice plus bcda cdab dabc; the prediction has abcd once.
    const s = scorePage('a b c d a b c d', 'a b c d');
    expect(s.precision).toBe(1);
    expect(s.recall).toBeCloseTo(1 / 5, 12);
  });

  it('leaves an empty prediction out of precision and gives it recall 0', () => {
    const s = scorePage('some gold text here', '  ');
    expect(s.precision).toBeNull();
    expect(s.recall).toBe(0);
    expect([s.tp, s.fp, s.fn]).toEqual([0, 0, 1]);
  });

  it('leaves an empty gold text out of recall and gives any prediction precision 0', () => {
    const s = scorePage('', 'menu home contact us');
    expect(s.recall).toBeNull();
    expect(s.precision).toBe(0);
  });

  it('defines neither when both are empty', () => {
    const s = scorePage('', '');
    expect([s.tp, s.fp, s.fn, s.precision, s.recall]).toEqual([0, 0, 0, null, null]);
  });
});

describe('aggregateScores', () => {
  const page = (precision: number | null, recall: number | null): PageScore =>
    ({ tp: 0, fp: 0, fn: 0, goldShingles: 1, predictedShingles: precision === null ? 0 : 1, precision, recall });

  it('averages precision and recall over the pages that define them, then takes F1 of the averages', () => {
    const a = aggregateScores([page(1, 0.5), page(0.5, 1), page(null, 0)]);
    expect(a.pages).toBe(3);
    expect(a.precision).toBeCloseTo(0.75, 12);
    expect(a.recall).toBeCloseTo(0.5, 12);
    expect(a.f1).toBeCloseTo((2 * 0.75 * 0.5) / 1.25, 12);
    expect(a.emptyPredictions).toBe(1);
  });

  it('is 0 when nothing matched and NaN with no pages', () => {
    expect(aggregateScores([page(0, 0)]).f1).toBe(0);
    expect(aggregateScores([]).f1).toBeNaN();
  });
});

/** Brute force: match each predicted shingle against a not yet used equal gold shingle, one by one. */
function bruteForceMatch(gold: string[], predicted: string[]) {
  const left = [...gold];
  let tp = 0;
  for (const p of predicted) {
    const i = left.indexOf(p);
    if (i >= 0) {
      left.splice(i, 1);
      tp++;
    }
  }
  return { tp, fp: predicted.length - tp, fn: left.length };
}

const expand = (m: Map<string, number>) => [...m].flatMap(([k, n]) => Array<string>(n).fill(k));
/** Few distinct words, so that shingles repeat and overlap often. */
const words = fc.array(fc.constantFrom('a', 'b', 'c', 'Ab', 'ü'), { maxLength: 14 });

describe('multiset matching (property)', () => {
  it('agrees with a brute-force count, and the page scores stay consistent', () => {
    fc.assert(
      fc.property(words, words, (g, p) => {
        const goldText = g.join(' ');
        const predText = p.join(' ');
        const gold = shingleCounts(tokenize(goldText));
        const pred = shingleCounts(tokenize(predText));
        expect(matchMultisets(gold, pred)).toEqual(bruteForceMatch(expand(gold), expand(pred)));

        const s = scorePage(goldText, predText);
        const back = scorePage(predText, goldText);
        expect(s.precision).toEqual(back.recall);
        if (s.goldShingles + s.predictedShingles > 0) expect(s.tp + s.fp + s.fn).toBeCloseTo(1, 12);
        for (const v of [s.precision, s.recall]) if (v !== null) expect(v >= 0 && v <= 1).toBe(true);
        if (goldText.toLowerCase() === predText.toLowerCase() && g.length > 0) {
          expect([s.precision, s.recall]).toEqual([1, 1]);
        }
      }),
      { numRuns: 500 },
    );
  });
});
