/**
 * The page-level pipeline with site evidence (issue 5): the classifier's scores get the site prior before smoothing
 * (toward template where the site repeats a node; toward content for the rest of the text once a few of the site's
 * pages are known, src/site/memory/sitePrior.ts), and the nodes the site's other pages mark as template are kept as a mask, so whatever shows the result (the
 * extension's overlay, the popup's counts) can say which segments repeat across the site. Pure: the worker, the
 * in-page fallback and Node tests run it alike.
 */
import type { Segment } from '../segment/segments.ts';
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import type { SiteEvidence } from '../site/memory/siteEvidence.ts';
import {
  applySitePrior, siteTemplateMask, SITE_PRIOR_DEFAULTS, type SitePriorSettings,
} from '../site/memory/sitePrior.ts';
import type { ClassifiedPage } from './runPipeline.ts';
import { subtreeEnd } from '../snapshot/tree.ts';

/**
 * Above this share of the page's text in site-template nodes the page is taken for a copy of a remembered page under
 * another address (`?utm_source=…`, an AMP twin, the same article in two sections): its own article would "repeat
 * across the site", and the prior would push the content itself toward template. Its evidence is set aside.
 */
export const COPY_TEMPLATE_SHARE = 0.9;

export interface SiteAwarePage extends ClassifiedPage {
  /** The classifier's scores before the prior (`scores` has it applied): dropping the evidence needs no re-classify. */
  pageScores: Float64Array;
  /** Per node, 1 when the site's other pages mark it as template under the prior's rule; all 0 without evidence. */
  siteTemplate: Uint8Array;
  /** The evidence the prior used; null without any, or when it was set aside (see `setAside`). */
  evidence: SiteEvidence | null;
  /** Why evidence that was given is not used: the page looks like a copy of a remembered one. */
  setAside: 'copy' | null;
}

/**
 * `page` with the site prior applied to its scores; with no evidence (or an empty one) the scores are unchanged. A
 * SiteAwarePage given again starts from its page scores, so priors never stack and `null` takes the evidence away.
 */
export function withSiteEvidence(page: ClassifiedPage, evidence: SiteEvidence | null,
  settings: SitePriorSettings = SITE_PRIOR_DEFAULTS): SiteAwarePage {
  const base = 'pageScores' in page ? (page as SiteAwarePage).pageScores : page.scores;
  const plain = (setAside: 'copy' | null = null): SiteAwarePage => ({
    snapshot: page.snapshot,
    scores: Float64Array.from(base),
    timings: page.timings,
    pageScores: base,
    siteTemplate: new Uint8Array(page.snapshot.count),
    evidence: null,
    setAside,
  });
  if (!evidence || evidence.available.length === 0) return plain();
  if (evidence.methods.length !== page.snapshot.count) {
    throw new Error(`site evidence covers ${evidence.methods.length} nodes, the page has ${page.snapshot.count}`);
  }
  const mask = siteTemplateMask(evidence, settings.rule);
  if (markedTextShare(page.snapshot, mask) > COPY_TEMPLATE_SHARE) return plain('copy');
  const scores = applySitePrior(base, evidence, page.snapshot.textChars, settings, mask);
  return { snapshot: page.snapshot, scores, timings: page.timings, pageScores: base, siteTemplate: mask, evidence,
    setAside: null };
}

/** Per segment, 1 when its root node is a site-level template. */
export function siteTemplateSegments(segments: readonly Segment[], siteTemplate: Uint8Array): Uint8Array {
  return Uint8Array.from(segments, (g) => siteTemplate[g.node] ?? 0);
}

/**
 * Share of the page's visible text inside marked nodes. Each character counts once: a marked node's subtree is
 * skipped whole (pre-order: a subtree is the run of deeper nodes that follows its root).
 */
export function markedTextShare(s: PageSnapshot, mask: Uint8Array): number {
  const total = s.count > 0 ? s.textChars[0] : 0;
  if (total === 0) return 0;
  let marked = 0;
  for (let i = 0; i < s.count;) {
    if (!mask[i]) {
      i++;
      continue;
    }
    marked += s.textChars[i];
    i = subtreeEnd(s, i);
  }
  return Math.min(1, marked / total);
}
