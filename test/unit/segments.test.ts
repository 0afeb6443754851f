import { describe, expect, it } from 'vitest';
import { segmentsFromScores, textWithout, tidyText } from '../../src/segment/segments.ts';
import { readerText } from '../../src/reader/readerText.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';

const page = buildSnapshot([
  { parent: -1, tag: 'body', rect: [0, 0, 1000, 1000] },
  { parent: 0, tag: 'nav', rect: [0, 0, 1000, 50], text: 'Home News' },
  { parent: 0, tag: 'article', rect: [0, 50, 1000, 800], text: 'Body of the story.' },
  { parent: 2, tag: 'aside', rect: [700, 60, 300, 100], text: 'Related links' },
  { parent: 2, tag: 'p', rect: [0, 200, 600, 100], text: 'More story.' },
  { parent: 0, tag: 'footer', rect: [0, 900, 1000, 100], text: 'Copyright' },
]);

describe('segmentsFromScores', () => {
  // root 0.2; nav, aside and footer template; the article keeps the root's value
  const values = Float64Array.from([0.2, 0.9, 0.2, 0.8, 0.2, 0.9]);
  const segments = segmentsFromScores(page, values, [5, 0, 1, 3], 0.5);

  it('lists segment roots in document order with score, label and rect', () => {
    expect(segments.map((s) => s.node)).toEqual([0, 1, 3, 5]);
    expect(segments.map((s) => s.template)).toEqual([false, true, true, true]);
    expect(segments[2].rect).toEqual({ x: 700, y: 60, width: 300, height: 100 });
    expect(segments[2].score).toBeCloseTo(0.8);
  });

  it('nests segments and gives each only its own text', () => {
    expect(segments.map((s) => s.parentSegment)).toEqual([-1, 0, 0, 0]);
    expect(segments[0].text).toBe('Body of the story.\nMore story.');
    expect(segments[2].text).toBe('Related links');
  });
});

describe('readerText', () => {
  it('removes the text of every template subtree', () => {
    const values = [0.2, 0.9, 0.2, 0.8, 0.2, 0.9];
    expect(readerText(page, (i) => values[i] >= 0.5)).toBe('Body of the story.\nMore story.');
  });

  it('keeps everything when nothing is template, and nothing when the root is', () => {
    expect(readerText(page, () => false)).toBe('Home News\nBody of the story.\nRelated links\nMore story.\nCopyright');
    expect(readerText(page, () => true)).toBe('');
  });
});

describe('text helpers', () => {
  it('textWithout cuts nested ranges', () => {
    expect(textWithout('abcdefghij', 1, 9, [[2, 4], [6, 7]])).toBe('befhi');
    expect(textWithout('abcdefghij', 0, 10, [])).toBe('abcdefghij');
  });

  it('tidyText folds separators left by removed parts', () => {
    expect(tidyText('  a \n\n  b  c \n')).toBe('a\nb c');
  });
});
