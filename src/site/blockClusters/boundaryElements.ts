/**
 * Which snapshot nodes bound a block (001 §3.1, "Web segmentation and block clustering").
 *
 * The paper segments a page at "the HTML elements that determine layout structure, e.g. table, td, tr, div, ul", then
 * omits td and tr: they "partition a table into smaller units" that may hold a single object and so cannot separate
 * template from non-template blocks; "the rest are the boundaries of blocks, which form a block tree".
 *
 * In snapshot terms (tags.ts):
 * - the paper's own list minus td/tr: div, table, ul; with their kin of the same role, ol, dl and menu (lists like ul);
 * - the HTML5 sectioning elements, which modern pages use where 2006 pages used div: header, footer, nav, aside,
 *   main, article, section; and the old layout elements form and center;
 * - the root (body, or html without a body), which is the root of the block tree whatever its tag;
 * - an element whose tag the snapshot does not know (TAG.OTHER: custom elements such as <site-header>) when its
 *   computed display makes it a box (StyleBit.BLOCK or FLEX_OR_GRID) and it is not a table part. Such elements play
 *   div's role on component-built pages; the paper predates them.
 * Never boundaries: every table part (tr, td, th, thead, tbody, tfoot; the paper's rule, and tbody is implied by the
 * browser anyway), and content-level elements (p, li, h1–h6, a, span…), whose text belongs to the enclosing block.
 */
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { TAG } from '../../snapshot/tags.ts';
import { StyleBit } from '../../snapshot/styleBits.ts';

const LAYOUT_TAGS: ReadonlySet<number> = new Set([
  TAG.HTML, TAG.BODY, TAG.DIV, TAG.TABLE, TAG.UL, TAG.OL, TAG.DL, TAG.MENU, TAG.HEADER, TAG.FOOTER, TAG.NAV,
  TAG.ASIDE, TAG.MAIN, TAG.ARTICLE, TAG.SECTION, TAG.FORM, TAG.CENTER,
]);

/** True when node i starts a block of its own (the root always does). */
export function isBoundaryElement(s: PageSnapshot, i: number): boolean {
  if (i === 0) return true;
  const tag = s.tag[i];
  if (LAYOUT_TAGS.has(tag)) return true;
  if (tag !== TAG.OTHER) return false;
  const style = s.style[i];
  return (style & (StyleBit.BLOCK | StyleBit.FLEX_OR_GRID)) !== 0 && (style & StyleBit.TABLE_PART) === 0;
}
