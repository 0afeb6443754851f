/**
 * Subtree hashes for site-level template detection (000 §3 step 1: "for every DOM node i, compute h(i)").
 *
 * What a hash covers — "content and structure" made precise. The hash of node i is computed bottom-up from:
 * - its tag, whether it is itself a link (`<a href>`), and its hint bits (what its class, id and role name it);
 * - the sequence, in document order, of its own text pieces and its children's hashes. A node's own text is the part
 *   of `text.slice(textStart[i], textEnd[i])` that is not inside a child's range; each piece has its whitespace
 *   collapsed and trimmed, so the same block hashes equal whatever text happens to precede it on the page (capture
 *   collapses whitespace relative to the previous character, and puts "\n" or " " between blocks by context).
 * What it leaves out, on purpose: geometry and computed style (the same navigation renders at other positions and
 * sizes on pages of other heights, and the current page's menu item is often styled differently), and anything the
 * snapshot does not hold (attributes, image sources, link targets).
 * So the same navigation block on two pages hashes equal, and two article bodies differ as soon as one word does.
 * Subtrees without text hash by tag shape alone; callers decide whether that is evidence (see siteLevel.ts).
 *
 * A hash is 53 bits (src/util/twoLaneHash.ts), returned as an exact integer in a Float64Array, so it can key a Map
 * directly.
 *
 * Pure: no DOM and no Node APIs, so it can also run in the extension (site memory).
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { SequenceHasher } from '../util/twoLaneHash.ts';
import { insideLink } from '../snapshot/tree.ts';

/** Token kinds, so the token stream of a node decodes uniquely (text pieces are length-prefixed). */
const NODE = 0x4e4f4445;
const TEXT = 0x54455854;
const CHILD = 0x4348494c;
const END = 0x454e4421;

/** Children of every node in document order (snapshot nodes are in pre-order, so children come in index order). */
export function childLists(parent: Int32Array): Int32Array[] {
  const counts = new Int32Array(parent.length);
  for (let i = 1; i < parent.length; i++) if (parent[i] >= 0) counts[parent[i]]++;
  const lists = Array.from(counts, (c) => new Int32Array(c));
  const filled = new Int32Array(parent.length);
  for (let i = 1; i < parent.length; i++) {
    const p = parent[i];
    if (p >= 0) lists[p][filled[p]++] = i;
  }
  return lists;
}

export interface SubtreeHashOptions {
  /** Hash the text inside links (default). Without it a list of links hashes by its shape. */
  anchorText?: boolean;
}

/** The 53-bit hash of every node's subtree (see the file comment for what it covers). */
export function subtreeHashes(s: PageSnapshot, options: SubtreeHashOptions = {}): Float64Array {
  const out = new Float64Array(s.count);
  const children = childLists(s.parent);
  const inLink = options.anchorText === false ? insideLink(s) : new Uint8Array(s.count);
  // Children have larger indices than their parent, so a backward pass sees every child before its parent.
  for (let i = s.count - 1; i >= 0; i--) {
    const h = new SequenceHasher();
    const kids = children[i];
    let ownLinks = s.links[i];
    for (const c of kids) ownLinks -= s.links[c];
    h.add(NODE);
    h.add(s.tag[i]);
    h.add(ownLinks > 0 ? 1 : 0);
    h.add(s.hints[i]);
    let cursor = s.textStart[i];
    for (const c of kids) {
      if (!inLink[i]) addTextPiece(h, s.text, cursor, s.textStart[c]);
      h.add(CHILD);
      const hc = out[c];
      h.add(Math.floor(hc / 0x200000));
      h.add(hc % 0x200000);
      cursor = Math.max(cursor, s.textEnd[c]);
    }
    if (!inLink[i]) addTextPiece(h, s.text, cursor, s.textEnd[i]);
    h.add(END);
    out[i] = h.digest();
  }
  return out;
}

/** Adds text[from, to) with whitespace collapsed and trimmed; adds nothing for a blank piece. */
function addTextPiece(h: SequenceHasher, text: string, from: number, to: number): void {
  if (to <= from) return;
  const piece = text.slice(from, to).replace(/\s+/g, ' ').trim();
  if (!piece) return;
  h.add(TEXT);
  h.add(piece.length);
  for (let k = 0; k < piece.length; k++) h.add(piece.charCodeAt(k));
}
