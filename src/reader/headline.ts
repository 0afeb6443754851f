/**
 * The headline and byline elements of the main content in a snapshot. The reader reports the title and byline apart
 * from the body (as Readability and Defuddle do), so these elements leave the body text while hide mode still shows
 * them. Pure: depends on the snapshot, the article node (readerArticle.ts) and the metadata hints.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { HintBit } from '../snapshot/hintBits.ts';
import { TAG } from '../snapshot/tags.ts';
import { StyleBit, hasStyle } from '../snapshot/styleBits.ts';
import { HEADING_TAGS } from '../segment/sdTree.ts';
import { subtreeEnd } from '../snapshot/tree.ts';
import { TITLE_AGREES, similarityTo, titleTokens } from './articleTitle.ts';

/** Longest text (characters) a headline may have; a longer heading is a standfirst or a teaser. */
const MAX_HEADLINE_CHARS = 300;
/** A title this similar to a heading is a guess about it (an uncleaned "Story - Site" title still reaches this). */
const TITLE_MAY_MATCH = 0.5;
/** "Near the article's top": this many characters of page text either side of the article's first character. */
const NEAR_TOP_CHARS = 600;
/** Without a title, a heading that is not an h1 must be this much larger than the article's text to be its title. */
const HEADLINE_FONT_RATIO = 1.25;
/** The byline is looked for in this many characters of text after the headline (or the article's start). */
const BYLINE_WINDOW_CHARS = 500;
/** Longest byline element (characters): an author line with its date, reading time and the like. */
const MAX_BYLINE_CHARS = 200;
/** Longest "By …" or date line recognised by its shape alone. */
const MAX_SHAPED_LINE_CHARS = 80;

/** Containers a headline or byline is never in (a header is allowed: headlines live in the article's header). */
const NOT_MAIN = HintBit.NAV | HintBit.FOOTER | HintBit.SIDEBAR | HintBit.RELATED | HintBit.COMMENT | HintBit.AD |
  HintBit.OVERLAY | HintBit.HIDDEN_A11Y;

/** "By Jane Doe", "von Max Muster", "par Jean Dupont": a byword, then (see isByLine) a capitalised name. */
const BY_WORD = /^(written by|by|von|par|por|di|door|av|af)\s*:?\s+(\S)/i;
const UPPER = /\p{Lu}/u;
const MONTH = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`;
/** A line that is a date: "March 5, 2020", "5 Mar 2020", "2020-03-05", "05/03/2020", "Updated 3 hours ago". */
const DATE_LINE = new RegExp([
  String.raw`\b${MONTH}\s+\d{1,2}(st|nd|rd|th)?,?\s+\d{4}\b`,
  String.raw`\b\d{1,2}(st|nd|rd|th)?\.?\s+${MONTH},?\s+\d{4}\b`,
  String.raw`\b\d{4}-\d{2}-\d{2}\b`,
  String.raw`\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b`,
  String.raw`^(published|posted|updated|last updated)\b.*\b(ago|today|yesterday)\b`,
].join('|'), 'i');

interface Candidate {
  node: number;
  /** titleSimilarity of its text to the title. */
  match: number;
  near: boolean;
  heading: boolean;
}

/**
 * The headline: among headings (and, when they match the title, other large-font blocks) of at most
 * MAX_HEADLINE_CHARS, outside navigation, sidebars and the like, the one whose text best matches `title`; among
 * equally good matches the one near the article's top, then an h1, then the largest font. Without a title that any
 * heading matches, the h1 near the article's top, or else the largest heading there when it is clearly larger than
 * the article's text. -1 when there is none.
 */
export function findHeadline(s: PageSnapshot, article: number, title?: string | null): number {
  if (s.count === 0) return -1;
  const holdsArticle = ancestorsOf(s, article);
  const excluded = chromeAround(s, holdsArticle);
  const similarity = title ? similarityTo(title) : () => 0;
  const candidates: Candidate[] = [];
  for (let i = 1; i < s.count; i++) {
    if (excluded[i] || holdsArticle[i] || s.textChars[i] === 0 || s.textChars[i] > MAX_HEADLINE_CHARS) continue;
    const heading = HEADING_TAGS.has(s.tag[i]);
    // Only headings and large type are compared with the title: tokenising every short node costs too much.
    if (!heading && !isLargeFont(s, i, article)) continue;
    const match = similarity(textOf(s, i));
    if (!heading && match < TITLE_AGREES) continue;
    candidates.push({ node: i, match, near: article >= 0 && nearArticleTop(s, i, article), heading });
  }
  const band = (m: number) => (m >= TITLE_AGREES ? 2 : m >= TITLE_MAY_MATCH ? 1 : 0);
  let best: Candidate | null = null;
  for (const c of candidates) {
    if (band(c.match) === 0) continue;
    if (!best || compare(s, c, best, band) > 0) best = c;
  }
  if (best) return best.node;
  if (article < 0) return -1;
  // No title to go by: the heading that opens the article.
  const near = candidates.filter((c) => c.near && c.heading);
  const h1 = near.find((c) => s.tag[c.node] === TAG.H1);
  if (h1) return h1.node;
  let largest = -1;
  for (const c of near) if (largest < 0 || s.fontSize[c.node] > s.fontSize[largest]) largest = c.node;
  const bodyFont = s.fontSize[article];
  return largest >= 0 && bodyFont > 0 && s.fontSize[largest] >= HEADLINE_FONT_RATIO * bodyFont ? largest : -1;
}

/** > 0 when `a` is the better headline. Earlier nodes win ties (an outer wrapper over its own heading only if equal). */
function compare(s: PageSnapshot, a: Candidate, b: Candidate, band: (m: number) => number): number {
  return band(a.match) - band(b.match) ||
    Number(a.near) - Number(b.near) ||
    Number(a.heading) - Number(b.heading) ||
    Number(s.tag[a.node] === TAG.H1) - Number(s.tag[b.node] === TAG.H1) ||
    s.fontSize[a.node] - s.fontSize[b.node] ||
    a.match - b.match ||
    b.node - a.node;
}

/**
 * The byline: in the BYLINE_WINDOW_CHARS of text after the headline (or from the article's start), the first short
 * element that names `byline`, else the first of `authorNodes` (elements the page's markup names as author or
 * byline), else the first "By …" line, else the first date line; then widened to the short
 * block around it (the author line with its date), never as far as the headline or the article. -1 when none.
 */
export function findByline(s: PageSnapshot, headline: number, article: number, byline?: string | null,
  authorNodes: readonly number[] = []): number {
  const from = headline >= 0 ? subtreeEnd(s, headline) : article >= 0 ? article + 1 : -1;
  if (from < 0 || from >= s.count) return -1;
  const windowStart = s.textStart[from];
  const windowEnd = windowStart + BYLINE_WINDOW_CHARS;
  const excluded = chromeAround(s, ancestorsOf(s, article));
  const names = byline ? titleTokens(byline) : [];
  const marked = new Set(authorNodes);
  let named = -1;
  let markedUp = -1;
  let byWord = -1;
  let dated = -1;
  for (let i = from; i < s.count && s.textStart[i] < windowEnd; i++) {
    if (excluded[i] || s.textChars[i] === 0 || s.textChars[i] > MAX_BYLINE_CHARS) continue;
    if (containsNode(s, i, article)) continue;
    const text = textOf(s, i);
    if (named < 0 && names.length > 0 && containsWords(titleTokens(text), names)) named = i;
    if (markedUp < 0 && marked.has(i) && /\p{L}/u.test(text)) markedUp = i;
    if (byWord < 0 && isByLine(text)) byWord = i;
    if (dated < 0 && (text.length <= MAX_SHAPED_LINE_CHARS && DATE_LINE.test(text) || isTimeLine(s, i))) dated = i;
  }
  const found = named >= 0 ? named : markedUp >= 0 ? markedUp : byWord >= 0 ? byWord : dated;
  return found < 0 ? -1 : widen(s, found, headline, article);
}

/** The largest ancestor of `node` that is still a short line: no more text than a byline, not holding the headline. */
function widen(s: PageSnapshot, node: number, headline: number, article: number): number {
  let at = node;
  for (let p = s.parent[at]; p > 0; p = s.parent[p]) {
    if (s.textChars[p] > MAX_BYLINE_CHARS || containsNode(s, p, article) || containsNode(s, p, headline)) break;
    at = p;
  }
  return at;
}

/** "By Ana Lima": short, a byword, then a capital (not "By the time…") and only a few words. */
function isByLine(text: string): boolean {
  if (text.length > MAX_SHAPED_LINE_CHARS) return false;
  const m = BY_WORD.exec(text);
  // Tested apart from BY_WORD: under the `i` flag \p{Lu} matches lower-case letters too.
  return m !== null && UPPER.test(m[2]) && text.split(/\s+/).length <= 10;
}

/**
 * Per node, 1 when it or an ancestor is named as navigation, sidebar, footer… — except the article and the
 * containers holding it: whatever holds the story is not chrome for it, however its layout classes read
 * (bbc.co.uk's story sits in a "container--primary-and-secondary-columns").
 */
function chromeAround(s: PageSnapshot, holdsArticle: Uint8Array): Uint8Array {
  const out = new Uint8Array(s.count);
  for (let i = 0; i < s.count; i++) {
    // A story's own heading block keeps its layout words too (investopedia's "article-header … right-rail__offset").
    const named = !holdsArticle[i] && (s.hints[i] & NOT_MAIN) !== 0 && (s.hints[i] & HintBit.ARTICLE_HEAD) === 0;
    out[i] = named || (i > 0 && out[s.parent[i]] === 1) ? 1 : 0;
  }
  return out;
}

/** Per node, 1 on `node` and its ancestors (all 0 for -1). */
function ancestorsOf(s: PageSnapshot, node: number): Uint8Array {
  const mark = new Uint8Array(s.count);
  for (let a = node; a >= 0; a = s.parent[a]) mark[a] = 1;
  return mark;
}

/** A <time> that makes most of a short line ("Updated 5 hours ago"), not one inside a sentence of the story. */
function isTimeLine(s: PageSnapshot, i: number): boolean {
  if (s.tag[i] !== TAG.TIME) return false;
  let line = i;
  while (line > 0 && !hasStyle(s.style[line], StyleBit.BLOCK)) line = s.parent[line];
  // "Published <time>5 March</time>": the time is a good part of its line, as it is not of a sentence.
  return s.textChars[line] <= MAX_SHAPED_LINE_CHARS && 3 * s.textChars[i] >= s.textChars[line];
}

/** Whether `other` is `node` or inside it (false for -1). */
function containsNode(s: PageSnapshot, node: number, other: number): boolean {
  return other >= node && other < subtreeEnd(s, node);
}

function containsWords(text: string[], words: string[]): boolean {
  const have = new Set(text);
  return words.every((w) => have.has(w));
}

function nearArticleTop(s: PageSnapshot, i: number, article: number): boolean {
  const top = s.textStart[article];
  return s.textEnd[i] >= top - NEAR_TOP_CHARS && s.textStart[i] <= top + NEAR_TOP_CHARS;
}

function isLargeFont(s: PageSnapshot, i: number, article: number): boolean {
  const body = article >= 0 ? s.fontSize[article] : s.fontSize[0];
  return body > 0 && s.fontSize[i] >= HEADLINE_FONT_RATIO * body;
}

function textOf(s: PageSnapshot, i: number): string {
  return s.text.slice(s.textStart[i], s.textEnd[i]).trim();
}
