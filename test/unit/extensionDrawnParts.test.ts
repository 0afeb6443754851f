// What highlight mode draws: the template parts, plus what hide mode would remove outside them (drawnParts.ts).
import { describe, expect, it } from 'vitest';
import { drawnParts } from '../../extension/content/drawnParts.ts';
import { highlightParts, nodesToHide } from '../../extension/content/shownParts.ts';
import type { Segment } from '../../src/segment/segments.ts';

// 0 body
// ├ 1 nav            (template segment)
// │ └ 2 a
// ├ 3 main
// │ ├ 4 header       (template segment: holds the headline)
// │ │ ├ 5 h1         shown (headline)
// │ │ └ 6 div share  not shown
// │ ├ 7 figure       (template segment, shown: lead photo)
// │ │ └ 8 img
// │ └ 9 div story    shown (body)
// │   ├ 10 p
// │   └ 11 aside     (segment nested in the story, not shown)
// ├ 12 footer        (segment)
// │ └ 13 p           (template segment nested in the footer)
// └ 14 div cookies   (no segment of its own: in the page's content segment, not shown)
const parent = [-1, 0, 1, 0, 3, 4, 4, 3, 7, 3, 9, 9, 0, 12, 0];
const show = [1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0];

function segment(node: number, template: boolean, parentSegment: number): Segment {
  return { node, score: template ? 0.9 : 0.1, template, rect: { x: 0, y: 0, width: 1, height: 1 }, text: '', parentSegment };
}

/** The page with the aside's and footer's segments template or content as asked. */
function segmentsWith(asideTemplate: boolean, footerTemplate: boolean): Segment[] {
  return [
    segment(0, false, -1), segment(1, true, 0), segment(3, false, 0), segment(4, true, 2), segment(7, true, 2),
    segment(11, asideTemplate, 2), segment(12, footerTemplate, 0), segment(13, true, 6),
  ];
}

const summary = (parts: ReturnType<typeof drawnParts>) => parts.map((p) => [p.node, p.segment, p.notContent]);

describe('drawn parts', () => {
  it('are the template parts when every hidden node is a template part', () => {
    const segments = segmentsWith(true, true);
    const parts = drawnParts(parent, show, segments);
    // The cookie notice is in the page's content segment, but the reader does not show it: hide removes it.
    expect(summary(parts)).toEqual([[1, 1, false], [6, 3, false], [11, 5, false], [12, 6, false], [13, 7, false],
      [14, 0, true]]);
    expect(parts.filter((p) => !p.notContent)).toEqual(highlightParts(parent, show, segments)
      .map((p) => ({ ...p, notContent: false })));
  });

  it('add what hide removes that no template segment covers, with the segment it belongs to', () => {
    // The aside and the footer scored as content, but the reader leaves them out: hide mode removes them.
    const parts = drawnParts(parent, show, segmentsWith(false, false));
    expect(summary(parts)).toEqual([[1, 1, false], [6, 3, false], [11, 5, true], [12, 6, true], [13, 7, false],
      [14, 0, true]]);
  });

  it('cover every node hide mode hides, and nothing shown', () => {
    const segments = segmentsWith(false, false);
    const drawn = new Set(drawnParts(parent, show, segments).map((p) => p.node));
    for (const node of nodesToHide(parent, show)) expect(drawn.has(node)).toBe(true);
    for (const node of drawn) expect(show[node]).toBe(0);
  });

  it('draw nothing hidden on a page where nothing is shown (hide mode hides nothing there either)', () => {
    const none = show.map(() => 0);
    expect(drawnParts(parent, none, segmentsWith(false, false)).every((p) => !p.notContent)).toBe(true);
  });
});
