import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { TAG } from '../snapshot/tags.ts';
import { StyleBit } from '../snapshot/styleBits.ts';
import { HintBit } from '../snapshot/hintBits.ts';
import { FEATURE_COUNT, FEATURE_INDEX as F } from './featureSchema.ts';
import { titleWordCounter } from './titleWords.ts';

export interface NodeFeatures {
  rows: number;
  cols: number;
  /** Row-major, `cols` = FEATURE_COUNT values per node. */
  data: Float32Array;
  /** Node area / page area: picks the area bucket of the classifier (000 §5.2). */
  areaFraction: Float64Array;
}

const SEMANTIC_TEMPLATE_TAGS = new Set<number>([TAG.NAV, TAG.HEADER, TAG.FOOTER, TAG.ASIDE, TAG.MENU]);
const SEMANTIC_CONTENT_TAGS = new Set<number>([TAG.ARTICLE, TAG.MAIN]);
const LIST_TAGS = new Set<number>([TAG.UL, TAG.OL, TAG.LI, TAG.DL, TAG.DT, TAG.DD]);
const HEADING_TAGS = new Set<number>([TAG.H1, TAG.H2, TAG.H3, TAG.H4, TAG.H5, TAG.H6]);
const FORM_TAGS = new Set<number>([TAG.FORM, TAG.INPUT, TAG.BUTTON, TAG.SELECT, TAG.TEXTAREA, TAG.LABEL]);

const INSIDE_TEMPLATE_TAG = 1;
const INSIDE_CONTENT_TAG = 2;

/** One pass over the snapshot (parents come before children), O(nodes + text). */
export function computeFeatures(s: PageSnapshot): NodeFeatures {
  const n = s.count;
  const data = new Float32Array(n * FEATURE_COUNT);
  const areaFraction = new Float64Array(n);
  const pageW = Math.max(1, s.page.width);
  const pageH = Math.max(1, s.page.height);
  const viewH = Math.max(1, s.viewport.height);
  const pageArea = pageW * pageH;
  const totalText = Math.max(1, n > 0 ? s.textChars[0] : 1);
  const baseFont = n > 0 && s.fontSize[0] > 0 ? s.fontSize[0] : 16;
  const titleWords = titleWordCounter(s.title, s.text);

  const hints = new Uint32Array(n);
  for (let i = 0; i < n; i++) hints[i] = trustedHints(s, i, pageArea);
  const childCount = new Uint32Array(n);
  const insideTags = new Uint8Array(n); // strict ancestors
  const insideHints = new Uint32Array(n); // strict ancestors
  for (let i = 1; i < n; i++) {
    const p = s.parent[i];
    childCount[p]++;
    insideTags[i] = insideTags[p] | tagClass(s.tag[p]);
    insideHints[i] = insideHints[p] | hints[p];
  }

  const block = blockStatistics(s);

  // The page's first run goes through this loop in the interpreter: a node's row is written at its offset, not
  // through a subarray made per node.
  for (let i = 0; i < n; i++) {
    const row = i * FEATURE_COUNT;
    const x = s.rect[4 * i];
    const y = s.rect[4 * i + 1];
    const w = s.rect[4 * i + 2];
    const h = s.rect[4 * i + 3];
    const left = clamp01(x / pageW);
    const right = clamp01((pageW - (x + w)) / pageW);
    const top = Math.max(0, y);
    const bottom = Math.max(0, pageH - (y + h));
    data[row + F.marginLeftFraction] = left;
    data[row + F.marginRightFraction] = right;
    data[row + F.marginTopScreens] = Math.log1p(top / viewH);
    data[row + F.marginBottomScreens] = Math.log1p(bottom / viewH);
    data[row + F.marginNearestFraction] = Math.min(left, right, clamp01(top / pageH), clamp01(bottom / pageH));

    const words = s.words[i];
    const chars = s.textChars[i];
    const links = s.links[i];
    data[row + F.linksPerWord] = Math.min(links / (words + 1), 2);
    data[row + F.anchorTextFraction] = chars > 0 ? clamp01(s.anchorChars[i] / chars) : 0;
    data[row + F.anchorSizeLog] = links > 0 ? Math.log1p(s.anchorChars[i] / links) : 0;
    data[row + F.intraSiteLinkFraction] = links > 0 ? s.intraLinks[i] / links : 0;
    data[row + F.hasLinks] = links > 0 ? 1 : 0;
    data[row + F.textToHtmlRatio] = s.htmlLength[i] > 0 ? clamp01(chars / s.htmlLength[i]) : 0;

    const area = Math.max(0, w) * Math.max(0, h);
    areaFraction[i] = clamp01(area / pageArea);
    data[row + F.areaFraction] = areaFraction[i];
    data[row + F.areaLog] = Math.log10(area + 1) / 7;
    data[row + F.widthFraction] = clamp01(w / pageW);
    data[row + F.heightScreens] = Math.log1p(Math.max(0, h) / viewH);
    data[row + F.centerOffsetX] = clamp01(Math.abs(x + w / 2 - pageW / 2) / pageW);
    data[row + F.centerYScreens] = Math.log1p(Math.max(0, y + h / 2) / viewH);

    data[row + F.wordsLog] = Math.log1p(words);
    data[row + F.pageTextFraction] = clamp01(chars / totalText);
    const shared = titleWords.count(s.textStart[i], s.textEnd[i]);
    data[row + F.titleWordDensity] = words > 0 ? clamp01(shared / words) : 0;
    data[row + F.titleWordsCovered] = titleWords.size > 0 ? Math.min(1, shared / titleWords.size) : 0;
    data[row + F.depthLog] = Math.log1p(s.depth[i]);
    data[row + F.childCountLog] = Math.log1p(childCount[i]);

    const style = s.style[i];
    data[row + F.positionFixedOrSticky] = style & (StyleBit.POSITION_FIXED | StyleBit.POSITION_STICKY) ? 1 : 0;
    data[row + F.bold] = style & StyleBit.BOLD ? 1 : 0;
    data[row + F.fontSizeRelative] = s.fontSize[i] > 0 ? Math.min(4, s.fontSize[i] / baseFont) : 1;
    data[row + F.hasBackground] = style & StyleBit.BACKGROUND ? 1 : 0;
    data[row + F.isBlock] = style & StyleBit.BLOCK ? 1 : 0;

    const t = s.tag[i];
    data[row + F.tagNavHeaderFooterAside] = SEMANTIC_TEMPLATE_TAGS.has(t) ? 1 : 0;
    data[row + F.tagArticleMain] = SEMANTIC_CONTENT_TAGS.has(t) ? 1 : 0;
    data[row + F.tagList] = LIST_TAGS.has(t) ? 1 : 0;
    data[row + F.tagHeading] = HEADING_TAGS.has(t) ? 1 : 0;
    data[row + F.tagParagraph] = t === TAG.P ? 1 : 0;
    data[row + F.tagForm] = FORM_TAGS.has(t) ? 1 : 0;
    data[row + F.insideNavHeaderFooterAside] = insideTags[i] & INSIDE_TEMPLATE_TAG ? 1 : 0;
    data[row + F.insideArticleMain] = insideTags[i] & INSIDE_CONTENT_TAG ? 1 : 0;

    writeHints(data, row, hints[i], false);
    writeHints(data, row, insideHints[i], true);

    const textLength = Math.max(1, s.text.length);
    data[row + F.textPosition] = clamp01(s.textStart[i] / textLength);
    data[row + F.ownWordsLog] = Math.log1p(block.ownWords[i]);
    data[row + F.ownAnchorFraction] = block.ownChars[i] > 0 ? clamp01(block.ownAnchor[i] / block.ownChars[i]) : 0;
    data[row + F.punctuationPerWord] = words > 0 ? Math.min(1, block.punctuation[i] / words) : 0;
    const prev = block.prevSibling[i];
    const next = block.nextSibling[i];
    data[row + F.prevSiblingAnchorFraction] = prev >= 0 ? anchorFraction(s, prev) : 0;
    data[row + F.nextSiblingAnchorFraction] = next >= 0 ? anchorFraction(s, next) : 0;
    data[row + F.prevSiblingWordsLog] = prev >= 0 ? Math.log1p(s.words[prev]) : 0;
    data[row + F.nextSiblingWordsLog] = next >= 0 ? Math.log1p(s.words[next]) : 0;
    data[row + F.parentAnchorFraction] = i > 0 ? anchorFraction(s, s.parent[i]) : 0;
    data[row + F.sameTagSiblingsLog] = Math.log1p(block.sameTagSiblings[i]);
    data[row + F.hintArticleBody] = hints[i] & HintBit.ARTICLE_BODY ? 1 : 0;
    data[row + F.insideHintArticleBody] = insideHints[i] & HintBit.ARTICLE_BODY ? 1 : 0;
    data[row + F.hintArticleHead] = hints[i] & HintBit.ARTICLE_HEAD ? 1 : 0;
  }
  return { rows: n, cols: FEATURE_COUNT, data, areaFraction };
}

const TEMPLATE_HINTS = HintBit.NAV | HintBit.HEADER | HintBit.FOOTER | HintBit.SIDEBAR | HintBit.SOCIAL |
  HintBit.RELATED | HintBit.AD | HintBit.COMMENT | HintBit.OVERLAY;

/**
 * Page-wide wrappers carry site-wide class names that say nothing about their content (BBC's <html> has
 * "ads-enabled", its column wrapper "primary-and-secondary-columns"); inherited by every descendant, such a name
 * made whole articles look like ads. So html, body and any node covering half the page or more keep only their
 * content hints.
 */
function trustedHints(s: PageSnapshot, i: number, pageArea: number): number {
  const t = s.tag[i];
  const pageWide = t === TAG.HTML || t === TAG.BODY || (s.rect[4 * i + 2] * s.rect[4 * i + 3]) / pageArea >= 0.5;
  return pageWide ? s.hints[i] & ~TEMPLATE_HINTS : s.hints[i];
}

function writeHints(data: Float32Array, row: number, bits: number, inside: boolean): void {
  const set = (own: number, inherited: number, on: boolean) => {
    data[row + (inside ? inherited : own)] = on ? 1 : 0;
  };
  set(F.hintNav, F.insideHintNav, (bits & HintBit.NAV) !== 0);
  set(F.hintHeaderFooter, F.insideHintHeaderFooter, (bits & (HintBit.HEADER | HintBit.FOOTER)) !== 0);
  set(F.hintSidebar, F.insideHintSidebar, (bits & HintBit.SIDEBAR) !== 0);
  set(F.hintSocialRelatedAd, F.insideHintSocialRelatedAd,
    (bits & (HintBit.SOCIAL | HintBit.RELATED | HintBit.AD)) !== 0);
  set(F.hintComment, F.insideHintComment, (bits & HintBit.COMMENT) !== 0);
  set(F.hintContent, F.insideHintContent, (bits & (HintBit.CONTENT | HintBit.ROLE_MAIN)) !== 0);
  if (!inside) data[row + F.hintOverlay] = bits & HintBit.OVERLAY ? 1 : 0;
}

function tagClass(tag: number): number {
  if (SEMANTIC_TEMPLATE_TAGS.has(tag)) return INSIDE_TEMPLATE_TAG;
  if (SEMANTIC_CONTENT_TAGS.has(tag)) return INSIDE_CONTENT_TAG;
  return 0;
}

function anchorFraction(s: PageSnapshot, i: number): number {
  return s.textChars[i] > 0 ? clamp01(s.anchorChars[i] / s.textChars[i]) : 0;
}

/**
 * Sentence punctuation, Latin and CJK (. , ; : ! ? and 。 ， 、 ； ： ！ ？): prose has it, menus and link lists have
 * little. Comparisons rather than a set: this runs for every character of the page's text, first in the interpreter.
 */
function isPunctuation(code: number): boolean {
  return code < 128 ? code === 46 || code === 44 || code === 59 || code === 58 || code === 33 || code === 63
    : code === 0x3002 || code === 0xff0c || code === 0x3001 || code === 0xff1b || code === 0xff1a || code === 0xff01 ||
      code === 0xff1f;
}

/**
 * Per node: words, characters and anchor characters outside its child elements, sentence punctuation in its
 * subtree, its previous and next sibling elements, and how many siblings share its tag. One pass over the nodes
 * and one over the text.
 */
function blockStatistics(s: PageSnapshot) {
  const n = s.count;
  const ownWords = new Float64Array(s.words.subarray(0, n));
  const ownChars = new Float64Array(s.textChars.subarray(0, n));
  const ownAnchor = new Float64Array(s.anchorChars.subarray(0, n));
  const prevSibling = new Int32Array(n).fill(-1);
  const nextSibling = new Int32Array(n).fill(-1);
  const lastChild = new Int32Array(n).fill(-1);
  for (let i = 1; i < n; i++) {
    const p = s.parent[i];
    ownWords[p] -= s.words[i];
    ownChars[p] -= s.textChars[i];
    ownAnchor[p] -= s.anchorChars[i];
    const before = lastChild[p];
    if (before >= 0) {
      prevSibling[i] = before;
      nextSibling[before] = i;
    }
    lastChild[p] = i;
  }
  // Same-tag siblings: count per (parent, tag), then give each child its group's size minus itself.
  const groups = new Map<number, number>();
  for (let i = 1; i < n; i++) {
    const key = s.parent[i] * 256 + s.tag[i];
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  const sameTagSiblings = new Float64Array(n);
  for (let i = 1; i < n; i++) sameTagSiblings[i] = groups.get(s.parent[i] * 256 + s.tag[i])! - 1;
  const prefix = new Uint32Array(s.text.length + 1);
  for (let k = 0; k < s.text.length; k++) prefix[k + 1] = prefix[k] + (isPunctuation(s.text.charCodeAt(k)) ? 1 : 0);
  const punctuation = new Float64Array(n);
  for (let i = 0; i < n; i++) punctuation[i] = prefix[Math.min(s.textEnd[i], s.text.length)] - prefix[Math.min(s.textStart[i], s.text.length)];
  for (let i = 0; i < n; i++) {
    if (ownWords[i] < 0) ownWords[i] = 0;
    if (ownChars[i] < 0) ownChars[i] = 0;
    if (ownAnchor[i] < 0) ownAnchor[i] = 0;
  }
  return { ownWords, ownChars, ownAnchor, prevSibling, nextSibling, sameTagSiblings, punctuation };
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : Number.isFinite(v) ? v : 0;
}
