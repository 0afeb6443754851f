import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';
import { segmentationTree } from '../../src/segmentation/segmentationTree.ts';
import type { PageSegmentation } from '../../src/segmentation/pageSegmentation.ts';
import { largestSegment, largestSegmentText } from '../../src/segmentation/largestSegmentText.ts';

/**
 * A page with a stray line in the body itself, a header of links, an article of two paragraphs and a footer; the
 * related-links box before the footer is cut off from the header but is one segment with it (GCuts labels kinds of
 * leaves, and one label can cover two regions).
 */
const page = buildSnapshot([
  { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000], text: 'stray body words' }, // 0
  { parent: 0, tag: 'header', rect: [0, 0, 1280, 100] }, // 1
  { parent: 1, tag: 'a', link: 'intra', rect: [0, 0, 200, 50], text: 'Home' }, // 2
  { parent: 1, tag: 'a', link: 'intra', rect: [200, 0, 200, 50], text: 'News' }, // 3
  { parent: 0, tag: 'article', rect: [0, 100, 1280, 1200] }, // 4
  { parent: 4, tag: 'p', rect: [0, 100, 1280, 600], text: 'The first paragraph of the story, long enough.' }, // 5
  { parent: 4, tag: 'p', rect: [0, 700, 1280, 600], text: 'Its second paragraph, a little longer.' }, // 6
  { parent: 0, tag: 'aside', rect: [0, 1300, 1280, 400] }, // 7
  { parent: 7, tag: 'a', link: 'intra', rect: [0, 1300, 1280, 200], text: 'A related story about the coast' }, // 8
  { parent: 7, tag: 'a', link: 'intra', rect: [0, 1500, 1280, 200], text: 'Another related story' }, // 9
  { parent: 0, tag: 'footer', rect: [0, 1700, 1280, 300], text: 'Copyright' }, // 10
]);

/** A GCuts-shaped segmentation: the body invisible (−1), each page node's segment given by `of`. */
function segmentation(of: Record<number, number>): PageSegmentation {
  const tree = segmentationTree(page);
  const segmentOf = Int32Array.from(tree.nodeOf, (i) => of[i] ?? -1);
  return { method: 'gcuts', tree, segmentOf, segmentCount: new Set(Object.values(of)).size };
}

describe('largestSegmentText', () => {
  it("is the text of the segment with the most characters, without a wrapper's loose text", () => {
    // Segment 0: header and related links (two disjoint parts); 1: the article; 2: the footer.
    const seg = segmentation({ 1: 0, 2: 0, 3: 0, 7: 0, 8: 0, 9: 0, 4: 1, 5: 1, 6: 1, 10: 2 });
    expect(largestSegment(page, seg)).toMatchObject({ segment: 1, roots: [4] });
    expect(largestSegmentText(page, seg))
      .toBe('The first paragraph of the story, long enough.\nIts second paragraph, a little longer.');
  });

  it("joins a segment's disjoint parts in document order, one line apart", () => {
    // The article cut in two, so the header with the related links is now the largest.
    const seg = segmentation({ 1: 0, 2: 0, 3: 0, 7: 0, 8: 0, 9: 0, 5: 1, 6: 2, 10: 3 });
    const box = largestSegment(page, seg)!;
    expect(box.segment).toBe(0);
    expect(box.chars).toBe('HomeNewsArelatedstoryaboutthecoastAnotherrelatedstory'.length);
    expect(largestSegmentText(page, seg)).toBe('Home\nNews\nA related story about the coast\nAnother related story');
  });

  it('takes the first of equal segments, and is empty when nothing is segmented', () => {
    const seg = segmentation({ 2: 0, 3: 1 }); // "Home" and "News" have four characters each
    expect(largestSegment(page, { ...seg, segmentCount: 2 })?.segment).toBe(0);
    expect(largestSegmentText(page, segmentation({}))).toBe('');
    expect(largestSegment(page, segmentation({}))).toBeUndefined();
  });
});
