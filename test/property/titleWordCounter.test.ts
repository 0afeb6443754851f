import { describe, it } from 'vitest';
import fc from 'fast-check';
import { titleWordCounter, titleWords } from '../../src/features/titleWords.ts';

/** The counter as it was first written: every word of the text matched, lower-cased alone, and counted by prefix. */
function reference(title: string, text: string, start: number, end: number): number {
  const wanted = titleWords(title);
  let n = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (m.index >= start && m.index < end && wanted.has(m[0].toLowerCase())) n++;
  }
  return n;
}

// Words, their cased and accented kin, letters outside the BMP, and characters that lower-case to two (İ).
const piece = fc.constantFrom('marsh', 'Marsh', 'MARSH', 'marshes', 'émigré', 'ÉMIGRÉ', 'ΟΔΟΣ', 'οδος', 'x1', 'story',
  'STORY-', '𝒜lpha', '𝒜', 'alpha', 'İstanbul', 'istanbul', ' ', '  ', '.', ',', '-', '\n', '日本語', '日本', '2024', 'and');

describe('titleWordCounter', () => {
  it('counts what matching every word of the text counts, for any range', () => {
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), fc.array(piece, { maxLength: 40 }), fc.nat(), fc.nat(),
      (titleParts, textParts, a, b) => {
        const title = titleParts.join(' ');
        const text = textParts.join('');
        const start = a % (text.length + 2);
        const end = b % (text.length + 2);
        return titleWordCounter(title, text).count(start, end) === (end <= start ? 0 : reference(title, text, start, end));
      }), { numRuns: 2000 });
  });
});
