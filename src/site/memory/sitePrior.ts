/**
 * Site evidence as a prior on the page-level classifier's scores, before smoothing: a node the chosen rule calls a
 * site template has its templateness pulled toward 1, x' = x + strength·(1 − x); every other score is left alone.
 * Nothing is pulled down: a block that differs from page to page (an ad, a "related" list) is not content just
 * because it changes, so absence of site evidence says little.
 *
 * Which rule and strength: measured by `winnow eval --dataset site` (src/cli/evaluation/siteEval*.ts); the defaults
 * are what that report found best.
 */
import { METHOD_BIT, type SiteEvidence, type SiteMethod } from './siteEvidence.ts';

export type EvidenceRule = SiteMethod | 'any' | 'majority';

export interface SitePriorSettings {
  rule: EvidenceRule;
  strength: number;
}

/**
 * SiteLevel's marks at half strength, from `npx winnow eval --dataset site` (out/eval/site/report.md): the best rule ×
 * strength with the reader of aebc7b0 (mean template-term F gain over the page level alone +0.014: Dragnet +0.028,
 * L3S +0.019, iana −0.005), and within 0.002 of the best (`any`) once the reader drops link lists. `any` adds block
 * clusters, which on some sites mark most of the page (ibnlive.in.com), so the guard against copies
 * (src/pipeline/siteAware.ts) sets all of the evidence aside, SiteLevel's good marks with it.
 */
export const SITE_PRIOR_DEFAULTS: SitePriorSettings = { rule: 'siteLevel', strength: 0.5 };

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

/** The scores with the prior applied (a new array; `scores` is not changed). */
export function applySitePrior(scores: Float64Array, e: SiteEvidence, settings: SitePriorSettings = SITE_PRIOR_DEFAULTS): Float64Array {
  const out = Float64Array.from(scores);
  if (e.available.length === 0 || settings.strength <= 0) return out;
  const mask = siteTemplateMask(e, settings.rule);
  const k = Math.min(1, settings.strength);
  for (let i = 0; i < out.length; i++) if (mask[i]) out[i] += k * (1 - out[i]);
  return out;
}

function popcount3(bits: number): number {
  return (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1);
}
