/**
 * SD-Tree steps 1–3 of the SD algorithm (Kalyvas-style "Style-Density" segmentation, paper §3.2–3.3) over a
 * PageSnapshot: density per node, valid nodes by T2, and merging of valid weak nodes into strong parents (regions).
 *
 * Density choice (§3.1 "number of characters contained in a specific HTML node"): the paper works on a DOM with text
 * nodes, where a node "contains" the characters of its own text children. The snapshot's `textChars` is the subtree
 * total, which would make every ancestor of any text valid and the root always the densest region. So steps 2–3 use
 * OWN density: the subtree's characters minus those of the nearest descendant units. Inline elements (span, a, em…
 * not laid out as blocks) are not units: their text counts toward the enclosing block, as it would in the paper's
 * text-node view of `<p>Some <a>link</a> text</p>`. Region density (step 4) is the sum of its members' own density,
 * so a region is exactly the group of valid nodes merged into it and never swallows nested regions.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { TAG } from '../snapshot/tags.ts';
import { insideLink } from '../snapshot/tree.ts';
import { StyleBit, hasStyle } from '../snapshot/styleBits.ts';

/** §3.1 strong tags: organise or divide the page (table, tr, div, ul, tbody…, plus HTML5 sectioning elements). */
export const STRONG_TAGS: ReadonlySet<number> = new Set([
  TAG.HTML, TAG.BODY, TAG.DIV, TAG.TABLE, TAG.THEAD, TAG.TBODY, TAG.TFOOT, TAG.TR, TAG.UL, TAG.OL, TAG.DL, TAG.MENU,
  TAG.HEADER, TAG.FOOTER, TAG.NAV, TAG.ASIDE, TAG.MAIN, TAG.ARTICLE, TAG.SECTION, TAG.FORM, TAG.CENTER, TAG.DETAILS,
]);
// Every other tag is weak (§3.1: td, li, p, img, headings… "display the contents"), so it merges upward in step 3.

/** Phrasing elements whose text belongs to the enclosing block unless CSS lays them out as blocks. */
const INLINE_TAGS: ReadonlySet<number> = new Set([
  TAG.SPAN, TAG.A, TAG.EM, TAG.STRONG, TAG.B, TAG.I, TAG.SMALL, TAG.TIME, TAG.FONT, TAG.CODE, TAG.LABEL, TAG.BR,
]);

export const HEADING_TAGS: ReadonlySet<number> = new Set([TAG.H1, TAG.H2, TAG.H3, TAG.H4, TAG.H5, TAG.H6]);

export function isStrong(s: PageSnapshot, i: number): boolean {
  return STRONG_TAGS.has(s.tag[i]);
}

function isUnit(s: PageSnapshot, i: number): boolean {
  return i === 0 || !INLINE_TAGS.has(s.tag[i]) || hasStyle(s.style[i], StyleBit.BLOCK);
}

/**
 * Step 1: own density per node (0 for inline nodes, whose text is credited to their unit). Invisible nodes are never
 * captured and TEXT_HIDDEN text is already left out of `textChars`, which is step 2's "ignore invisible nodes".
 * With `ignoreLinkText` only the characters outside links count (see SdOptions.ignoreLinkText).
 */
export function ownDensity(s: PageSnapshot, ignoreLinkText = false): Uint32Array {
  const n = s.count;
  const unitOf = new Int32Array(n);
  // Without link text, a block inside a link (<a><div>…</div></a>, a teaser card) holds no prose at all: its text is
  // the link's. Capture counts anchor characters on the <a> only, so the block's own count would call it prose.
  const inLink = ignoreLinkText ? insideLink(s) : null;
  // A unit's chars include those of the units below it, which are taken off again. Signed, and clamped in place at
  // the end, in case capture ever counts anchor text that it does not count as text.
  const own = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const unit = isUnit(s, i);
    unitOf[i] = unit ? i : unitOf[s.parent[i]];
    if (!unit) continue;
    const chars = !inLink ? s.textChars[i] : inLink[i] ? 0 : Math.max(0, s.textChars[i] - s.anchorChars[i]);
    own[i] += chars;
    if (i > 0) own[unitOf[s.parent[i]]] -= chars;
  }
  for (let i = 0; i < n; i++) if (own[i] < 0) own[i] = 0;
  return new Uint32Array(own.buffer, 0, n);
}

/** Step 2 (pruning): valid nodes have density strictly greater than T2. */
export function validNodes(density: Uint32Array, t2: number): number[] {
  const valid: number[] = [];
  for (let i = 0; i < density.length; i++) if (density[i] > 0 && density[i] > t2) valid.push(i);
  return valid;
}

/** Step 3 target: the node itself if strong, else the nearest strong ancestor (the root if none is strong). */
export function strongHolder(s: PageSnapshot, i: number): number {
  let a = i;
  while (a > 0 && !isStrong(s, a)) a = s.parent[a];
  return a;
}

/** Step 3: merge valid nodes into regions; returns region node → region density (sum of members' own density). */
export function mergeIntoRegions(s: PageSnapshot, valid: number[], density: Uint32Array): Map<number, number> {
  const regions = new Map<number, number>();
  for (const v of valid) {
    const r = strongHolder(s, v);
    regions.set(r, (regions.get(r) ?? 0) + density[v]);
  }
  return regions;
}
