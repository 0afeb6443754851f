/**
 * The text of a page's largest segment, which paper 003 §5.2 shingles for duplicate detection instead of the whole
 * page, "working under the assumption that the largest segment typically contains the informative content". Largest
 * is by visible characters, the quantity shingles are cut from. Pure.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { tidyText } from '../segment/segments.ts';
import { segmentBoxes, type PageSegmentation, type SegmentBox } from './pageSegmentation.ts';
import type { SegmentationModel } from './segmentationModel.ts';
import { segmentPage } from './segmentPage.ts';

/** The segment with the most visible characters (the first of equals), or undefined when there is no segment. */
export function largestSegment(s: PageSnapshot, seg: PageSegmentation): SegmentBox | undefined {
  let best: SegmentBox | undefined;
  for (const box of segmentBoxes(s, seg)) if (!best || box.chars > best.chars) best = box;
  return best;
}

/**
 * The largest segment's text: its roots' subtree texts in document order, one line apart. Not `readerText` with a
 * mask: that removes whole subtrees only, so the loose text of a root's ancestor (a wrapper's "Posted in", a body's
 * stray words) would stay in.
 */
export function largestSegmentText(s: PageSnapshot, seg: PageSegmentation): string {
  const box = largestSegment(s, seg);
  if (!box) return '';
  // A GCuts segment's roots head disjoint subtrees (a visible node's children share its segment): no range overlaps,
  // and the text is the characters segmentBoxes counts as the segment's `chars`.
  const roots = [...box.roots].sort((a, b) => s.textStart[a] - s.textStart[b]);
  return tidyText(roots.map((i) => s.text.slice(s.textStart[i], s.textEnd[i])).join('\n'));
}

/**
 * The text of the page's largest GCuts segment, segmented as `winnow segment` does: with the classifier's `scores`,
 * which the model was trained with, and the pipeline's minimum area.
 */
export function largestGcutsSegmentText(s: PageSnapshot, model: SegmentationModel, scores: ArrayLike<number>,
  minArea: number): string {
  return largestSegmentText(s, segmentPage(s, model, 'gcuts', { scores, minArea }));
}
