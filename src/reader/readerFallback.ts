/**
 * The reader's safety net: when its rules leave almost none of the page's text, the page is shown as it is minus
 * what names itself as chrome, rather than as a cookie notice or nothing at all. A reader that empties a page is
 * broken in a way a reader that keeps a menu is not. Pure: depends on the snapshot and `keep` alone.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { TAG } from '../snapshot/tags.ts';
import { ownShare } from '../snapshot/tree.ts';
import { insideChrome } from './readerArticle.ts';
import { NOT_STORY } from './readerHints.ts';
import { HintBit } from '../snapshot/hintBits.ts';

/** Kept text under this share of the page's text is "almost none"… */
const MIN_KEPT_SHARE = 0.1;
/** …on a page with at least this many characters (a near-empty page has nothing to fall back to). */
const MIN_PAGE_CHARS = 300;
/** …and under this many characters: a short post on a page full of sidebars is still a post. */
const MAX_KEPT_CHARS = 60;
/** The fallback must keep at least this many times the text the rules kept, or it is not worth the switch. */
const MIN_GAIN = 2;

const CHROME_TAGS: ReadonlySet<number> = new Set([TAG.NAV, TAG.HEADER, TAG.FOOTER, TAG.ASIDE]);

/**
 * Replaces `keep` in place with the page minus its named chrome (class/role names of navigation, footer, sidebar,
 * ads, overlays; nav, header, footer and aside elements) when `keep` holds under MIN_KEPT_SHARE of the page's text
 * and the replacement holds at least MIN_GAIN times as much. Returns whether it did.
 */
export function fallBackWhenEmpty(s: PageSnapshot, keep: Uint8Array,
  own: Float64Array = ownShare(s.parent, s.textChars.subarray(0, s.count))): boolean {
  if (s.count === 0 || s.textChars[0] < MIN_PAGE_CHARS) return false;
  const keptChars = textOf(s, keep, own);
  if (keptChars >= MAX_KEPT_CHARS) return false;
  // Comment threads do not count toward the page's text: a short blog post under a thousand comments is not empty.
  const comments = insideChrome(s, HintBit.COMMENT);
  const notComments = Uint8Array.from(comments, (c) => 1 - c);
  if (keptChars >= MIN_KEPT_SHARE * textOf(s, notComments, own)) return false;
  const chrome = insideChrome(s, NOT_STORY & ~HintBit.COMMENT);
  const fallback = new Uint8Array(s.count);
  for (let i = 0; i < s.count; i++) {
    const parentKept = i === 0 || fallback[s.parent[i]] === 1;
    fallback[i] = parentKept && (i === 0 || (!chrome[i] && !CHROME_TAGS.has(s.tag[i]))) ? 1 : 0;
  }
  if (textOf(s, fallback, own) < MIN_GAIN * Math.max(1, keptChars)) return false;
  keep.set(fallback);
  return true;
}

/** Characters of text that a reader skipping every 0 node with its subtree shows. */
export function keptText(s: PageSnapshot, keep: Uint8Array,
  own: Float64Array = ownShare(s.parent, s.textChars.subarray(0, s.count))): number {
  return textOf(s, keep, own);
}

function textOf(s: PageSnapshot, keep: Uint8Array, own: Float64Array): number {
  let total = 0;
  const shown = new Uint8Array(s.count);
  for (let i = 0; i < s.count; i++) {
    shown[i] = keep[i] && (i === 0 || shown[s.parent[i]]) ? 1 : 0;
    if (shown[i]) total += own[i];
  }
  return total;
}
