/**
 * What the site memory says about one page: per node, which of the three site-level methods call it template, each
 * computed only from the *other* remembered pages of the site (a page never votes for itself).
 *
 * - SiteLevel(θ): a node with text whose hash is on at least max(2, ⌈θ·N⌉) of the N site pages counting this one, once
 *   N ≥ `minPages` (3 by default: with fewer, one other page sharing a block proves little); its subtree with it.
 * - RTDM-TD: the site template (FindTemplate over the remembered skeletons) found in this page by the linear-time
 *   removal; a found node counts when its label carries its own text (same tag, hints and text as the template's),
 *   so the structural frame every page shares (html, body, the article's wrappers) is not called template.
 * - Block clusters (001): blocks whose template word ratio passes the threshold.
 *
 * Each method's node marks are then closed upward as §5.1 does: a node with more than 85% of its text inside marked
 * nodes is template too (`labelsFromTemplateNodes`, text share). Pure: runs in Node, the worker and tests.
 */
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { labelsFromTemplateNodes, pagesNeeded, siteTemplateNodes, SITE_LEVEL_DEFAULTS } from '../siteLevel.ts';
import { skeletonFromSnapshot } from '../rtdm/skeletonFromSnapshot.ts';
import { labelHasText } from '../rtdm/skeletonLabels.ts';
import { removeTemplate } from '../rtdm/removeTemplate.ts';
import type { Skeleton } from '../rtdm/skeleton.ts';
import { templateBlocks } from '../blockClusters/templateBlocks.ts';
import type { SiteBlockStore } from '../blockClusters/siteBlockStore.ts';
import { pagesPerHash, type SiteLevelStore } from './siteLevelStore.ts';

export const SITE_METHODS = ['siteLevel', 'rtdm', 'blocks'] as const;
export type SiteMethod = (typeof SITE_METHODS)[number];

/** Bits of `SiteEvidence.methods`, one per method. */
export const METHOD_BIT: Record<SiteMethod, number> = { siteLevel: 1, rtdm: 2, blocks: 4 };

export interface SiteEvidence {
  /** Other pages of this site that were remembered (the evidence's sample size). */
  pagesSeen: number;
  /** Per node, the METHOD_BIT of every method that calls it a site template (0 when none does). */
  methods: Uint8Array;
  /** Methods that had enough pages to say anything. */
  available: SiteMethod[];
}

export interface EvidenceSettings {
  theta: number;
  /** Fewest site pages (this one included) before SiteLevel says anything. */
  minPages: number;
  innerShare: number;
}

export const EVIDENCE_DEFAULTS: EvidenceSettings = { theta: SITE_LEVEL_DEFAULTS.theta, minPages: 3, innerShare: 0.85 };

export function siteLevelMask(s: PageSnapshot, hashes: Uint32Array, store: SiteLevelStore, selfKey: string,
  o: EvidenceSettings): Uint8Array | null {
  const { counts, pages } = pagesPerHash(store, selfKey);
  const total = pages + 1;
  if (total < o.minPages) return null;
  // This page has each of its own hashes once, so a hash needs `needed - 1` other pages.
  const needed = pagesNeeded(total, o.theta, 2) - 1;
  const marks = siteTemplateNodes(s, hashes, counts, needed);
  return closeUpward(s, marks, o.innerShare);
}

export function rtdmMask(s: PageSnapshot, template: Skeleton | null, o: EvidenceSettings,
  skeleton: Skeleton = skeletonFromSnapshot(s)): Uint8Array | null {
  if (!template) return null;
  const found = removeTemplate(template, skeleton);
  const marks = new Uint8Array(s.count);
  for (let i = 0; i < s.count; i++) {
    // Ancestors first (pre-order): inside a found text node, everything is template.
    const p = s.parent[i];
    marks[i] = (p >= 0 && marks[p] === 1) || (found[i] === 1 && labelHasText(skeleton.label[i])) ? 1 : 0;
  }
  return closeUpward(s, marks, o.innerShare);
}

export function blocksMask(s: PageSnapshot, store: SiteBlockStore, o: EvidenceSettings): Uint8Array | null {
  if (store.pageCount === 0 || (store.pageCount === 1 && store.hasPage(s.url))) return null;
  return closeUpward(s, templateBlocks(store, s).nodeTemplate, o.innerShare);
}

function closeUpward(s: PageSnapshot, marks: Uint8Array, innerShare: number): Uint8Array {
  return Uint8Array.from(labelsFromTemplateNodes(s, marks, innerShare, 'text'));
}

/** Combines the method masks into one SiteEvidence. */
export function combineMasks(count: number, pagesSeen: number, masks: Partial<Record<SiteMethod, Uint8Array | null>>): SiteEvidence {
  const methods = new Uint8Array(count);
  const available: SiteMethod[] = [];
  for (const m of SITE_METHODS) {
    const mask = masks[m];
    if (!mask) continue;
    available.push(m);
    for (let i = 0; i < count; i++) if (mask[i]) methods[i] |= METHOD_BIT[m];
  }
  return { pagesSeen, methods, available };
}
