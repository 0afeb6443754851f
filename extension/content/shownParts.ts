/**
 * Which nodes hide and highlight mode act on, from the reader decision's `show` (src/reader/readerDecision.ts): the
 * headline, lead media and body must stay on screen and untinted whatever the smoothing called them. Pure: works on
 * the snapshot's parent array (node indices in document pre-order, parent before child), no DOM.
 */
import type { Segment } from '../../src/segment/segments.ts';

/** Per node, 1 when the node or one of its descendants is shown: hiding such a node would hide what must stay. */
export function holdsShown(parent: ArrayLike<number>, show: ArrayLike<number>): Uint8Array {
  // A loop, not Uint8Array.from with a callback: that goes through the iterator protocol, a cost on every page's first
  // draw, when the content script's code is still cold.
  const holds = new Uint8Array(show.length);
  for (let i = 0; i < holds.length; i++) holds[i] = show[i] ? 1 : 0;
  for (let i = holds.length - 1; i > 0; i--) if (holds[i] && parent[i] >= 0) holds[parent[i]] = 1;
  return holds;
}

/**
 * The topmost nodes that hold nothing shown: hiding them (with their subtrees) leaves exactly the shown nodes and
 * their ancestors. Never the root (node 0), whose hiding would blank the page. `holds`: holdsShown's answer, when the
 * caller has it already.
 */
export function nodesToHide(parent: ArrayLike<number>, show: ArrayLike<number>,
  holds: Uint8Array = holdsShown(parent, show)): number[] {
  const out: number[] = [];
  for (let i = 1; i < holds.length; i++) if (!holds[i] && holds[parent[i]]) out.push(i);
  return out;
}

/** One box of highlight mode: a node drawn with the score of the template segment it belongs to. */
export interface HighlightPart {
  node: number;
  /** Index of its segment in the segment list. */
  segment: number;
}

/**
 * The boxes of highlight mode: every template segment except the page root's, drawn on its root node — unless that
 * node holds something shown (a headline or a lead photo the smoothing called template), in which case the segment
 * is drawn on its own parts that hold nothing shown (the topmost ones, outside segments nested in it). `holds` as for
 * nodesToHide.
 */
export function highlightParts(parent: ArrayLike<number>, show: ArrayLike<number>,
  segments: readonly Segment[], holds: Uint8Array = holdsShown(parent, show)): HighlightPart[] {
  const segmentAt = new Int32Array(holds.length).fill(-1);
  segments.forEach((g, k) => { segmentAt[g.node] = k; });
  // Per node, the innermost segment it belongs to (segment roots come before their nodes in pre-order).
  const owner = new Int32Array(holds.length).fill(-1);
  const parts: HighlightPart[] = [];
  for (let i = 0; i < holds.length; i++) {
    owner[i] = segmentAt[i] >= 0 ? segmentAt[i] : i > 0 ? owner[parent[i]] : -1;
    const k = owner[i];
    if (k < 0 || !segments[k].template || segments[k].node === 0 || holds[i]) continue;
    const segmentRoot = segmentAt[i] === k;
    // A part of a segment whose root holds something shown: topmost under a node that holds something.
    if (segmentRoot || (holds[parent[i]] && holds[segments[k].node])) parts.push({ node: i, segment: k });
  }
  return parts;
}
