/**
 * Records: the repeated items of a listing (posts on a blog's front page, rows of a search result, entries of a
 * catalogue). The classifier scores each record alone, and records further down a listing, or a listing whose rows
 * start with a link, often come out template while their twins are content; a reader that shows four posts of
 * seven, or one job of twenty-three, is broken. Pure: depends on the snapshot and `keep` alone.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { NOT_STORY } from './readerHints.ts';
import { isLinkList, type LinkListMeasures } from './readerDrops.ts';

/** A record holds a block with about a sentence outside links (as LINK_LIST_MAX_PROSE in readerDrops.ts). */
const RECORD_MIN_PROSE = 40;
/** ...and at most this share of its text in links (a title link and a "read more" fit; a menu does not). */
const RECORD_MAX_ANCHOR_SHARE = 0.5;
/** A listing has at least this many records: two boxes of the same width are a layout, not a list. */
const MIN_RECORDS = 3;
/**
 * No record holds more than this share of the listing's text: a story stacked with two boxes of its width (contact
 * details, a newsletter sign-up) is a page layout, not a list of equals.
 */
const MAX_RECORD_SHARE = 0.5;
/** A record is the article's peer when its longest prose block is at least this share of the article record's. */
const PEER_PROSE_SHARE = 0.5;
/** Groups of one parent a record is compared with before it starts a group of its own. */
const MAX_GROUPS_TRIED = 8;
/** Two siblings are laid out as twins when their left edges and widths differ by at most this many CSS px. */
const ALIGN_PX = 2;

/**
 * Keeps every record of a listing when the listing is the page's content. Records are children of one kept parent
 * with the same tag and the same class hints, laid out as twins (same left edge and width: stacked one under the
 * other), each holding prose and not mostly links; at least MIN_RECORDS of them, none holding most of their text.
 * The listing is content when most of its records are already kept (by the smoothing, or as the article and its
 * ancestors), or when one record holds the article (SD's densest prose: a listing whose one record SD picked is
 * still a listing) and at least MIN_RECORDS records hold prose blocks at least PEER_PROSE_SHARE as long as the
 * article record's (so a story is not a listing of one story and the teaser boxes under it). Each record of such a
 * listing is then kept, with its parts that are not named as chrome and not link lists (`measures.maxProse` is, per
 * node, the largest own prose density in its subtree).
 */
export function keepRecords(s: PageSnapshot, keep: Uint8Array, article: number, measures: LinkListMeasures): void {
  const { maxProse } = measures;
  const onArticlePath = new Uint8Array(s.count);
  for (let a = article; a >= 0; a = s.parent[a]) onArticlePath[a] = 1;
  const groups = groupTwins(s, maxProse);
  const { groupOf } = groups;
  const members = new Uint32Array(groups.count);
  const kept = new Uint32Array(groups.count);
  const chars = new Float64Array(groups.count);
  const maxChars = new Float64Array(groups.count);
  const articleRecord = new Int32Array(groups.count).fill(-1);
  for (let i = 1; i < s.count; i++) {
    const g = groupOf[i];
    if (g < 0) continue;
    members[g]++;
    kept[g] += keep[i];
    chars[g] += s.textChars[i];
    maxChars[g] = Math.max(maxChars[g], s.textChars[i]);
    if (onArticlePath[i]) articleRecord[g] = i;
  }
  const peers = new Uint32Array(groups.count);
  for (let i = 1; i < s.count; i++) {
    const g = groupOf[i];
    if (g >= 0 && articleRecord[g] >= 0 && maxProse[i] >= PEER_PROSE_SHARE * maxProse[articleRecord[g]]) peers[g]++;
  }
  const isListing = (g: number) => members[g] >= MIN_RECORDS && maxChars[g] <= MAX_RECORD_SHARE * chars[g] &&
    (2 * kept[g] > members[g] || peers[g] >= MIN_RECORDS);
  // Records and their parts, top-down (parents come before children in pre-order).
  const inRecord = new Uint8Array(s.count);
  for (let i = 1; i < s.count; i++) {
    const p = s.parent[i];
    const g = groupOf[i];
    if (g >= 0 && keep[p] && isListing(g)) {
      inRecord[i] = keep[i] = 1;
    } else if (inRecord[p] && !isChrome(s, i, measures)) {
      inRecord[i] = keep[i] = 1;
    }
  }
}

/**
 * Per node, the index of its group of twin records (-1 when it is not a record): siblings with the same tag and
 * hints laid out as twins. A parent's groups form a linked list, newest first (usually one or two long), so grouping
 * is one pass without string keys; a record is compared with at most MAX_GROUPS_TRIED of them, which keeps the pass
 * linear on a parent with hundreds of unlike children.
 */
function groupTwins(s: PageSnapshot, maxProse: Uint32Array): { groupOf: Int32Array; count: number } {
  const groupOf = new Int32Array(s.count).fill(-1);
  const firstGroup = new Int32Array(s.count).fill(-1);
  const first: number[] = [];
  const nextGroup: number[] = [];
  for (let i = 1; i < s.count; i++) {
    if (!isRecord(s, i, maxProse)) continue;
    const p = s.parent[i];
    let g = firstGroup[p];
    for (let tried = 0; g >= 0 && !areTwins(s, first[g], i); tried++) g = tried < MAX_GROUPS_TRIED ? nextGroup[g] : -1;
    if (g < 0) {
      g = first.length;
      first.push(i), nextGroup.push(firstGroup[p]);
      firstGroup[p] = g;
    }
    groupOf[i] = g;
  }
  return { groupOf, count: first.length };
}

/** Siblings with the same tag and class hints, laid out one under the other (same left edge and width). */
function areTwins(s: PageSnapshot, a: number, b: number): boolean {
  return s.tag[a] === s.tag[b] && s.hints[a] === s.hints[b] &&
    Math.abs(s.rect[4 * a] - s.rect[4 * b]) <= ALIGN_PX && Math.abs(s.rect[4 * a + 2] - s.rect[4 * b + 2]) <= ALIGN_PX;
}

function isRecord(s: PageSnapshot, i: number, maxProse: Uint32Array): boolean {
  return maxProse[i] >= RECORD_MIN_PROSE && s.anchorChars[i] <= RECORD_MAX_ANCHOR_SHARE * s.textChars[i] &&
    (s.hints[i] & NOT_STORY) === 0 && s.rect[4 * i + 2] > 0;
}

/** A part of a record that a reader leaves out: named as chrome, or a list of links without a sentence of prose. */
function isChrome(s: PageSnapshot, i: number, measures: LinkListMeasures): boolean {
  return (s.hints[i] & NOT_STORY) !== 0 || isLinkList(s, i, measures);
}
