/**
 * Site evidence as classifier *features* (issue 5, "a feature, a prior, or both — measure which is better"): per
 * node, the inputs of a second-stage (stacked) logistic model that sits on the page-level classifier's score. The
 * prior (src/site/memory/sitePrior.ts) moves scores by hand-set amounts; here the same evidence gets coefficients
 * fitted on training sites (siteFeatureTraining.ts). Pure.
 */
import { COPY_TEMPLATE_SHARE, markedTextShare } from '../../../pipeline/siteAware.ts';
import type { PageSnapshot } from '../../../snapshot/pageSnapshot.ts';
import { METHOD_BIT, type SiteEvidence } from '../../../site/memory/siteEvidence.ts';
import { siteTemplateMask, SITE_PRIOR_DEFAULTS } from '../../../site/memory/sitePrior.ts';

/** Column 0 is the page level's logit; the others are zero for every node of a page without usable evidence. */
export const SITE_FEATURE_NAMES = [
  'page-level logit',
  'SiteLevel marks',
  'RTDM-TD marks',
  'block clusters mark',
  'evidence, unmarked, has text',
  'log(1 + pages seen)',
] as const;
export const SITE_FEATURE_COUNT = SITE_FEATURE_NAMES.length;

/** Scores are clamped this far from 0 and 1 before the logit: the classifier does say 0 or 1 on some nodes. */
export const LOGIT_EPSILON = 1e-4;

export function scoreLogit(x: number): number {
  const p = Math.min(1 - LOGIT_EPSILON, Math.max(LOGIT_EPSILON, x));
  return Math.log(p / (1 - p));
}

/**
 * The evidence the features may use: none when no method spoke, and none when the page looks like a copy of a
 * remembered one — the guard the prior has (siteAware.ts), so that the two are compared on the same pages.
 */
export function usableEvidence(s: PageSnapshot, evidence: SiteEvidence | null): SiteEvidence | null {
  if (!evidence || evidence.available.length === 0) return null;
  if (evidence.methods.length !== s.count) {
    throw new Error(`site evidence covers ${evidence.methods.length} nodes, the page has ${s.count}`);
  }
  const mask = siteTemplateMask(evidence, SITE_PRIOR_DEFAULTS.rule);
  return markedTextShare(s, mask) > COPY_TEMPLATE_SHARE ? null : evidence;
}

/** Row-major features of every node (count × SITE_FEATURE_COUNT); `evidence` already passed usableEvidence. */
export function siteFeatureRows(s: PageSnapshot, scores: ArrayLike<number>, evidence: SiteEvidence | null):
  Float64Array {
  const d = SITE_FEATURE_COUNT;
  const out = new Float64Array(s.count * d);
  const seen = evidence ? Math.log1p(evidence.pagesSeen) : 0;
  for (let i = 0; i < s.count; i++) {
    const row = i * d;
    out[row] = scoreLogit(scores[i]);
    if (!evidence) continue;
    const bits = evidence.methods[i];
    out[row + 1] = bits & METHOD_BIT.siteLevel ? 1 : 0;
    out[row + 2] = bits & METHOD_BIT.rtdm ? 1 : 0;
    out[row + 3] = bits & METHOD_BIT.blocks ? 1 : 0;
    out[row + 4] = bits === 0 && s.textChars[i] > 0 ? 1 : 0;
    out[row + 5] = seen;
  }
  return out;
}
