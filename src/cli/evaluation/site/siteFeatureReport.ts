/**
 * The site report's section on site evidence as a feature (issue 5: "a feature, a prior, or both — measure which is
 * better"): what the stacked model is, the coefficients fitted and the sites they were fitted on, and per dataset
 * which of prior and feature cleans better. Pure: numbers in, Markdown lines out.
 */
import { cellF } from './siteEvalMeasure.ts';
import type { SiteDatasetResult, SiteFeatureSummary } from './siteEvalResult.ts';
import { stackedKey } from './siteFeatureModel.ts';
import { SITE_FEATURE_NAMES } from './siteFeatureVector.ts';
import { PRIOR_TIE, signed } from './siteEvalSweep.ts';

/** Mean over a dataset's (site, sample size) cells of F(key) − F(other). */
export function meanCellChange(d: SiteDatasetResult, key: string, other: string): number {
  if (d.cells.length === 0) return NaN;
  return d.cells.reduce((sum, c) => sum + cellF(c, key) - cellF(c, other), 0) / d.cells.length;
}

/** One sentence per dataset: feature or prior, by how much (mean over its cells), each against the page level. */
export function featureVerdicts(datasets: SiteDatasetResult[], priorKey: string): string[] {
  const feature = stackedKey('full');
  return datasets.filter((d) => d.cells.length > 0).map((d) => {
    const change = meanCellChange(d, feature, priorKey);
    const which = Math.abs(change) <= PRIOR_TIE ? 'a tie' : change > 0 ? 'the feature is better' : 'the prior is better';
    return `- **${d.name}**: ${which}, F(feature) − F(prior) ${signed(change)} (mean over its ${d.cells.length} ` +
      `(site, sample size) cells; against the page level alone: prior ${signed(meanCellChange(d, priorKey, 'pageLevel'))}, ` +
      `feature ${signed(meanCellChange(d, feature, 'pageLevel'))}, evidence terms only ` +
      `${signed(meanCellChange(d, stackedKey('evidence'), 'pageLevel'))}).`;
  });
}

export function featureSection(datasets: SiteDatasetResult[], f: SiteFeatureSummary, priorKey: string): string[] {
  const lines = ['## Site evidence as a feature: stacked model', ''];
  lines.push('A second-stage logistic model over the page-level classifier\'s logit and the site evidence of each ' +
    'node (src/cli/evaluation/site/siteFeatureVector.ts): t = b + Σ wⱼ·fⱼ, templateness σ(t), in place of the prior, ' +
    'then the same smoothing and reader text. Evidence marks are the method bits of the site memory; *unmarked* is 1 ' +
    'for a node with text no method marks. A page without usable evidence (no method spoke, or a copy: the prior\'s ' +
    'guard) keeps its page-level scores. *Evidence terms only* keeps the page level\'s logit as it is (a = 1, b = 0) ' +
    'and adds only the evidence terms.', '');
  lines.push('Fitted by L2-regularised logistic regression (src/model/logisticRegression.ts; pages read from the ' +
    `capture cache, classified and fitted in ${f.seconds.toFixed(0)} s) on ${f.rows} human-labelled nodes (${f.templateRows} template) of ${f.pages} pages (${f.pagesWithEvidence} with ` +
    'evidence); each page\'s evidence comes from a fresh site memory that remembered the other pages of its site in a ' +
    'seeded order. The sites are L3S-GN1\'s *training* sites with at least 3 pages, none of them measured here; the ' +
    'shipped classifier was trained on them, so its logit there is in-sample.', '');
  lines.push('| feature | coefficient |', '| --- | --- |');
  lines.push(`| intercept b | ${f.model.intercept.toFixed(3)} |`);
  SITE_FEATURE_NAMES.forEach((name, j) => lines.push(`| ${name} | ${f.model.coef[j].toFixed(3)} |`));
  lines.push('');
  lines.push(`Training sites (pages): ${f.sites.map((s) => `${s.site} (${s.pages})`).join(', ')}.`, '');
  lines.push('Which is better, feature or prior (shipped), per dataset. The comparison leans toward the prior: its ' +
    'settings were picked on these same sites (the sweeps below), while the stacked model never saw them.', '');
  lines.push(...featureVerdicts(datasets, priorKey), '');
  return lines;
}
