import { describe, expect, it } from 'vitest';
import { bylineName, looksLikeNames } from '../../src/reader/bylineName.ts';
import { StyleBit } from '../../src/snapshot/styleBits.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

const inline = StyleBit.INLINE;

describe('looksLikeNames', () => {
  it('accepts people’s names and lists of them, not sentences, dates or long titles', () => {
    for (const ok of ['Ana Lima', 'J. R. R. Tolkien', 'Ludwig van Beethoven', 'Ana Lima, Bo Chen and Cy Diaz', 'Aleš Vávra']) {
      expect(looksLikeNames(ok), ok).toBe(true);
    }
    for (const bad of ['the staff', 'March 5, 2024', 'Daniel Kahn Gillmor, Senior Staff Technologist, ACLU Speech, Privacy, and Technology Project']) {
      expect(looksLikeNames(bad), bad).toBe(false);
    }
  });
});

describe('bylineName', () => {
  // div.byline(text, a, span.date) — the byline element's text is its own text then its children's.
  const line = (own: string, extra: NodeSpec[] = []) => buildSnapshot([
    { parent: -1, tag: 'body', rect: [0, 0, 1000, 1000] },
    { parent: 0, tag: 'div', rect: [0, 0, 1000, 40], text: own },
    ...extra,
  ]);

  it('reads the name after "By"', () => {
    expect(bylineName(line('By Ana Lima | 5 March 2024'), 1)).toBe('Ana Lima');
  });

  it('reads the element the markup names as author, then a link that reads as a name', () => {
    const s = line('', [
      { parent: 1, tag: 'a', rect: [0, 0, 40, 40], link: 'intra', style: inline },
      { parent: 1, tag: 'a', rect: [40, 0, 200, 40], text: 'Aleš Vávra', link: 'intra', style: inline },
      { parent: 1, tag: 'div', rect: [240, 0, 200, 40], text: '1. 11. 2021 10:52' },
    ]);
    expect(bylineName(s, 1, [1, 2, 3])).toBe('Aleš Vávra');
    expect(bylineName(s, 1, [])).toBe('Aleš Vávra');
    const long = line('By ', [
      { parent: 1, tag: 'a', rect: [0, 0, 200, 40], text: 'Daniel Kahn Gillmor', link: 'intra', style: inline },
      { parent: 1, tag: 'span', rect: [200, 0, 600, 40], text: ', Senior Staff Technologist, ACLU Speech, Privacy, and Technology Project', style: inline },
    ]);
    expect(bylineName(long, 1)).toBe('Daniel Kahn Gillmor');
  });

  it('is null for a date line or no byline element', () => {
    expect(bylineName(line('Updated 5 March 2024'), 1)).toBeNull();
    expect(bylineName(line('By Ana Lima'), -1)).toBeNull();
  });
});
