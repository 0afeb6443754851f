/**
 * Backdrops of the text hide mode keeps: the picture or painted panel that shown text is set on when it is not an
 * ancestor of the text (ancestors stay anyway) but a node laid under it. A hero's heading is often white on a photo
 * placed behind it by position or by a shared grid cell: on kreuzer-popular's tripadvisor.com "Plan the perfect trip"
 * lies over an absolutely positioned <img> in a sibling div named "promo", which the smoothing calls template; hiding
 * the photo left white text on the white page, above an empty band the photo's height. Whatever such a node is named,
 * the text needs it, so it stays. Pure: depends on the snapshot and what is shown already.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { HintBit } from '../snapshot/hintBits.ts';
import { StyleBit } from '../snapshot/styleBits.ts';
import { TAG } from '../snapshot/tags.ts';
import { commonAncestor, ownShare } from '../snapshot/tree.ts';
import { boxOf, visibleBox, type Box } from './nodeBoxes.ts';
import { areaInside } from '../util/rects.ts';

/** Nodes that paint a picture whatever their style says. */
const PICTURE_TAGS: ReadonlySet<number> = new Set([TAG.IMG, TAG.PICTURE, TAG.VIDEO, TAG.CANVAS, TAG.SVG]);
/**
 * Share of a text's box that must lie on a node for the node to be its backdrop. A text box is a block's full width,
 * so a picture floated beside a paragraph covers at most its own width of it; a heading set on a photo lies on it
 * whole.
 */
export const BACKDROP_COVERED_SHARE = 0.9;
/** Below this area (CSS px², the smoothing's small-node size) a node is an icon or a bullet, not a surface. */
export const BACKDROP_MIN_AREA = 2000;
/**
 * Between the backdrop and what it shares with the text: a fixed layer (a cookie bar, a sticky menu) or a part named
 * as a pop-up lies over the page rather than under a text, and a float sits beside the text, not behind it.
 */
const LAYER_STYLES = StyleBit.POSITION_FIXED | StyleBit.FLOAT;
const LAYER_HINTS = HintBit.OVERLAY;

/**
 * Nodes that `show` does not keep (nor anything inside them) and that paint a picture or a background under at least
 * BACKDROP_COVERED_SHARE of the box of a shown node with text of its own.
 */
export function backdrops(s: PageSnapshot, show: Uint8Array): number[] {
  const holds = Uint8Array.from(show.subarray(0, s.count));
  for (let i = s.count - 1; i > 0; i--) if (holds[i]) holds[s.parent[i]] = 1;
  const texts = shownTexts(s, show).sort((a, b) => a.box.y - b.box.y);
  const tops = Float64Array.from(texts, (t) => t.box.y);
  // A text lies on a box only if at least the covered share of its height is inside the box's height: its top is at
  // most (1 − share) of its height above the box's top and not below the box's bottom. Texts are looked for in that
  // band of tops only (this runs with every smoothing: a page's painted boxes times its texts would not).
  const reach = (1 - BACKDROP_COVERED_SHARE) * texts.reduce((m, t) => Math.max(m, t.box.h), 0);
  const found: number[] = [];
  for (let b = 1; b < s.count; b++) {
    if (holds[b] || !paints(s, b)) continue;
    const box = visibleBox(s, b, -1);
    if (box.w * box.h < BACKDROP_MIN_AREA) continue;
    for (let k = firstAtOrBelow(tops, box.y - reach); k < texts.length && tops[k] <= box.y + box.h; k++) {
      if (liesOn(s, texts[k], b, box)) {
        found.push(b);
        break;
      }
    }
  }
  return found;
}

/** The same answer by trying every shown text against every painted box: the reference the pruned search is tested by. */
export function backdropsByFullScan(s: PageSnapshot, show: Uint8Array): number[] {
  const holds = Uint8Array.from(show.subarray(0, s.count));
  for (let i = s.count - 1; i > 0; i--) if (holds[i]) holds[s.parent[i]] = 1;
  const texts = shownTexts(s, show);
  const found: number[] = [];
  for (let b = 1; b < s.count; b++) {
    if (holds[b] || !paints(s, b)) continue;
    const box = visibleBox(s, b, -1);
    if (box.w * box.h >= BACKDROP_MIN_AREA && texts.some((t) => liesOn(s, t, b, box))) found.push(b);
  }
  return found;
}

/** Index of the first value ≥ `y` in ascending `values` (values.length when there is none). */
function firstAtOrBelow(values: Float64Array, y: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface ShownText {
  node: number;
  box: Box;
}

/** Shown nodes with visible text of their own (outside their child elements): what a reader has to be able to read. */
function shownTexts(s: PageSnapshot, show: Uint8Array): ShownText[] {
  const own = ownShare(s.parent, s.textChars.subarray(0, s.count));
  const out: ShownText[] = [];
  for (let i = 0; i < s.count; i++) {
    if (!show[i] || own[i] <= 0 || (s.style[i] & StyleBit.TEXT_HIDDEN) !== 0) continue;
    const box = boxOf(s, i);
    if (box.w > 0 && box.h > 0) out.push({ node: i, box });
  }
  return out;
}

/** An element that is a picture (its subtree, a <picture>'s sources or a video's tracks, belongs to the picture). */
export function isPicture(s: PageSnapshot, i: number): boolean {
  return PICTURE_TAGS.has(s.tag[i]);
}

/** A picture, or a box with a background colour or image, that is drawn (visibility hides text and paint alike). */
function paints(s: PageSnapshot, i: number): boolean {
  if ((s.style[i] & StyleBit.TEXT_HIDDEN) !== 0) return false;
  return isPicture(s, i) || (s.style[i] & StyleBit.BACKGROUND) !== 0;
}

/** The text's box lies on the backdrop's visible box, and nothing between them makes the backdrop a layer apart. */
function liesOn(s: PageSnapshot, t: ShownText, b: number, box: Box): boolean {
  if (areaInside(t.box, box) < BACKDROP_COVERED_SHARE * t.box.w * t.box.h) return false;
  const common = commonAncestor(s, t.node, b);
  if (common === t.node) return false; // the backdrop is inside the text's own node: part of what it shows
  for (let a = b; a !== common; a = s.parent[a]) {
    if ((s.style[a] & LAYER_STYLES) !== 0 || (s.hints[a] & LAYER_HINTS) !== 0) return false;
  }
  return true;
}
