import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { titleWordCounter, titleWords, wordCase } from '../../src/features/titleWords.ts';

/**
 * The counter as it was first written: every word of the text matched, lower-cased alone (σ and final ς as one
 * letter: wordCase), and counted by prefix.
 */
function reference(title: string, text: string, start: number, end: number): number {
  const wanted = titleWords(title);
  let n = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (m.index >= start && m.index < end && wanted.has(wordCase(m[0]))) n++;
  }
  return n;
}

// Words, their cased and accented kin, letters outside the BMP, and characters that lower-case to two (İ).
const piece = fc.constantFrom('marsh', 'Marsh', 'MARSH', 'marshes', 'émigré', 'ÉMIGRÉ', 'ΟΔΟΣ', 'οδος', 'x1', 'story',
  'STORY-', '𝒜lpha', '𝒜', 'alpha', 'İstanbul', 'istanbul', ' ', '  ', '.', ',', '-', '\n', '日本語', '日本', '2024', 'and');

describe('titleWordCounter', () => {
  it('counts what matching every word of the text counts, for any range', () => {
    // Seed 181901075 once found ΟΔΟΣ before ".marsh" lower-cased to οδοσ in the whole text and to οδος alone.
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), fc.array(piece, { maxLength: 40 }), fc.nat(), fc.nat(),
      (titleParts, textParts, a, b) => {
        const title = titleParts.join(' ');
        const text = textParts.join('');
        const start = a % (text.length + 2);
        const end = b % (text.length + 2);
        return titleWordCounter(title, text).count(start, end) === (end <= start ? 0 : reference(title, text, start, end));
      }), { numRuns: 2000 });
  });

  it('finds a Greek word whose capital sigma the whole text lower-cases to σ and the word alone to ς', () => {
    // "ΟΔΟΣ.marsh" lower-cases to "οδοσ.marsh" (a letter follows the full stop), "ΟΔΟΣ" alone to "οδος".
    expect(titleWordCounter('οδος', 'ΟΔΟΣ.marsh').count(0, 1)).toBe(1);
    expect(titleWordCounter('ΟΔΟΣ', 'οδοσ οδος').count(0, 9)).toBe(2);
  });
});
