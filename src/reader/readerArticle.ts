/**
 * Which part of a page the reader view treats as "the article", from the SD algorithm's regions (paper 004, see
 * informativeRegions.ts) measured on text outside links. Pure: depends on the snapshot alone.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { HintBit } from '../snapshot/hintBits.ts';
import { TAG } from '../snapshot/tags.ts';
import { mergeIntoRegions, validNodes } from '../segment/sdTree.ts';
import { informativeRegions, SD_DEFAULTS, type InformativeRegions } from '../segment/informativeRegions.ts';

export interface ReaderArticle {
  /** Node index of the article, -1 when SD finds several areas and no single one (a forum, a listing). */
  article: number;
  /**
   * Per node, 1 on the article and its ancestors; without an article, on SD's candidate regions and their ancestors.
   * The reader never drops these as comments or link lists.
   */
  protect: Uint8Array;
  /** SD's page type (paper 004) on text outside links: hosts report it, and computing it again would redo SD. */
  pageType: InformativeRegions['pageType'];
}

/** Class/id/role names of containers whose text is not the article (SD's comment hints among them). */
const NOT_ARTICLE = HintBit.NAV | HintBit.FOOTER | HintBit.SIDEBAR | HintBit.RELATED | HintBit.COMMENT | HintBit.AD;

/**
 * `prose` is ownDensity(s, true). The article is the densest region that is not inside a container named as
 * navigation, footer, sidebar, related, comments or ads — SD's step 7 would take the region closest to the root, but
 * comments and sidebars often sit higher in the tree than the story, and a long comment thread is denser than a
 * short story — or the densest region of all when every region is inside such a container. A story whose paragraphs
 * are sibling <div>s makes one region per paragraph, so when the chosen region has a sibling region the article is
 * their parent. When SD calls the page Multiple (candidate regions at one level that are not siblings) there is no
 * article.
 */
export function readerArticle(s: PageSnapshot, prose: Uint32Array): ReaderArticle {
  const regions = mergeIntoRegions(s, validNodes(prose, SD_DEFAULTS.t2), prose);
  const sd = informativeRegions(s, { ignoreLinkText: true }, regions);
  const multiple = sd.pageType === 'multiple' && !(sd.regions.length > 1 && sd.regions.every(
    (r) => s.parent[r] === s.parent[sd.regions[0]]));
  const article = multiple ? -1 : articleRegion(s, regions);
  const protect = new Uint8Array(s.count);
  if (article >= 0) {
    markAncestors(s, article, protect);
  } else {
    // A discussion page (forum thread, Q&A) is several areas, all of them comments: none of them may go.
    for (const r of sd.regions) markAncestors(s, r, protect);
  }
  return { article, protect, pageType: sd.pageType };
}

/**
 * A region inside a container named as an article's body (itemprop=articleBody, entry-content…) counts this many
 * times its density: a short post under such a name beats a longer trackback box, a bio or a newsletter blurb.
 */
const NAMED_BODY_BOOST = 3;

function articleRegion(s: PageSnapshot, regions: ReadonlyMap<number, number>): number {
  const unlikely = insideChrome(s, NOT_ARTICLE);
  const body = namedBodyOf(s);
  let best = -1;
  let bestDensity = 0;
  let fallback = -1;
  let fallbackDensity = 0;
  for (const [r, d] of regions) {
    if (d > fallbackDensity) [fallback, fallbackDensity] = [r, d];
    const weighted = body[r] >= 0 ? NAMED_BODY_BOOST * d : d;
    if (!unlikely[r] && weighted > bestDensity) [best, bestDensity] = [r, weighted];
  }
  const chosen = best >= 0 ? best : fallback;
  if (chosen <= 0) return chosen;
  // The named body is the story, whichever of its blocks is the densest.
  if (body[chosen] >= 0 && !unlikely[body[chosen]]) return body[chosen];
  const parent = s.parent[chosen];
  for (const r of regions.keys()) if (r !== chosen && s.parent[r] === parent && parent > 0) return parent;
  return chosen;
}

/** Per node, the outermost ancestor-or-self named as an article body, -1 when none. */
function namedBodyOf(s: PageSnapshot): Int32Array {
  const out = new Int32Array(s.count).fill(-1);
  for (let i = 0; i < s.count; i++) {
    const inherited = i > 0 ? out[s.parent[i]] : -1;
    out[i] = inherited >= 0 ? inherited : (s.hints[i] & HintBit.ARTICLE_BODY) !== 0 ? i : -1;
  }
  return out;
}

/**
 * Per node, 1 when it or an ancestor has one of the hint bits, unless a nearer ancestor (or the node, when it has none of the bits itself) is named as the
 * page's main content: `<main>`, `<article>`, role=main or an article body by name. Pages put layout words on the
 * containers of their main column (`<main class="has-sidebar">`, a theme's `content-sidebar-wrap`), and the story
 * inside is not chrome for it.
 */
export function insideChrome(s: PageSnapshot, bits: number): Uint8Array {
  const inside = new Uint8Array(s.count);
  for (let i = 0; i < s.count; i++) {
    if ((s.hints[i] & bits) !== 0) inside[i] = 1;
    else inside[i] = !isNamedMain(s, i) && i > 0 && inside[s.parent[i]] === 1 ? 1 : 0;
  }
  return inside;
}

/** `<main>`, `<article>`, role=main, or an article body by name (itemprop=articleBody, entry-content…). */
export function isNamedMain(s: PageSnapshot, i: number): boolean {
  return s.tag[i] === TAG.MAIN || s.tag[i] === TAG.ARTICLE ||
    (s.hints[i] & (HintBit.ROLE_MAIN | HintBit.ARTICLE_BODY)) !== 0;
}

/** Per node, 1 when it or an ancestor has one of the hint bits. */
export function insideHinted(s: PageSnapshot, bits: number): Uint8Array {
  const inside = new Uint8Array(s.count);
  for (let i = 0; i < s.count; i++) {
    inside[i] = (s.hints[i] & bits) !== 0 || (i > 0 && inside[s.parent[i]] === 1) ? 1 : 0;
  }
  return inside;
}

function markAncestors(s: PageSnapshot, node: number, mark: Uint8Array): void {
  for (let a = node; a >= 0 && !mark[a]; a = s.parent[a]) mark[a] = 1;
}
