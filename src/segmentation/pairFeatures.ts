/**
 * Features of a pair of nodes, the input of the learned pair costs Vpq (paper 003 §4.3: "for each such pair of nodes
 * we obtain a feature vector, which represents tendencies of the nodes to occur together or apart"): how far apart
 * they are on screen and in the tree, whether they line up, and how much their own features differ.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { commonAncestor } from '../snapshot/tree.ts';
import { NODE_FEATURES, NODE_FEATURE_COUNT } from './nodeFeatures.ts';

export const PAIR_FEATURES = [
  ...NODE_FEATURES.map((name) => `diff ${name}`),
  'gap', 'horizontalOverlap', 'verticalOverlap', 'sameLeft', 'sameWidth', 'treeDistance', 'commonAncestorShare',
  'siblings', 'sameTag', 'sameStyle', 'sameSmoothSegment',
] as const;

export const PAIR_FEATURE_COUNT = PAIR_FEATURES.length;

/** The rectangles' gap in px: 0 when they touch or overlap, else the shortest distance between them. */
export function rectGap(rect: ArrayLike<number>, i: number, j: number): number {
  const dx = Math.max(0, rect[4 * j] - (rect[4 * i] + rect[4 * i + 2]), rect[4 * i] - (rect[4 * j] + rect[4 * j + 2]));
  const dy = Math.max(0, rect[4 * j + 1] - (rect[4 * i + 1] + rect[4 * i + 3]),
    rect[4 * i + 1] - (rect[4 * j + 1] + rect[4 * j + 3]));
  return Math.hypot(dx, dy);
}

/** Overlap of the intervals [a, a + la) and [b, b + lb) over the shorter one: 1 when one spans the other. */
function overlapShare(a: number, la: number, b: number, lb: number): number {
  const shorter = Math.min(la, lb);
  if (!(shorter > 0)) return 0;
  return Math.max(0, Math.min(a + la, b + lb) - Math.max(a, b)) / shorter;
}

/**
 * Writes the pair features of page nodes i and j into `out` at `offset`. `fi`, `fj` are the rows of their node
 * features (nodeFeatures) in `features`.
 */
export function writePairFeatures(s: PageSnapshot, features: Float64Array, i: number, fi: number, j: number,
  fj: number, out: Float64Array, offset: number, smoothSegments?: ArrayLike<number>): void {
  const d = NODE_FEATURE_COUNT;
  for (let t = 0; t < d; t++) out[offset + t] = Math.abs(features[fi * d + t] - features[fj * d + t]);
  const r = s.rect;
  const pageWidth = Math.max(1, s.page.width, s.viewport.width);
  const pageArea = pageWidth * Math.max(1, s.page.height);
  let o = offset + d;
  // A quarter of the page's width apart is already "far"; nearer gaps are where segment boundaries are decided.
  out[o++] = Math.min(1, (4 * rectGap(r, i, j)) / pageWidth);
  out[o++] = overlapShare(r[4 * i], r[4 * i + 2], r[4 * j], r[4 * j + 2]);
  out[o++] = overlapShare(r[4 * i + 1], r[4 * i + 3], r[4 * j + 1], r[4 * j + 3]);
  out[o++] = Math.abs(r[4 * i] - r[4 * j]) < 3 ? 1 : 0;
  out[o++] = Math.abs(r[4 * i + 2] - r[4 * j + 2]) < 3 ? 1 : 0;
  const lca = commonAncestor(s, i, j);
  const hops = s.depth[i] + s.depth[j] - 2 * s.depth[lca];
  out[o++] = Math.min(1, Math.log1p(hops) / Math.log(64));
  out[o++] = Math.min(1, (r[4 * lca + 2] * r[4 * lca + 3]) / pageArea);
  out[o++] = s.parent[i] === s.parent[j] ? 1 : 0;
  out[o++] = s.tag[i] === s.tag[j] ? 1 : 0;
  out[o++] = s.style[i] === s.style[j] ? 1 : 0;
  out[o++] = !smoothSegments ? 0.5 : smoothSegments[fi] >= 0 && smoothSegments[fi] === smoothSegments[fj] ? 1 : 0;
}
