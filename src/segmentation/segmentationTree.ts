/**
 * The tree the graph-cut and correlation-clustering segmenters work on: the page's visible nodes, the same ones the
 * isotonic smoothing sees (000 §5.3: a node under the minimum area is hidden and rolled into its nearest visible
 * ancestor). Paper 003 runs on "the DOM tree"; a 20 px² icon or a zero-size wrapper is no segment anyone draws, and
 * using the smoothing's nodes makes the three methods' segmentations comparable leaf for leaf.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { nodeArea } from '../snapshot/pageSnapshot.ts';
import { extentAreas } from '../smooth/extentAreas.ts';
import { rollUpHiddenNodes } from '../smooth/hiddenNodes.ts';
import { SMOOTHING_DEFAULTS } from '../smooth/penalties.ts';

export interface SegmentationTree {
  /** Problem node → page node, in document order (pre-order). */
  nodeOf: Int32Array;
  /** Problem node → its problem parent (−1 for the root); parent[k] < k. */
  parent: Int32Array;
  /** Page node → the problem node it is, or was rolled into. */
  problemIndexOf: Int32Array;
  /** Problem nodes with no problem child, in document order: the items a segmentation groups. */
  leaves: Int32Array;
  /** The minimum area (px²) the tree was made with: the smoothing's segments on it (smoothingGroups.ts) use it too. */
  minArea: number;
}

export function segmentationTree(s: PageSnapshot, minArea: number = SMOOTHING_DEFAULTS.minArea): SegmentationTree {
  const areas = new Float64Array(s.count);
  for (let i = 0; i < s.count; i++) areas[i] = nodeArea(s, i);
  const { nodeOf, problemIndexOf } = rollUpHiddenNodes(s.parent, extentAreas(s.parent, areas), minArea);
  const parent = new Int32Array(nodeOf.length);
  const hasChild = new Uint8Array(nodeOf.length);
  for (let k = 0; k < nodeOf.length; k++) {
    // A visible node's parent is visible (a hidden parent hides its subtree), so this is its own problem index.
    parent[k] = k === 0 ? -1 : problemIndexOf[s.parent[nodeOf[k]]];
    if (k > 0) hasChild[parent[k]] = 1;
  }
  const leaves: number[] = [];
  for (let k = 0; k < nodeOf.length; k++) if (hasChild[k] === 0) leaves.push(k);
  return { nodeOf, parent, problemIndexOf, leaves: Int32Array.from(leaves), minArea };
}

/** Problem nodes with a problem child (GCuts' labels), in document order; the leaves when the root is the only node. */
export function internalNodes(tree: SegmentationTree): Int32Array {
  const isLeaf = new Uint8Array(tree.parent.length);
  for (const k of tree.leaves) isLeaf[k] = 1;
  const internal: number[] = [];
  for (let k = 0; k < isLeaf.length; k++) if (!isLeaf[k]) internal.push(k);
  return internal.length > 0 ? Int32Array.from(internal) : tree.leaves;
}
