/**
 * Parts of a page the reader view drops although the smoothing calls them content: comment sections and link lists.
 * The classifier judges a node by its own words and links, and a long comment or a teaser list with blurbs reads like
 * an article to it. Each function clears `keep` on whole subtrees and never on a protected node (the article and its
 * ancestors, see readerArticle.ts).
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { HintBit } from '../snapshot/hintBits.ts';
import { HEADING_TAGS } from '../segment/sdTree.ts';
import { TAG } from '../snapshot/tags.ts';
import { subtreeEnd } from '../snapshot/tree.ts';

/**
 * A heading that opens a comment section: "Comments", "12 Comments", "Comments (3)", "Leave a Reply", "3 Responses
 * to “…”", "One thought on “…”". The whole heading only, so "Comments on the draft" is not one; and a bare
 * "Response", "Replies" or "Discussion" is not either, as those title sections of articles (an API's Response object,
 * a paper's Discussion), while with a count before them they are comment counters.
 */
const COMMENT_HEADING = new RegExp([
  String.raw`^\s*(\d+\s+)?(comments?|reader comments|leave a (comment|reply)|post a comment|add (a|your) comment`,
  String.raw`|join the discussion)\s*(\(\d+\))?\s*:?\s*$`,
  String.raw`|^\s*(\d+|one|no)\s+(comments?|responses?|replies|thoughts?)\b`,
].join(''), 'i');

/** Longest heading text (characters) worth testing against COMMENT_HEADING. */
const MAX_HEADING_CHARS = 80;

/**
 * Comment sections: (1) subtrees whose class/id names comments (the COMMENT hint: comment, discuss, disqus, reply),
 * the SD paper's comment test on class names; (2) on article pages, a comment heading after the article's start and
 * everything after it under the same parent — blogs that put the comments beside the story in one container mark
 * them only with that heading. The paper's other test, comment words anywhere in a region's text, is not used: "user"
 * or "comments" occur in stories and in every post of a blog's front page.
 */
export function dropCommentSections(s: PageSnapshot, keep: Uint8Array, protect: Uint8Array, article: number): void {
  const dropped = new Uint8Array(s.count);
  // Per parent, whether a comment heading was met among its children (children come in document order).
  const afterHeading = new Uint8Array(s.count);
  const articleStart = article >= 0 ? s.textStart[article] : Infinity;
  for (let i = 1; i < s.count; i++) {
    const p = s.parent[i];
    let drop = dropped[p] === 1;
    if (!drop && !protect[i]) {
      if (afterHeading[p]) {
        drop = true;
      } else if (s.textStart[i] >= articleStart && isCommentHeading(s, i)) {
        afterHeading[p] = 1;
        drop = true;
      } else {
        drop = (s.hints[i] & HintBit.COMMENT) !== 0;
      }
    }
    if (drop) dropped[i] = 1, keep[i] = 0;
  }
}

function isCommentHeading(s: PageSnapshot, i: number): boolean {
  if (!HEADING_TAGS.has(s.tag[i])) return false;
  if (s.hints[i] & HintBit.COMMENT) return true;
  return s.textChars[i] <= MAX_HEADING_CHARS && COMMENT_HEADING.test(s.text.slice(s.textStart[i], s.textEnd[i]));
}

/** A link list is mostly link text: at least this share of its characters. */
const LINK_LIST_ANCHOR_SHARE = 0.5;
/** ...with at least two links (one link is a title or a "read more", not a list)... */
const LINK_LIST_MIN_LINKS = 2;
/** ...and no block holding this many characters outside links (about a sentence: a story's paragraph). */
const LINK_LIST_MAX_PROSE = 40;

/** Per node, what tells a list of links from the rest; computed once per page (linkListMeasures). */
export interface LinkListMeasures {
  /** The largest own prose density (ownDensity(s, true)) over the subtree. */
  maxProse: Uint32Array;
  /** Links in the subtree that have text of their own: not a picture alone (an avatar, a thumbnail, a logo). */
  textLinks: Uint32Array;
}

/** The measures isLinkList reads, for every node of the page; `prose` is ownDensity(s, true). */
export function linkListMeasures(s: PageSnapshot, prose: Uint32Array): LinkListMeasures {
  const textLinks = new Uint32Array(s.count);
  // An <a> never holds another, so an <a> counted as a link is exactly one link: its own.
  for (let i = 0; i < s.count; i++) textLinks[i] = s.tag[i] === TAG.A && s.links[i] > 0 && s.textChars[i] > 0 ? 1 : 0;
  for (let i = s.count - 1; i > 0; i--) textLinks[s.parent[i]] += textLinks[i];
  return { maxProse: subtreeMaxProse(s, prose), textLinks };
}

/**
 * Mostly link text, several links, no sentence of prose: a menu, a tag cloud, a column of teasers. Links are
 * counted by those with words when there are any: a picture linked beside its name goes to the same place (a forum
 * author's avatar and name, a teaser's thumbnail and title), so an author block is one entry, not a list; a row of
 * linked pictures alone (share icons) still counts each.
 */
export function isLinkList(s: PageSnapshot, i: number, m: LinkListMeasures): boolean {
  const links = m.textLinks[i] > 0 ? m.textLinks[i] : s.links[i];
  return links >= LINK_LIST_MIN_LINKS && s.anchorChars[i] >= LINK_LIST_ANCHOR_SHARE * s.textChars[i] &&
    m.maxProse[i] < LINK_LIST_MAX_PROSE;
}

/**
 * Link lists outside the article: menus, "most read", tag clouds, teaser columns that the smoothing kept. Inside
 * the article a list of links is the author's (sources, a list of posts), so it stays.
 */
export function dropLinkLists(s: PageSnapshot, keep: Uint8Array, protect: Uint8Array, article: number,
  measures: LinkListMeasures): void {
  const articleEnd = article >= 0 ? subtreeEnd(s, article) : -1;
  const dropped = new Uint8Array(s.count);
  for (let i = 1; i < s.count; i++) {
    if (dropped[s.parent[i]]) {
      dropped[i] = 1, keep[i] = 0;
    } else if (keep[i] && !protect[i] && !(i > article && i < articleEnd) && isLinkList(s, i, measures)) {
      dropped[i] = 1, keep[i] = 0;
    }
  }
}

/** Per node, the largest of `prose` (own prose density, see ownDensity) over its subtree. */
export function subtreeMaxProse(s: PageSnapshot, prose: Uint32Array): Uint32Array {
  const maxProse = Uint32Array.from(prose);
  for (let i = s.count - 1; i > 0; i--) {
    const p = s.parent[i];
    if (maxProse[i] > maxProse[p]) maxProse[p] = maxProse[i];
  }
  return maxProse;
}
