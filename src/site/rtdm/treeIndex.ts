/**
 * What RTDM-TD needs to walk a skeleton, computed once per tree in O(n): each node's children in order (the paper's
 * σ(T, i), "the i-th child of the root") and each subtree's size (deleting or inserting a subtree costs one
 * operation per node, Figure 3's Σ delete(C_i) and Σ insert(C_j)).
 */
import type { Skeleton } from './skeleton.ts';

export interface TreeIndex {
  readonly n: number;
  readonly parent: Int32Array;
  readonly label: Uint32Array;
  /** Nodes in the subtree of i, i included; the subtree is [i, i + size[i]) in pre-order. */
  readonly size: Int32Array;
  /** Children of i are childList[childStart[i] .. childStart[i + 1]), in document order. */
  readonly childStart: Int32Array;
  readonly childList: Int32Array;
}

export function treeIndex(s: Skeleton): TreeIndex {
  const n = s.parent.length;
  const childStart = new Int32Array(n + 1);
  for (let i = 1; i < n; i++) childStart[s.parent[i] + 1]++;
  for (let i = 0; i < n; i++) childStart[i + 1] += childStart[i];
  const childList = new Int32Array(Math.max(0, n - 1));
  const fill = childStart.slice(0, n);
  // Pre-order visits siblings left to right, so appending in index order keeps document order.
  for (let i = 1; i < n; i++) childList[fill[s.parent[i]]++] = i;
  const size = new Int32Array(n).fill(1);
  for (let i = n - 1; i > 0; i--) size[s.parent[i]] += size[i];
  return { n, parent: s.parent, label: s.label, size, childStart, childList };
}

export function childrenOf(t: TreeIndex, i: number): Int32Array {
  return t.childList.subarray(t.childStart[i], t.childStart[i + 1]);
}
