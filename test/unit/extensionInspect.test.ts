// Inspect mode's pure parts: how segments nest (breadcrumb and arrow keys), where the card goes, the notice for labels
// that no longer match, and the features' short names.
import { describe, expect, it } from 'vitest';
import { SegmentNesting } from '../../extension/content/segmentNesting.ts';
import { CARD_GAP, placeCard } from '../../extension/content/inspectCardPlacement.ts';
import { unmatchedLabels, unmatchedNotice } from '../../extension/content/unmatchedLabels.ts';
import { featureWords } from '../../extension/content/featureWords.ts';
import { FEATURE_NAMES } from '../../src/features/featureSchema.ts';
import type { SegmentLabelRecord } from '../../src/labels/pageLabels.ts';
import { overlaps } from '../../src/util/rects.ts';

// Nodes (pre-order): 0 body; 1 header > 2 nav > 3 a; 4 main > 5 p, 6 aside; 7 footer.
const PARENT = [-1, 0, 1, 2, 0, 4, 4, 0];
// Segments (document order): page, header, nav, main, aside, footer.
const SEGMENTS = [
  { node: 0, parentSegment: -1 }, { node: 1, parentSegment: 0 }, { node: 2, parentSegment: 1 },
  { node: 4, parentSegment: 0 }, { node: 6, parentSegment: 3 }, { node: 7, parentSegment: 0 },
];

describe('SegmentNesting', () => {
  const n = new SegmentNesting(PARENT, SEGMENTS);

  it('finds the innermost segment of a node, never the page as a whole', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((node) => n.segmentOf(node))).toEqual([null, 1, 2, 2, 3, 3, 4, 5]);
  });

  it('gives the breadcrumb from the page down', () => {
    expect(n.breadcrumb(2)).toEqual([0, 1, 2]);
    expect(n.breadcrumb(4)).toEqual([0, 3, 4]);
  });

  it('steps up to the parent and down to the first child, never to the page', () => {
    expect(n.step(2, 'up')).toBe(1);
    expect(n.step(1, 'up')).toBeNull();
    expect(n.step(1, 'down')).toBe(2);
    expect(n.step(2, 'down')).toBeNull();
    expect(n.step(3, 'down')).toBe(4);
  });

  it('steps to the previous and next segment in document order, stopping at the ends', () => {
    expect(n.step(2, 'next')).toBe(3);
    expect(n.step(4, 'previous')).toBe(3);
    expect(n.step(1, 'previous')).toBeNull();
    expect(n.step(5, 'next')).toBeNull();
    expect(n.first()).toBe(1);
  });

  it('has nowhere to go on a page that is one segment', () => {
    const one = new SegmentNesting([-1, 0], [{ node: 0, parentSegment: -1 }]);
    expect(one.first()).toBeNull();
    expect(one.segmentOf(1)).toBeNull();
  });
});

describe('placeCard', () => {
  const viewport = { w: 1280, h: 800 };
  const card = { w: 300, h: 200 };

  it('goes beside the segment, right first, then left, below, above', () => {
    expect(placeCard(card, { x: 100, y: 100, w: 400, h: 300 }, viewport, [])).toMatchObject({ x: 500 + CARD_GAP, y: 100 });
    expect(placeCard(card, { x: 800, y: 100, w: 400, h: 300 }, viewport, [])).toMatchObject({ x: 800 - 300 - CARD_GAP });
    const wide = { x: 0, y: 100, w: 1280, h: 300 };
    expect(placeCard(card, wide, viewport, [])).toMatchObject({ y: 400 + CARD_GAP });
    const low = { x: 0, y: 500, w: 1280, h: 300 };
    expect(placeCard(card, low, viewport, [])).toMatchObject({ y: 500 - 200 - CARD_GAP });
  });

  it('never covers the segment when some place does not, and stays in the window', () => {
    for (const segment of [{ x: 0, y: 0, w: 900, h: 500 }, { x: 700, y: 400, w: 580, h: 400 }, { x: 300, y: 250, w: 600, h: 300 }]) {
      const at = placeCard(card, segment, viewport, []);
      expect(overlaps(at, segment)).toBe(false);
      expect(at.x >= 0 && at.y >= 0 && at.x + at.w <= viewport.w && at.y + at.h <= viewport.h).toBe(true);
    }
  });

  it('covers the least text when the segment fills the window', () => {
    const full = { x: 0, y: 0, w: 1280, h: 800 };
    // Lines of text everywhere but the bottom-left corner.
    const text = [{ x: 0, y: 0, w: 1280, h: 580 }, { x: 400, y: 580, w: 880, h: 220 }];
    const at = placeCard(card, full, viewport, text);
    expect(at).toMatchObject({ x: CARD_GAP, y: 800 - 200 - CARD_GAP });
  });
});

describe('unmatched labels', () => {
  const label = (selector: string): SegmentLabelRecord =>
    ({ selector, xpath: null, textHash: '00000000', label: 'content', labelledAt: '2026-01-01T00:00:00Z' });

  it('are sorted by why: text changed, merged at this penalty, gone', () => {
    const mapping = { applied: new Map(), changed: [label('#a')], missing: [label('#b'), label('#c')] };
    expect(unmatchedLabels(mapping, (l) => l.selector === '#b')).toEqual({ changed: 1, merged: 1, gone: 1 });
  });

  it('make one notice that says how many and why, and that they are kept', () => {
    expect(unmatchedNotice({ changed: 2, merged: 0, gone: 0 }))
      .toBe('2 of your labels no longer match this page: the text changed. They are kept.');
    expect(unmatchedNotice({ changed: 0, merged: 0, gone: 1 }))
      .toBe('1 of your labels no longer matches this page: gone from the page. It is kept.');
    expect(unmatchedNotice({ changed: 1, merged: 2, gone: 0 })).toBe('3 of your labels no longer match this page: ' +
      'the text changed (1); not a segment at this penalty (a lower one brings it back) (2). They are kept.');
    expect(unmatchedNotice({ changed: 0, merged: 0, gone: 0 })).toBeNull();
  });
});

describe('featureWords', () => {
  it('names every feature of the schema in a few words of its own', () => {
    const words = FEATURE_NAMES.map(featureWords);
    expect(new Set(words).size).toBe(FEATURE_NAMES.length);
    for (const w of words) expect(w.length).toBeLessThanOrEqual(30);
  });

  it('names a feature it does not know from its id', () => {
    expect(featureWords('newFancyFeature')).toBe('new fancy feature');
  });
});
