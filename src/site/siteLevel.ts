/**
 * SiteLevel(θ) (000 §3 step 1, §5.1): over several pages of one site, a node whose subtree hash occurs on at least a
 * θ fraction of the pages is a site-level template; an internal node with more than `innerShare` (85%) of its HTML
 * inside site-level templates is labelled template too; every other node is non-template.
 *
 * Choices the paper leaves open, made here:
 * - A hash counts once per page, however often it repeats on that page (the paper counts pages, not occurrences).
 * - "At least θ of n pages" is at least ⌈θ·n⌉ pages, and never fewer than `minPages` (default 2): the paper's sites
 *   had 100–200 pages, but with 10 pages ⌈0.1·10⌉ = 1 would make every node of every page a template.
 * - Subtrees without visible text hash by tag shape alone (a snapshot holds no attributes or image sources), so an
 *   empty `<div>` or an `<img>` recurs on every page by chance. They are never evidence by themselves
 *   (`minTextChars`, default 1); they are templates only inside a site-level template that has text.
 * - A site-level template's whole subtree is template (its descendants' hashes recur on the same pages anyway), and
 *   only site-level templates count toward the 85% share, not nodes labelled by the share rule itself.
 *
 * The counting is split from the labelling (`countPagesPerHash`, `siteTemplateNodes`) so a later "site memory" can
 * keep counts across visits and label one new page against them. Pure: no DOM and no Node APIs.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { subtreeHashes } from './nodeHash.ts';

export interface SiteLevelOptions {
  /** Fraction of the site's pages a hash must occur on (the paper's θ). */
  theta?: number;
  /** An internal node with more than this share of its HTML inside site-level templates is template (§5.1). */
  innerShare?: number;
  /** Fewest pages a hash must occur on, whatever θ·n is. */
  minPages?: number;
  /** Fewest visible characters a subtree needs for its recurrence to count as evidence. */
  minTextChars?: number;
  /**
   * What the share rule measures: the node's HTML (snapshot `htmlLength`, as §5.1 does) or its visible text
   * (`textChars`, as the L3S human labels do).
   */
  shareOf?: 'html' | 'text';
  /** Whether link text is part of the hash (see nodeHash.ts): without it a list of links recurs by its shape. */
  anchorText?: boolean;
}

export const SITE_LEVEL_DEFAULTS: Required<SiteLevelOptions> = {
  theta: 0.1, innerShare: 0.85, minPages: 2, minTextChars: 1, shareOf: 'html', anchorText: true,
};

/** On how many of the pages each hash occurs (each page counted once). */
export function countPagesPerHash(pageHashes: Iterable<ArrayLike<number>>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const hashes of pageHashes) {
    for (const h of new Set(Array.from(hashes))) counts.set(h, (counts.get(h) ?? 0) + 1);
  }
  return counts;
}

/** Pages a hash must occur on among `pageCount` pages: ⌈θ·n⌉ (robust to 0.1·30 = 3.0000000000000004), ≥ minPages. */
export function pagesNeeded(pageCount: number, theta: number, minPages: number): number {
  return Math.max(minPages, Math.ceil(theta * pageCount - 1e-9));
}

/**
 * 1 for the nodes of one page that are site-level templates: nodes with enough text whose hash occurs on at least
 * `needed` pages, and everything inside them.
 */
export function siteTemplateNodes(s: PageSnapshot, hashes: ArrayLike<number>, pagesWithHash: ReadonlyMap<number, number>,
  needed: number, minTextChars = SITE_LEVEL_DEFAULTS.minTextChars): Uint8Array {
  const out = new Uint8Array(s.count);
  for (let i = 0; i < s.count; i++) {
    const p = s.parent[i];
    // Parents come first, so an ancestor's mark is already known.
    if (p >= 0 && out[p] === 1) out[i] = 1;
    else if (s.textChars[i] >= minTextChars && (pagesWithHash.get(hashes[i]) ?? 0) >= needed) out[i] = 1;
  }
  return out;
}

/**
 * The §5.1 labels of one page from its site-level template nodes: template nodes are 1, and so is any other node
 * with more than `innerShare` of its HTML (snapshot `htmlLength`; or of its visible text with `shareOf: 'text'`)
 * inside template nodes; the rest are 0.
 */
export function labelsFromTemplateNodes(s: PageSnapshot, template: Uint8Array,
  innerShare = SITE_LEVEL_DEFAULTS.innerShare, shareOf = SITE_LEVEL_DEFAULTS.shareOf): Int8Array {
  const size = shareOf === 'text' ? s.textChars : s.htmlLength;
  const inside = new Float64Array(s.count);
  for (let i = 0; i < s.count; i++) if (template[i] === 1) inside[i] = size[i];
  // Backward pass: children before parents. A template node already counts its whole HTML, so its children's
  // shares are not added to it again.
  for (let i = s.count - 1; i > 0; i--) {
    const p = s.parent[i];
    if (template[p] !== 1) inside[p] += inside[i];
  }
  const labels = new Int8Array(s.count);
  for (let i = 0; i < s.count; i++) {
    labels[i] = template[i] === 1 || (size[i] > 0 && inside[i] > innerShare * size[i]) ? 1 : 0;
  }
  return labels;
}

/** SiteLevel(θ) labels for every page of one site, in the order given (1 template, 0 not). */
export function siteLevelLabels(pages: readonly PageSnapshot[], options: SiteLevelOptions = {}): Int8Array[] {
  const o = { ...SITE_LEVEL_DEFAULTS, ...options };
  const hashes = pages.map((p) => subtreeHashes(p, { anchorText: o.anchorText }));
  const counts = countPagesPerHash(hashes);
  const needed = pagesNeeded(pages.length, o.theta, o.minPages);
  return pages.map((s, k) => labelsFromTemplateNodes(s, siteTemplateNodes(s, hashes[k], counts, needed, o.minTextChars),
    o.innerShare, o.shareOf));
}
