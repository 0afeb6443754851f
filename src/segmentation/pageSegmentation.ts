/**
 * A page's segmentation in one shape whichever method made it (GCuts, CClus, the isotonic smoothing's segments): a
 * segment id per node of the segmentation tree, and the boxes to draw or export.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import type { SegmentationTree } from './segmentationTree.ts';

export const SEGMENTATION_METHODS = ['gcuts', 'cclus', 'smooth'] as const;
export type SegmentationMethod = (typeof SEGMENTATION_METHODS)[number];

export interface PageSegmentation {
  method: SegmentationMethod;
  tree: SegmentationTree;
  /** Per tree node: its segment (0 … segmentCount − 1), or −1 when it is in none (GCuts' invisible ξ; CClus' inner nodes). */
  segmentOf: Int32Array;
  segmentCount: number;
}

export interface SegmentBox {
  segment: number;
  /** Page nodes heading the segment's parts: tree nodes in it whose tree parent is not (one per disjoint region). */
  roots: number[];
  /** The union of the roots' boxes, CSS px in document coordinates. */
  rect: { x: number; y: number; width: number; height: number };
  /** Tree leaves in the segment. */
  leaves: number;
  /** Visible characters under the roots. */
  chars: number;
}

/** Segment ids renumbered 0… in order of first appearance, −1 kept: equal segmentations compare equal. */
export function compactSegments(segmentOf: ArrayLike<number>): { segmentOf: Int32Array; segmentCount: number } {
  const renumber = new Map<number, number>();
  const out = new Int32Array(segmentOf.length);
  for (let k = 0; k < segmentOf.length; k++) {
    if (segmentOf[k] < 0) {
      out[k] = -1;
      continue;
    }
    let id = renumber.get(segmentOf[k]);
    if (id === undefined) renumber.set(segmentOf[k], (id = renumber.size));
    out[k] = id;
  }
  return { segmentOf: out, segmentCount: renumber.size };
}

/** The boxes of every segment, in segment order. */
export function segmentBoxes(s: PageSnapshot, seg: PageSegmentation): SegmentBox[] {
  const { tree, segmentOf } = seg;
  const boxes: SegmentBox[] = Array.from({ length: seg.segmentCount }, (_, segment) => ({
    segment, roots: [], rect: { x: 0, y: 0, width: 0, height: 0 }, leaves: 0, chars: 0,
  }));
  const bounds = Array.from({ length: seg.segmentCount }, () => [Infinity, Infinity, -Infinity, -Infinity]);
  const isLeaf = new Uint8Array(tree.parent.length);
  for (const k of tree.leaves) isLeaf[k] = 1;
  for (let k = 0; k < tree.parent.length; k++) {
    const id = segmentOf[k];
    if (id < 0) continue;
    if (isLeaf[k]) boxes[id].leaves++;
    const up = tree.parent[k];
    if (up >= 0 && segmentOf[up] === id) continue;
    const i = tree.nodeOf[k];
    boxes[id].roots.push(i);
    boxes[id].chars += s.textChars[i];
    const b = bounds[id];
    b[0] = Math.min(b[0], s.rect[4 * i]);
    b[1] = Math.min(b[1], s.rect[4 * i + 1]);
    b[2] = Math.max(b[2], s.rect[4 * i] + s.rect[4 * i + 2]);
    b[3] = Math.max(b[3], s.rect[4 * i + 1] + s.rect[4 * i + 3]);
  }
  boxes.forEach((box, id) => {
    const [x0, y0, x1, y1] = bounds[id];
    if (x1 >= x0) box.rect = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  });
  return boxes;
}

/**
 * The smoothing's segments in this shape: each tree node belongs to the innermost segment root at or above it (every
 * node is in a segment: the page root always starts one). `roots` are page nodes.
 */
export function segmentationFromRoots(tree: SegmentationTree, roots: Iterable<number>): PageSegmentation {
  const rootSet = new Set(roots);
  const raw = new Int32Array(tree.parent.length);
  for (let k = 0; k < raw.length; k++) {
    raw[k] = rootSet.has(tree.nodeOf[k]) || tree.parent[k] < 0 ? k : raw[tree.parent[k]];
  }
  return { method: 'smooth', tree, ...compactSegments(raw) };
}

/**
 * Splits each segment into the parts that hang together: two nodes of one segment stay together when one is the
 * other's tree parent or when they are a listed pair (visually close leaves). GCuts' labels are kinds of leaves at a
 * place on the page, so one label can cover two regions nobody would call one segment.
 */
export function splitDisconnected(seg: PageSegmentation, pairP: ArrayLike<number>, pairQ: ArrayLike<number>):
  PageSegmentation {
  const n = seg.segmentOf.length;
  const up = Int32Array.from({ length: n }, (_, k) => k);
  const find = (k: number): number => {
    while (up[k] !== k) k = up[k] = up[up[k]];
    return k;
  };
  const join = (a: number, b: number) => {
    if (seg.segmentOf[a] < 0 || seg.segmentOf[a] !== seg.segmentOf[b]) return;
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) up[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (let k = 1; k < n; k++) join(k, seg.tree.parent[k]);
  for (let e = 0; e < pairP.length; e++) join(pairP[e], pairQ[e]);
  const raw = Int32Array.from({ length: n }, (_, k) => (seg.segmentOf[k] < 0 ? -1 : find(k)));
  return { ...seg, ...compactSegments(raw) };
}
