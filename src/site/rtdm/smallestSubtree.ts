/**
 * The smallest subtree of a skeleton that contains the marked nodes and its root (ExtractSubTree, Figure 6: "the
 * resulting common subtree is the smallest one that contains all of these common nodes"), as a skeleton of its own.
 *
 * A node is kept when it is marked or has a marked descendant. Kept nodes taken in index order are in pre-order for
 * the smaller tree too, so each kept node's new parent is just its old parent's new index.
 */
import { EMPTY_SKELETON, type Skeleton } from './skeleton.ts';

export function smallestSubtree(s: Skeleton, marked: ArrayLike<number>): Skeleton {
  const n = s.parent.length;
  const keep = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--) {
    if (marked[i] || keep[i]) {
      keep[i] = 1;
      if (i > 0) keep[s.parent[i]] = 1;
    }
  }
  if (n === 0 || !keep[0]) return EMPTY_SKELETON;
  const newIndex = new Int32Array(n).fill(-1);
  let count = 0;
  for (let i = 0; i < n; i++) if (keep[i]) newIndex[i] = count++;
  const parent = new Int32Array(count);
  const label = new Uint32Array(count);
  for (let i = 0; i < n; i++) {
    if (!keep[i]) continue;
    parent[newIndex[i]] = i === 0 ? -1 : newIndex[s.parent[i]];
    label[newIndex[i]] = s.label[i];
  }
  return { parent, label };
}
