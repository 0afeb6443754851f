import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { TAG } from '../snapshot/tags.ts';
import { ownDensity } from '../segment/sdTree.ts';
import { readerArticle } from './readerArticle.ts';
import { subtreeEnd } from '../snapshot/tree.ts';
import { dropCommentSections, dropLinkLists, linkListMeasures } from './readerDrops.ts';
import { keepRecords } from './readerRecords.ts';
import { NOT_STORY } from './readerHints.ts';
import { mainArea } from './mainArea.ts';
import { repeatedBlocks } from './repeatedBlocks.ts';
import { fallBackWhenEmpty, keptText } from './readerFallback.ts';
import { skipLinks } from './skipLinks.ts';
import { cookieNotices } from './cookieNotices.ts';
import { HintBit } from '../snapshot/hintBits.ts';
import { ownShare } from '../snapshot/tree.ts';
import type { InformativeRegions } from '../segment/informativeRegions.ts';

/** Link lists stay when dropping them would leave under this share of the kept text. */
const LINK_LIST_PAGE_SHARE = 0.25;
/** …and under this many characters (a short story among long link lists is still a story). */
const LINK_LIST_PAGE_MAX_LEFT = 300;

/** Elements that carry content by what they are, not by their words: data tables, code blocks, figures. */
const CONTENT_SHAPED = new Set<number>([TAG.TABLE, TAG.PRE, TAG.FIGURE]);
/** Above this share of anchor text a table or figure is a link list or a teaser, which the classifier judges well. */
const MAX_ANCHOR_SHARE = 0.2;
/** Inside the article, a part the smoothing dropped comes back when at most this share of its text is links. */
const RESCUE_MAX_ANCHOR_SHARE = 0.3;

/**
 * Per node, 1 when the reader view (and `winnow extract`) keeps it. Kept nodes form subtrees hanging from the root
 * with holes, so a reader that skips every node marked 0 with its subtree shows exactly the kept text.
 *
 * 1. The smoothing's verdict: nodes under the threshold, plus content islands (see smoothingKeep).
 * 2. The article (readerArticle: SD's densest region of text outside links) is kept with its ancestors, and inside
 *    it every part the smoothing dropped comes back unless it is mostly links, named as share bar, ad, related…, or
 *    printed three times on the page: the classifier often calls a short story, or the second half of a long one,
 *    template, and a reader that loses the story is broken, while dropping a bit of chrome inside it costs little.
 *    When the article lies inside a container named as comments, the page is a discussion: that whole thread is
 *    the article, and no comment section is dropped.
 * 3. A <main>/role=main holding most of the prose bounds the content (mainArea.ts); with no article, all of it not
 *    named as chrome comes back.
 * 4. The records of a listing (blog posts, result rows: twins stacked under one kept parent, each with prose) are
 *    kept together when the article is one of them or the smoothing kept half of them (readerRecords.ts): the
 *    classifier scores each record alone and drops some of a list of equals.
 * 5. Comment sections and link lists outside the article are dropped (readerDrops.ts): the classifier keeps comments
 *    and teaser lists, which a reader should not show. Link lists stay when dropping them would leave almost
 *    nothing (a page that is a list of links).
 * 6. Safety net and furniture: a page the rules emptied is shown minus its named chrome (readerFallback.ts); skip
 *    links and cookie notices go everywhere (skipLinks.ts, cookieNotices.ts).
 */
export function readerKeep(s: PageSnapshot, values: ArrayLike<number>, threshold: number): Uint8Array {
  return readerKeepAndArticle(s, values, threshold).keep;
}

/** readerKeep, also saying which node it took as the article (-1 for none) and SD's page type. */
export function readerKeepAndArticle(s: PageSnapshot, values: ArrayLike<number>, threshold: number):
  { keep: Uint8Array; article: number; pageType: InformativeRegions['pageType'] } {
  const keep = smoothingKeep(s, values, threshold);
  if (s.count === 0) return { keep, article: -1, pageType: 'multiple' };
  const prose = ownDensity(s, true);
  const found = readerArticle(s, prose);
  // Computed once per page: the rescues below and the text measures all need them.
  let repeated: Uint8Array | null = null;
  const rescue = (root: number, chrome: number) => rescueInside(s, keep, root, chrome, repeated ??= repeatedBlocks(s));
  const ownText = ownShare(s.parent, s.textChars.subarray(0, s.count));
  const { protect } = found;
  // A discussion (forum thread, link aggregator's comments): the densest prose is itself a comment, so the page is
  // its thread, and every post of it is content.
  const thread = found.article >= 0 ? threadRoot(s, found.article) : -1;
  const article = thread >= 0 ? thread : found.article;
  if (thread >= 0) {
    for (let a = thread; a >= 0; a = s.parent[a]) protect[a] = 1;
    rescue(thread, NOT_STORY & ~HintBit.COMMENT);
  } else if (article >= 0) {
    rescue(article, NOT_STORY);
  }
  const main = mainArea(s, prose);
  if (main >= 0 && (article < 0 || (article >= main && article < subtreeEnd(s, main)))) {
    keepOnlyInside(s, keep, main);
    if (article < 0) rescue(main, NOT_STORY & ~HintBit.COMMENT);
  }
  const linkMeasures = linkListMeasures(s, prose);
  keepRecords(s, keep, article, linkMeasures);
  if (thread < 0) dropCommentSections(s, keep, protect, article);
  const beforeLinkLists = keep.slice();
  dropLinkLists(s, keep, protect, article, linkMeasures);
  // A page that is a list of links (a news aggregator's front page, a job board) is its links: when dropping link
  // lists would leave under a quarter of the text, and less than a paragraph, they stay.
  const left = keptText(s, keep, ownText);
  if (left < LINK_LIST_PAGE_MAX_LEFT && left < LINK_LIST_PAGE_SHARE * keptText(s, beforeLinkLists, ownText)) {
    keep.set(beforeLinkLists);
  }
  fallBackWhenEmpty(s, keep, ownText);
  const skip = skipLinks(s);
  const cookies = cookieNotices(s);
  for (let i = 0; i < s.count; i++) if (skip[i] || cookies[i]) keep[i] = 0;
  return { keep, article, pageType: found.pageType };
}

/**
 * Nodes whose smoothed value is under the threshold, plus "content islands". The classifier leans on words and
 * links, so a table of figures, a code block or a photo with a caption inside an article has few of the signals of
 * content and can come out as a small template segment of its own; a reader that drops the article's table or code
 * is broken. An island is the top of a template subtree whose parent is kept, that is a table, pre or figure with
 * little anchor text; it is kept whole.
 */
function smoothingKeep(s: PageSnapshot, values: ArrayLike<number>, threshold: number): Uint8Array {
  const keep = new Uint8Array(s.count);
  const insideIsland = new Uint8Array(s.count);
  for (let i = 0; i < s.count; i++) {
    const p = s.parent[i];
    if (values[i] < threshold) {
      keep[i] = 1;
    } else if (p >= 0 && insideIsland[p]) {
      keep[i] = insideIsland[i] = 1;
    } else if (p >= 0 && keep[p] && isContentShaped(s, i)) {
      keep[i] = insideIsland[i] = 1;
    }
  }
  return keep;
}

function isContentShaped(s: PageSnapshot, i: number): boolean {
  return CONTENT_SHAPED.has(s.tag[i]) && s.anchorChars[i] <= MAX_ANCHOR_SHARE * s.textChars[i];
}

/**
 * Keeps `root` and its ancestors, and brings back its parts that are not mostly links nor named by `chrome` bits.
 * Furniture printed again and again (`repeated`: a label under every photo) is not brought back, though kept where
 * the smoothing kept it: a heading repeated by a table of contents is the story's.
 */
function rescueInside(s: PageSnapshot, keep: Uint8Array, root: number, chrome: number, repeated: Uint8Array): void {
  for (let a = root; a >= 0 && !keep[a]; a = s.parent[a]) keep[a] = 1;
  const end = subtreeEnd(s, root);
  for (let i = root + 1; i < end; i++) {
    if (keep[i] || !keep[s.parent[i]] || (s.hints[i] & chrome) !== 0 || repeated[i]) continue;
    if (s.anchorChars[i] <= RESCUE_MAX_ANCHOR_SHARE * s.textChars[i]) keep[i] = 1;
  }
}

/** The outermost ancestor-or-self of `node` named as comments, -1 when none: the root of a thread. */
function threadRoot(s: PageSnapshot, node: number): number {
  let root = -1;
  for (let a = node; a > 0; a = s.parent[a]) if ((s.hints[a] & HintBit.COMMENT) !== 0) root = a;
  return root;
}

/** Drops everything outside `root` but its ancestors: the page's header, menus, footer and banners. */
function keepOnlyInside(s: PageSnapshot, keep: Uint8Array, root: number): void {
  const end = subtreeEnd(s, root);
  const ancestor = new Uint8Array(s.count);
  for (let a = root; a >= 0; a = s.parent[a]) ancestor[a] = 1;
  for (let i = 0; i < s.count; i++) if ((i < root || i >= end) && !ancestor[i]) keep[i] = 0;
}
