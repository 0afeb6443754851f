/**
 * The stacked model of site evidence as a feature: a logistic model over the page level's logit and the site
 * evidence (siteFeatureVector.ts), its coefficients fitted on training sites (siteFeatureTraining.ts). Two ways to
 * use it on a page, both of which leave a page without usable evidence exactly as the page level scored it:
 *
 * - `full`: the fitted model as is, t = b + a·logit(x) + Σ w·evidence. It also recalibrates the page level (a, b),
 *   and that calibration was learnt on pages the shipped classifier was trained on, where it is over-sure.
 * - `evidence`: the page level's logit kept, only the evidence terms added, t = logit(x) + Σ w·evidence.
 *
 * Pure.
 */
import type { LogisticFit } from '../../../model/logisticRegression.ts';
import { sigmoid } from '../../../model/logisticRegression.ts';
import type { PageSnapshot } from '../../../snapshot/pageSnapshot.ts';
import type { SiteEvidence } from '../../../site/memory/siteEvidence.ts';
import { SITE_FEATURE_COUNT, siteFeatureRows, usableEvidence } from './siteFeatureVector.ts';

export type StackedUse = 'full' | 'evidence';
export const STACKED_USES: readonly StackedUse[] = ['full', 'evidence'];

export interface StackedSiteModel {
  /** Per feature of SITE_FEATURE_NAMES, on the raw (unstandardised) feature. */
  coef: number[];
  intercept: number;
}

/** Method key of the site eval for one use of the stacked model. */
export function stackedKey(use: StackedUse): string {
  return use === 'full' ? 'feature:stacked' : 'feature:evidenceTerms';
}

/** The fit's coefficients back on the raw features: w = c/scale, b = b₀ − Σ c·mean/scale. */
export function stackedFromFit(fit: LogisticFit): StackedSiteModel {
  if (fit.coef.length !== SITE_FEATURE_COUNT) throw new Error(`fit has ${fit.coef.length} coefficients, not ${SITE_FEATURE_COUNT}`);
  const coef = fit.coef.map((c, j) => c / fit.scale[j]);
  const intercept = fit.intercept - fit.coef.reduce((sum, c, j) => sum + (c * fit.mean[j]) / fit.scale[j], 0);
  return { coef, intercept };
}

/** Templateness per node after the stacked model (a new array); `scores` is the page level's. */
export function stackedScores(model: StackedSiteModel, s: PageSnapshot, scores: Float64Array,
  evidence: SiteEvidence | null, use: StackedUse): Float64Array {
  const usable = usableEvidence(s, evidence);
  if (!usable) return Float64Array.from(scores);
  const d = SITE_FEATURE_COUNT;
  const rows = siteFeatureRows(s, scores, usable);
  const out = new Float64Array(s.count);
  for (let i = 0; i < s.count; i++) {
    let t = use === 'full' ? model.intercept + model.coef[0] * rows[i * d] : rows[i * d];
    for (let j = 1; j < d; j++) t += model.coef[j] * rows[i * d + j];
    out[i] = sigmoid(t);
  }
  return out;
}
