// Which nodes hide mode hides and highlight mode tints, given the reader decision's `show`.
import { describe, expect, it } from 'vitest';
import { highlightParts, holdsShown, nodesToHide } from '../../extension/content/shownParts.ts';
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
// │   └ 11 aside     (template segment nested in the story, not shown)
// └ 12 footer        (template segment)
//   └ 13 p           (template segment nested in the footer)
const parent = [-1, 0, 1, 0, 3, 4, 4, 3, 7, 3, 9, 9, 0, 12];
const show = [1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0];

function segment(node: number, template: boolean, parentSegment: number): Segment {
  return { node, score: template ? 0.9 : 0.1, template, rect: { x: 0, y: 0, width: 1, height: 1 }, text: '', parentSegment };
}
const segments: Segment[] = [
  segment(0, false, -1), segment(1, true, 0), segment(3, false, 0), segment(4, true, 2), segment(7, true, 2),
  segment(11, true, 2), segment(12, true, 0), segment(13, true, 6),
];

describe('shown parts', () => {
  it('marks every node that is shown or holds a shown node', () => {
    expect(Array.from(holdsShown(parent, show))).toEqual([1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0]);
    // A shown node under an unshown parent still protects its ancestors.
    expect(Array.from(holdsShown([-1, 0, 1], [0, 0, 1]))).toEqual([1, 1, 1]);
  });

  it('hides the topmost nodes holding nothing shown: never the page, never an ancestor of a shown node', () => {
    expect(nodesToHide(parent, show)).toEqual([1, 6, 11, 12]);
    expect(nodesToHide([-1, 0, 1], [0, 0, 0])).toEqual([]); // nothing shown: the page itself is never hidden
  });

  it('draws template segments on their root, and a segment holding shown nodes only on its other parts', () => {
    const parts = highlightParts(parent, show, segments);
    // nav whole; the header (holds the headline) only by its share div; not the lead figure (shown); the nested
    // aside and the footer with its nested segment as before.
    expect(parts.map((p) => [p.node, segments[p.segment].node])).toEqual([[1, 1], [6, 4], [11, 11], [12, 12], [13, 13]]);
  });

  it('never draws the page root segment, even when it is template', () => {
    // Without a segment of its own the nav belongs to the root's segment, which is template here.
    const rootTemplate = [{ ...segments[0], template: true }, ...segments.slice(2)];
    expect(highlightParts(parent, show, rootTemplate).map((p) => p.node)).toEqual([6, 11, 12, 13]);
  });
});
