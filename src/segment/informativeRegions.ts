/**
 * The SD algorithm (paper §3.3): informative regions of one page and its type — Article, Article with Comments, or
 * Multiple areas — from local features only (no other pages of the site). Steps 1–3 live in sdTree.ts; this file
 * does steps 4–7. Pure: depends on the snapshot alone.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { HintBit } from '../snapshot/hintBits.ts';
import { HEADING_TAGS, mergeIntoRegions, ownDensity, validNodes } from './sdTree.ts';

export interface InformativeRegions {
  pageType: 'article' | 'article-with-comments' | 'multiple';
  /** The article region (node index), -1 when the page is 'multiple'. */
  article: number;
  /** Candidate article regions (node indices, document order), article included; comment regions excluded. */
  regions: number[];
  /** Comment regions (node indices, document order). */
  comments: number[];
}

export interface SdOptions {
  /** Max distance from the max density region, dfm in [0, 100] (step 6). */
  t1?: number;
  /** Min own density, in characters, for a node not to be noise (step 2). */
  t2?: number;
  /**
   * Count only text outside links in densities. Not the paper's measure: a menu or a link list is dense in
   * characters and then outranks a short article; the reader view (readerKeep) wants the prose.
   */
  ignoreLinkText?: boolean;
}

/**
 * T2 = 20: the paper's stated optimum (§5.2, "T2=20"; 0–100 all work, performance collapses past 200).
 * T1 = 50: the paper learns T1 per class (low 0–40 favours Article/Article with Comments, high 60–100 favours
 * Multiple) and reports that the middle band 40–60 gives all three classes similar precision, so for unknown pages
 * we take its centre. Note a comment region must then hold at least half the article's density to be a candidate.
 */
export const SD_DEFAULTS = { t1: 50, t2: 20 } as const;

/** Paper footnote 2: COMMENT TAGS = ['comment', 'reply', 'response', 'user', 'wrote:', 'said:'], as whole words. */
// Tested on lower-cased text without the `i` flag, which V8 compiles many times slower with \p{…} classes.
const COMMENT_TEXT = /(^|[^\p{L}\p{N}])(comments?|reply|replies|response|user|wrote:|said:)(?![\p{L}\p{N}])/u;

/** Steps 1–3: densities, pruning by T2, merging weak valid nodes into strong parents: region node → density. */
export function sdRegions(s: PageSnapshot, options: SdOptions = {}): Map<number, number> {
  if (s.count === 0) return new Map();
  const density = ownDensity(s, options.ignoreLinkText ?? false);
  return mergeIntoRegions(s, validNodes(density, options.t2 ?? SD_DEFAULTS.t2), density);
}

/** Steps 4–7; `regions` are steps 1–3 (sdRegions with the same options), passed in when the caller has them. */
export function informativeRegions(s: PageSnapshot, options: SdOptions = {},
  regions: ReadonlyMap<number, number> = sdRegions(s, options)): InformativeRegions {
  const t1 = options.t1 ?? SD_DEFAULTS.t1;
  const none: InformativeRegions = { pageType: 'multiple', article: -1, regions: [], comments: [] };
  if (s.count === 0 || regions.size === 0) return none;

  // Step 5: max density region and dfm(r) = 100 − d_r·100/d_max (eq. 1).
  let dmax = 0;
  for (const d of regions.values()) dmax = Math.max(dmax, d);
  // Step 6: candidates are the regions with dfm ≤ T1. (The paper also groups them by CSS class; the snapshot keeps
  // only class hint bits, so that grouping is not reproduced.)
  const candidates = [...regions.keys()].filter((r) => 100 - (regions.get(r)! * 100) / dmax <= t1).sort((a, b) => a - b);

  // Step 4 features, computed only for candidates: distance from root and ancestor-title level difference (eq. 2).
  const headingBelow = headingInSubtree(s);
  const rank = (r: number) => ({ dfr: s.depth[r], titleDiff: titleDiff(s, headingBelow, r), density: regions.get(r)! });

  // Step 7: the article is the candidate closest to the root with the closest ancestor title. The paper names both
  // criteria without an order, so we add the two level distances; ties go to the denser, then the earlier region.
  let article = -1;
  let best = { dfr: 0, titleDiff: 0, density: 0 };
  for (const r of candidates) {
    const f = rank(r);
    if (article < 0 || better(f, best)) [article, best] = [r, f];
  }

  // Step 7, comment scan: the remaining candidates whose class/id hints (on the region or on its ancestors below the
  // one it shares with the article) or whose text carry a comment keyword. The paper's "common parent with the
  // article" check is met by construction: regions are disjoint strong nodes of one tree.
  const others = candidates.filter((r) => r !== article && !isAncestor(s, r, article) && !isAncestor(s, article, r));
  const comments = others.filter((r) => isCommentRegion(s, r, article));
  const rest = candidates.filter((r) => !comments.includes(r));
  if (comments.length > 0) return { pageType: 'article-with-comments', article, regions: rest, comments };
  // "else if all candidate regions in same level return Multiple": needs at least two regions, else a lone article
  // would always be "multiple".
  if (rest.length > 1 && rest.every((r) => s.depth[r] === s.depth[rest[0]])) {
    return { pageType: 'multiple', article: -1, regions: rest, comments: [] };
  }
  return { pageType: 'article', article, regions: rest, comments: [] };
}

interface Rank { dfr: number; titleDiff: number; density: number }

function better(a: Rank, b: Rank): boolean {
  const da = a.dfr + a.titleDiff;
  const db = b.dfr + b.titleDiff;
  if (da !== db) return da < db;
  return a.density > b.density;
}

/** 1 where the subtree holds a heading with text: the "title" of §3.1 "Ancestor title". */
function headingInSubtree(s: PageSnapshot): Uint8Array {
  const below = new Uint8Array(s.count);
  for (let i = s.count - 1; i >= 0; i--) {
    if (HEADING_TAGS.has(s.tag[i]) && s.textChars[i] > 0) below[i] = 1;
    if (below[i] && i > 0) below[s.parent[i]] = 1;
  }
  return below;
}

/**
 * Eq. 2, title_diff = |level_anc_title − level_node|: levels up from r to the nearest ancestor-or-self that holds a
 * heading (a heading inside r gives 0, one beside r gives 1). Infinity when the page has no heading at all.
 */
function titleDiff(s: PageSnapshot, headingBelow: Uint8Array, r: number): number {
  for (let a = r, d = 0; a >= 0; a = s.parent[a], d++) if (headingBelow[a]) return d;
  return Infinity;
}

function isAncestor(s: PageSnapshot, a: number, d: number): boolean {
  for (let x = s.parent[d]; x >= 0 && x >= a; x = s.parent[x]) if (x === a) return true;
  return false;
}

function isCommentRegion(s: PageSnapshot, r: number, article: number): boolean {
  // Class/id: the COMMENT hint bit, on r or any ancestor that is not also an ancestor of the article
  // (wrappers like <section class="comments"><ul><li>… put the class above the region).
  for (let a = r; a >= 0 && !isAncestor(s, a, article); a = s.parent[a]) {
    if (s.hints[a] & HintBit.COMMENT) return true;
  }
  return COMMENT_TEXT.test(s.text.slice(s.textStart[r], s.textEnd[r]).toLowerCase());
}
