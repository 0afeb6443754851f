/**
 * A block's layout style and its block style cluster key (001 §3.1, Definition 1).
 *
 * The paper: "the layout style information of a block includes its position in the web page and the HTML elements'
 * attributes, such as background color and table size; an array of integers represents the attributes", and a block
 * style cluster (BSC) is a set of blocks with a_i = a_j and d_i = d_j (equal attributes and equal positions). Blocks are
 * clustered in a single pass; with exact equality that pass is a hash lookup, so the cluster key is a hash of both.
 *
 * The attribute array, from what the snapshot holds for the block's own element (a snapshot has no HTML attributes,
 * only what the browser computed from them and from CSS):
 * 0. tag id (tags.ts) — a table and a div in the same place are different layouts;
 * 1. style bits (styleBits.ts), without TEXT_HIDDEN (that describes visibility of text, not layout) — background,
 *    border, float, positioning, flex/grid, bold: the paper's "background color" and kin, as the snapshot records them;
 * 2. computed font size in px;
 * 3. hint bits (hintBits.ts: what the element's class, id and role name it: nav, footer, sidebar…);
 * 4. width in steps of WIDTH_STEP px — the paper's "table size". Only the width: a block's height follows its text,
 *    which differs on every page even for the same template slot, and x/y follow from the position sequence.
 *    The step absorbs subpixel and scrollbar differences.
 * The position sequence is the block tree path (blockTree.ts). Nothing here depends on text, so a key is a skeleton.
 */
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { StyleBit } from '../../snapshot/styleBits.ts';
import { SequenceHasher, hashKey } from './hashing.ts';

export const WIDTH_STEP = 16;

/** The paper's attribute array a_i for the block whose element is node i. */
export function attributeArray(s: PageSnapshot, i: number): number[] {
  return [
    s.tag[i],
    s.style[i] & ~StyleBit.TEXT_HIDDEN,
    s.fontSize[i],
    s.hints[i],
    Math.round(s.rect[4 * i + 2] / WIDTH_STEP),
  ];
}

/** The BSC key: equal exactly when both the position sequence and the attribute array are equal (up to hashing). */
export function clusterKey(positions: readonly number[], attributes: readonly number[]): string {
  const h = new SequenceHasher();
  h.add(positions.length);
  for (const p of positions) h.add(p);
  h.add(attributes.length);
  for (const a of attributes) h.add(a);
  return hashKey(h.digest());
}
