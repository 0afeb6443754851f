/**
 * Walks over a snapshot's tree that several parts need. Nodes are in pre-order: parents before children, and a
 * subtree is a contiguous run of indices.
 */
import type { PageSnapshot } from './pageSnapshot.ts';

/** What each node holds itself, outside its child elements, from per-subtree counts. */
export function ownShare(parent: ArrayLike<number>, subtree: ArrayLike<number>): Float64Array {
  const own = Float64Array.from(subtree);
  for (let i = 1; i < own.length; i++) own[parent[i]] -= subtree[i];
  return own;
}

/** One past the last node of i's subtree. */
export function subtreeEnd(s: PageSnapshot, i: number): number {
  let j = i + 1;
  while (j < s.count && s.depth[j] > s.depth[i]) j++;
  return j;
}

/** The deepest node that is `a` or one of its ancestors and also `b` or one of its ancestors. */
export function commonAncestor(s: Pick<PageSnapshot, 'parent'>, a: number, b: number): number {
  let x = a;
  let y = b;
  // Pre-order: a parent's index is below its child's, so the larger index climbs until the two meet.
  while (x !== y) {
    if (x > y) x = s.parent[x];
    else y = s.parent[y];
  }
  return x;
}

/** Per node, 1 when it is a link or lies inside one (its own links, outside its children, make it a link). */
export function insideLink(s: PageSnapshot): Uint8Array {
  const out = new Uint8Array(s.count);
  const ownLinks = ownShare(s.parent, s.links.subarray(0, s.count));
  for (let i = 0; i < s.count; i++) {
    out[i] = ownLinks[i] > 0 || (i > 0 && out[s.parent[i]] === 1) ? 1 : 0;
  }
  return out;
}
