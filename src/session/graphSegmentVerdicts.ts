/**
 * The template/content verdict of each segment of a graph segmentation (paper 003's GCuts or CClus), taken from the
 * isotonic smoothing (paper 000) at the current options. The two answer different questions: GCuts says which nodes
 * belong together, the smoothing says how template each node is; a segments view shows the first and names each
 * segment by the second.
 *
 * The rule: a segment's score is the mean of the smoothed values over its leaves (the segmentation tree's leaves in
 * it), each weighted by its area, and the segment is template when that score is at or above the threshold — the
 * smoothing's own rule for a node. Why the leaves and not the segment's root nodes: the smoothing is monotone down the
 * tree (a child is at least as template as its parent), so a root holds the lowest value of its subtree, and a
 * container around a link list would be called content for its wrapper alone. The leaves partition what a person
 * sees of the segment, so the area-weighted mean is the share of the segment's surface the smoothing calls template,
 * weighted by how sure it is. Weights are at least 1 px², so a segment whose leaves have no area of their own (inline
 * wrappers around floats) still gets the plain mean rather than no score.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { nodeArea } from '../snapshot/pageSnapshot.ts';
import type { PageSegmentation } from '../segmentation/pageSegmentation.ts';

export interface SegmentVerdict {
  /** Area-weighted mean smoothed templateness of the segment's leaves, in [0, 1]. */
  score: number;
  /** score ≥ threshold. */
  template: boolean;
}

/**
 * Per segment (0 … segmentCount − 1), its verdict. `values` are the smoothed values per page node (PageSnapshot
 * index), as the smoothing gives them.
 */
export function graphSegmentVerdicts(s: PageSnapshot, seg: PageSegmentation, values: ArrayLike<number>,
  threshold: number): SegmentVerdict[] {
  const sum = new Float64Array(seg.segmentCount);
  const weight = new Float64Array(seg.segmentCount);
  for (const k of seg.tree.leaves) {
    const id = seg.segmentOf[k];
    if (id < 0) continue;
    const node = seg.tree.nodeOf[k];
    const w = Math.max(1, nodeArea(s, node));
    sum[id] += w * values[node];
    weight[id] += w;
  }
  return Array.from(sum, (total, id) => {
    // A segment always holds a leaf (GCuts gives every leaf a visible label; CClus clusters leaves), but a segment
    // without one would be scored by nothing: called content at 0 rather than NaN.
    const score = weight[id] > 0 ? Math.min(1, Math.max(0, total / weight[id])) : 0;
    return { score, template: score >= threshold };
  });
}
