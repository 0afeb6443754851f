import { describe, expect, it } from 'vitest';
import { shingleSet, shingleWords } from '../../src/dedup/shingleSet.ts';
import { dedupOptions, PAPER_DEDUP_OPTIONS } from '../../src/dedup/dedupOptions.ts';

describe('shingleWords (003 §5.2: lower-case, non-alphanumerics removed)', () => {
  it('removes punctuation inside a word instead of splitting at it, in any script', () => {
    expect(shingleWords("Don't e-mail U.S. — Москва, café 2008!")).toEqual(
      ['dont', 'email', 'us', 'москва', 'café', '2008'],
    );
    expect(shingleWords('  ... — ')).toEqual([]);
  });
});

describe('shingleSet', () => {
  it('slides a window of N words and keeps each shingle once', () => {
    expect(shingleSet('a b c a b c', 3)).toEqual(['a b c', 'b c a', 'c a b']);
    expect(shingleSet('A, b! c', 2)).toEqual(['a b', 'b c']);
  });

  it('makes one shorter shingle of a text shorter than the window, and none of a text without words', () => {
    expect(shingleSet('one two', 6)).toEqual(['one two']);
    expect(shingleSet('—', 6)).toEqual([]);
  });
});

describe('dedupOptions', () => {
  it("defaults to the paper's 6 words, 8 min-hashes, 4 shared", () => {
    expect(dedupOptions()).toMatchObject({ shingle: 6, hashes: 8, minShared: 4 });
    expect(dedupOptions({ hashes: 16, minShared: undefined })).toMatchObject({ hashes: 16, minShared: 4 });
    expect(dedupOptions().seed).toBe(PAPER_DEDUP_OPTIONS.seed);
  });

  it('refuses values that cannot work, saying which', () => {
    expect(() => dedupOptions({ shingle: 0 })).toThrow(/shingle size/);
    expect(() => dedupOptions({ hashes: 2.5 })).toThrow(/min-hashes/);
    expect(() => dedupOptions({ minShared: 9 })).toThrow(/from 1 to the number of min-hashes \(8\)/);
    expect(() => dedupOptions({ hashes: 16, minShared: 9 })).not.toThrow();
  });
});
