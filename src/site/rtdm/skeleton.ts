/**
 * A page skeleton: the labelled ordered tree RTDM-TD works on (Vieira et al. §3: "we represent each HTML page as a
 * labeled ordered rooted tree"), and the only thing the site memory keeps of a page.
 *
 * Nodes are in pre-order, as in a PageSnapshot: node 0 is the root (parent −1) and every subtree is the contiguous
 * index range [i, i + size(i)). That makes "descendants(src)" of the paper's retrieveTemplate (Figure 4, line 20) a
 * range, identical subtrees correspond node for node by offset, and a skeleton serialises as child counts.
 *
 * A label is an opaque 32-bit symbol: the algorithms only ever compare labels for equality. What goes into one
 * (tag, hint bits, a hash of the node's own text — never the text) is decided in skeletonLabels.ts.
 */
export interface Skeleton {
  /** Parent of each node in pre-order; −1 for the root. */
  readonly parent: Int32Array;
  /** Label of each node (see skeletonLabels.ts). */
  readonly label: Uint32Array;
}

export const EMPTY_SKELETON: Skeleton = { parent: new Int32Array(0), label: new Uint32Array(0) };

export function skeletonSize(s: Skeleton): number {
  return s.parent.length;
}

/**
 * Throws unless `s` is a pre-order tree: one root at 0, and each node's parent on the path from the root to the
 * previous node (parent[i] < i alone would allow [-1, 0, 0, 1], where node 3 is not next to its parent's subtree).
 */
export function checkSkeleton(s: Skeleton): void {
  const n = s.parent.length;
  if (s.label.length !== n) throw new Error(`skeleton: ${n} parents but ${s.label.length} labels`);
  if (n === 0) return;
  if (s.parent[0] !== -1) throw new Error('skeleton: node 0 must be the root (parent −1)');
  // The open path root → previous node; a pre-order parent is always on it.
  const path = new Int32Array(n);
  let top = 0;
  path[0] = 0;
  for (let i = 1; i < n; i++) {
    const p = s.parent[i];
    while (top >= 0 && path[top] !== p) top--;
    if (top < 0) throw new Error(`skeleton: node ${i} has parent ${p}, which is not on the path to node ${i - 1}`);
    path[++top] = i;
  }
}

/** A skeleton from plain arrays (tests, hand-made pages), checked. */
export function skeletonOf(parent: ArrayLike<number>, label: ArrayLike<number>): Skeleton {
  const s = { parent: Int32Array.from(parent), label: Uint32Array.from(label) };
  checkSkeleton(s);
  return s;
}
