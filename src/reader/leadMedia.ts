/**
 * The lead media of a page's main content: the photo, video or product gallery that opens the story, which hide mode
 * must leave on screen with the text. The classifier judges nodes by their words and links, so a picture without
 * text often comes out as template (issue 13: a front page's lead photo at 0.88, a product's gallery at 0.94), and
 * hiding it leaves the content without its picture. Pure: depends on the snapshot and what is shown already.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { HintBit } from '../snapshot/hintBits.ts';
import { StyleBit } from '../snapshot/styleBits.ts';
import { TAG } from '../snapshot/tags.ts';
import { commonAncestor, subtreeEnd } from '../snapshot/tree.ts';
import { backdrops, isPicture } from './backdrops.ts';
import { boxOf, visibleBox, type Box } from './nodeBoxes.ts';
import { spanOverlap } from '../util/rects.ts';

const MEDIA_TAGS: ReadonlySet<number> = new Set([TAG.IMG, TAG.PICTURE, TAG.FIGURE, TAG.VIDEO]);

/** Names that say a part is never the story's picture: menus, footers, share bars, "related", ads, pop-ups. */
const NEVER_LEAD = HintBit.NAV | HintBit.FOOTER | HintBit.SOCIAL | HintBit.RELATED | HintBit.COMMENT | HintBit.AD |
  HintBit.OVERLAY | HintBit.HIDDEN_A11Y;
/**
 * Names a site's masthead (logo) or side column carry; an article's own header often matches them too
 * ("article-header", "entry-aside"), so they bar a part only when it is not also named as content.
 */
const LEAD_ONLY_IF_CONTENT = HintBit.HEADER | HintBit.SIDEBAR;
const CONTENT_NAMES = HintBit.CONTENT | HintBit.ARTICLE_BODY | HintBit.ARTICLE_HEAD;

/**
 * A lead is at least this big (CSS px): avatars, icons, logos in a line of text and rating stars are smaller. On
 * kreuzer-popular's spiegel.de the lead is 862 × 322; its "Featured extras" thumbnails (162 × 122) pass this but not
 * the width share below.
 */
export const LEAD_MIN_WIDTH = 160;
export const LEAD_MIN_HEIGHT = 100;
/** ... and at least this share of the body's column width (capped at the viewport): a lead spans the column. */
export const LEAD_WIDTH_SHARE = 0.4;
/** Text a media group may hold besides its media: a caption, a credit, "1 / 5" slide controls. */
const CAPTION_MAX_CHARS = 300;
/**
 * Text a gallery column beside the body may hold: slide controls and a short credit. A caption-long text makes it a
 * card of its own (wcxb-dev 0646: a carousel of product cards, each picture beside the next card's text).
 */
const BESIDE_MAX_CHARS = 80;
/** Link text below this many characters is a control ("Next", "Zoom"), not a teaser's title. */
const CONTROL_LINK_CHARS = 20;
/** Above this share of its text in links, a part is a teaser or a link list, not the story's own. */
const MAX_LINK_SHARE = 0.5;

/**
 * Roots of the lead media groups of the page whose body text is `article` that `shown` does not show yet (for a
 * page without an article, -1, see topLeadInShown). A lead is an img, picture, figure or video that is big enough
 * (LEAD_MIN_*), not named as chrome, and either inside the article or before it in document order and:
 * - above the body: ending above the article's top (at most a viewport height above it), overlapping its width by
 *   half the narrower of the two; or
 * - beside it (a product gallery): its branch of the common container holds media and little text
 *   (BESIDE_MAX_CHARS), and it sits next to the body's first screen.
 * No container between the media and the common ancestor with the article may be named as chrome, and each must be
 * shown already (`shown`) or not mostly links: a teaser list or a side column the reader dropped does not lend its
 * pictures to the story. The group is the media with the containers around it that hold nothing but a caption and
 * controls, so a gallery's thumbnails and a figure's caption stay with their picture; the text right after the group
 * must be shown (the content goes on there).
 */
export function leadMedia(s: PageSnapshot, article: number, shown: Uint8Array): number[] {
  if (article >= s.count) return [];
  if (article < 0) return topLeadInShown(s, shown);
  const body = boxOf(s, article);
  const articleEnd = subtreeEnd(s, article);
  const minWidth = Math.max(LEAD_MIN_WIDTH, LEAD_WIDTH_SHARE * Math.min(body.w, s.viewport.width));
  const groups: number[] = [];
  let coveredUntil = -1; // media inside an accepted group belong to it
  for (let m = 0; m < articleEnd; m++) {
    if (m < coveredUntil || !MEDIA_TAGS.has(s.tag[m])) continue;
    const inside = m > article;
    if (shown[m] === 1 || (!inside && isAncestor(s, m, article))) continue;
    const common = inside ? article : commonAncestor(s, m, article);
    const seen = visibleBox(s, m, common);
    if (seen.w < minWidth || seen.h < LEAD_MIN_HEIGHT || !chainAllowsLead(s, m, common, shown)) continue;
    if (!inside && !above(seen, body, s.viewport.height) && !beside(s, m, common, seen, body)) continue;
    const group = mediaGroup(s, m, common);
    if (!followedByShownText(s, group, shown)) continue;
    groups.push(group);
    coveredUntil = subtreeEnd(s, group);
  }
  return groups;
}

/**
 * A page with several content areas and no article (a front page, a listing) has no story to measure a lead
 * against; its lead is the picture opening the first area: the first big media in the first screen whose container is
 * shown (the reader keeps the area) while the smoothing dropped the picture itself. The rest of such a page's
 * pictures are left to the reader's keep. On kreuzer-popular's spiegel.de served with its real (UTF-8) text, SD calls
 * the front page "multiple" and the top story's 860 × 320 photo (scored 0.88) is found so.
 */
function topLeadInShown(s: PageSnapshot, shown: Uint8Array): number[] {
  for (let m = 1; m < s.count; m++) {
    if (!MEDIA_TAGS.has(s.tag[m]) || shown[m] === 1) continue;
    let area = s.parent[m];
    while (area > 0 && !shown[area]) area = s.parent[area];
    if (area <= 0) continue; // not inside kept content: only the page itself holds it
    const seen = visibleBox(s, m, area);
    const minWidth = Math.max(LEAD_MIN_WIDTH, LEAD_WIDTH_SHARE * Math.min(s.rect[4 * area + 2], s.viewport.width));
    if (seen.y >= s.viewport.height || seen.w < minWidth || seen.h < LEAD_MIN_HEIGHT) continue;
    if (!chainAllowsLead(s, m, area, shown)) continue;
    const group = mediaGroup(s, m, area);
    if (followedByShownText(s, group, shown)) return [group];
  }
  return [];
}

/**
 * What hide mode leaves on screen: the body (`keep`), the headline and byline, and the lead media of the main
 * content, each with its whole subtree and its ancestors (a hidden ancestor would hide them); then the backdrops of
 * all that text (src/reader/backdrops.ts), so that text set on a picture keeps it. A backdrop panel stays without
 * the rest of its subtree: only its paint is needed.
 */
export function showOnScreen(s: PageSnapshot, keep: Uint8Array, article: number, headline: number,
  byline: number): Uint8Array {
  const show = keep.slice();
  showWhole(s, show, headline);
  showWhole(s, show, byline);
  for (const group of leadMedia(s, article, show)) showWhole(s, show, group);
  for (const b of backdrops(s, show)) {
    if (isPicture(s, b)) showWhole(s, show, b);
    else showWithAncestors(s, show, b);
  }
  return show;
}

/** Marks `node`'s whole subtree and its ancestors in `show`: what hide mode must keep of a shown part. */
export function showWhole(s: PageSnapshot, show: Uint8Array, node: number): void {
  if (node < 0 || node >= s.count) return;
  show.fill(1, node, subtreeEnd(s, node));
  for (let a = s.parent[node]; a >= 0 && !show[a]; a = s.parent[a]) show[a] = 1;
}

/** Marks `node` and its ancestors in `show`, not its subtree. */
function showWithAncestors(s: PageSnapshot, show: Uint8Array, node: number): void {
  for (let a = node; a >= 0 && !show[a]; a = s.parent[a]) show[a] = 1;
}

function above(m: Box, body: Box, viewportHeight: number): boolean {
  const tolerance = 0.1 * m.h; // a caption or a rounding overlap
  const gap = body.y - (m.y + m.h);
  return gap >= -tolerance && gap <= viewportHeight && spanOverlap(m.x, m.w, body.x, body.w) >= 0.5 * Math.min(m.w, body.w);
}

/** A media column next to the body's first screen: the gallery left (or right) of a product's description. */
function beside(s: PageSnapshot, m: number, common: number, seen: Box, body: Box): boolean {
  const branch = childOnPath(s, m, common);
  if (s.textChars[branch] > BESIDE_MAX_CHARS) return false;
  const horizontalGap = Math.max(body.x - (seen.x + seen.w), seen.x - (body.x + body.w));
  const near = s.viewport.height / 2;
  return horizontalGap >= -0.1 * seen.w && horizontalGap <= 0.1 * s.viewport.width &&
    seen.y <= body.y + near && seen.y + seen.h >= body.y - near;
}

/** The media's containers below `common` (and the media itself) are none of them chrome or a teaser. */
function chainAllowsLead(s: PageSnapshot, m: number, common: number, shown: Uint8Array): boolean {
  for (let a = m; a !== common && a >= 0; a = s.parent[a]) {
    if (namedChrome(s.hints[a]) || (s.style[a] & StyleBit.POSITION_FIXED) !== 0) return false;
    if (a !== m && !shown[a] && s.anchorChars[a] > Math.max(CONTROL_LINK_CHARS, MAX_LINK_SHARE * s.textChars[a])) {
      return false;
    }
  }
  return true;
}

/**
 * The text that comes next after the group is shown: a lead opens the content, so its caption, headline or body
 * follows it, where a site's masthead banner is followed by the menu or the search box.
 */
function followedByShownText(s: PageSnapshot, group: number, shown: Uint8Array): boolean {
  let at = s.textEnd[group];
  while (at < s.text.length && /\s/.test(s.text[at])) at++;
  if (at >= s.text.length) return false;
  let owner = -1; // the deepest node whose text holds that character (pre-order: deeper nodes come later)
  for (let j = subtreeEnd(s, group); j < s.count && s.textStart[j] <= at; j++) {
    if (s.textEnd[j] > at) owner = j;
  }
  return owner >= 0 && shown[owner] === 1;
}

/** The highest container of `m` below `common` that holds nothing but media, a caption and controls. */
function mediaGroup(s: PageSnapshot, m: number, common: number): number {
  let group = m;
  for (let p = s.parent[m]; p > common; p = s.parent[p]) {
    if (s.textChars[p] > CAPTION_MAX_CHARS || namedChrome(s.hints[p])) break;
    if (s.anchorChars[p] > Math.max(CONTROL_LINK_CHARS, MAX_LINK_SHARE * s.textChars[p])) break;
    group = p;
  }
  return group;
}

function namedChrome(hints: number): boolean {
  if ((hints & NEVER_LEAD) !== 0) return true;
  return (hints & LEAD_ONLY_IF_CONTENT) !== 0 && (hints & CONTENT_NAMES) === 0;
}

function isAncestor(s: PageSnapshot, a: number, i: number): boolean {
  for (let k = i; k >= a; k = s.parent[k]) if (k === a) return true;
  return false;
}

/** The child of `ancestor` on the path down to `node`. */
function childOnPath(s: PageSnapshot, node: number, ancestor: number): number {
  let k = node;
  while (s.parent[k] !== ancestor) k = s.parent[k];
  return k;
}
