/**
 * Site evidence as a prior on the page-level classifier's scores, before smoothing. It pulls both ways:
 *
 * - up: a node the chosen rule calls a site template has its templateness pulled toward 1,
 *   x' = x + strength·(1 − x);
 * - down: once the memory holds at least `minPagesSeen` other pages of the site and the rule's own method had enough
 *   pages to speak, every other node with text is pulled toward content, x' = (1 − down)·x. Nodes without text
 *   (images, empty wrappers) are left alone: that no other page repeats them says nothing.
 *
 * Why pull down: on these sites the page level's errors are content it takes away, not template it keeps (its recall
 * of template terms is near 1), and a prior that only adds template cannot fix them. Measured by
 * `npx winnow eval --dataset site` (out/eval/site/report.md; mean template-term F gain over the page level alone,
 * iana / Dragnet / L3S / mean):
 *
 * - up only: −0.002 / +0.007 / +0.026 / +0.011. On iana, whose own lists of links are its content, site evidence
 *   did not beat the page level (template-term F 0.547 → 0.546 with 2 sample pages).
 * - down 0.3 from 2 pages: +0.083 / +0.009 / +0.007 / +0.033, but L3S's www.cbc.ca falls 0.992 → 0.831 with 2
 *   sample pages: from two pages SiteLevel finds a third of its template terms (recall 0.30), and the pull down
 *   keeps much of the rest (template terms missed, summed over the draws: 16 up only, 3,742 with the pull).
 * - down 0.3 from 3 pages (shipped; from 5 measures the same): +0.057 / +0.008 / +0.026 / +0.030, no dataset below
 *   up only; iana 0.565 → 0.657 with 5 sample pages, 0.448 → 0.527 with 10 (with 2 the gate holds: 0.546). Its
 *   worst site loses 0.006 to the page level (news.cnet.com, 10 sample pages); up only's worst loses 0.005.
 * - Those figures are with the classifier before its 2026-11-23 refit. With the refitted weights, down 0.3 from 3:
 *   +0.007 / +0.008 / +0.017 / +0.011 (iana 0.567 → 0.579 with 5 sample pages, 0.450 → 0.460 with 10), worst site
 *   −0.006 (ibnlive.in.com, 2); up only +0.007 mean. The surer classifier leaves fewer of iana's link lists near
 *   the threshold; down 0.5 would win iana back (+0.076) but costs www.hindu.com 0.294, so 0.3 stays.
 *
 * A block that differs from page to page (an ad, a "related" list) is still not content just because it changes,
 * which is why the pull down is weaker than the pull up and waits for a few pages.
 *
 * Pure: runs in Node, the worker and tests.
 */
import { METHOD_BIT, type SiteEvidence, type SiteMethod } from './siteEvidence.ts';

export type EvidenceRule = SiteMethod | 'any' | 'majority';

export interface SitePriorSettings {
  rule: EvidenceRule;
  /** How far a node the rule marks moves toward 1 (template). */
  strength: number;
  /** How far an unmarked node with text moves toward 0 (content); 0 = pull up only. */
  down: number;
  /** Pull down only once the memory holds at least this many other pages of the site. */
  minPagesSeen: number;
}

/**
 * SiteLevel's marks at half strength, pulling the rest down by 0.3 from 3 pages, from `npx winnow eval --dataset
 * site` (out/eval/site/report.md). Rule × strength (with this pull down): +0.030 mean gain, within 0.002 of the best
 * (`any` at strength 1, +0.031); `any` adds block clusters, which on some sites mark most of the page
 * (ibnlive.in.com), so the guard against copies (src/pipeline/siteAware.ts) sets all of the evidence aside,
 * SiteLevel's good marks with it.
 *
 * From 3 pages: 3 is the fewest pages SiteLevel wants before it says anything (issue 5; EVIDENCE_DEFAULTS.minPages
 * counts this page too, so it speaks from 2 others), and from 2 the pull down cost www.cbc.ca most of its template
 * (above). The report's sample sizes are 2, 5 and 10, so from 3 and from 5 pages measure the same there.
 */
export const SITE_PRIOR_DEFAULTS: SitePriorSettings = { rule: 'siteLevel', strength: 0.5, down: 0.3, minPagesSeen: 3 };

/** 1 for nodes the rule calls a site template. 'majority' needs two of the methods that had something to say. */
export function siteTemplateMask(e: SiteEvidence, rule: EvidenceRule): Uint8Array {
  const out = new Uint8Array(e.methods.length);
  const need = rule === 'majority' ? Math.min(2, e.available.length) : 1;
  for (let i = 0; i < out.length; i++) {
    const bits = e.methods[i];
    if (rule === 'any' || rule === 'majority') out[i] = bits !== 0 && popcount3(bits) >= need ? 1 : 0;
    else out[i] = bits & METHOD_BIT[rule] ? 1 : 0;
  }
  return out;
}

/**
 * Whether the evidence is sure enough to pull unmarked text down: enough pages, and the rule's own method spoke (a
 * node SiteLevel cannot judge yet is not "unrepeated"); 'any'/'majority' need one method.
 */
export function pullsDown(e: SiteEvidence, settings: SitePriorSettings): boolean {
  if (settings.down <= 0 || e.pagesSeen < settings.minPagesSeen) return false;
  const { rule } = settings;
  return rule === 'any' || rule === 'majority' ? e.available.length > 0 : e.available.includes(rule);
}

/**
 * The scores with the prior applied (a new array; `scores` is not changed). `textChars` is the page's
 * (PageSnapshot.textChars): only nodes with text are pulled down. `mask` is siteTemplateMask(e, settings.rule), for
 * a caller that has it already.
 */
export function applySitePrior(scores: Float64Array, e: SiteEvidence, textChars: ArrayLike<number>,
  settings: SitePriorSettings = SITE_PRIOR_DEFAULTS, mask = siteTemplateMask(e, settings.rule)): Float64Array {
  const out = Float64Array.from(scores);
  if (e.available.length === 0) return out;
  const up = Math.min(1, Math.max(0, settings.strength));
  const down = pullsDown(e, settings) ? Math.min(1, settings.down) : 0;
  for (let i = 0; i < out.length; i++) {
    if (mask[i]) out[i] += up * (1 - out[i]);
    else if (textChars[i] > 0) out[i] *= 1 - down;
  }
  return out;
}

function popcount3(bits: number): number {
  return (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1);
}
