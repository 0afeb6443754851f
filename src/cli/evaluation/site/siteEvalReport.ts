/**
 * The report of `winnow eval --dataset site`: template-term F-measure against the number of sample pages per
 * dataset (tables and one SVG chart each, as Vieira et al.'s Fig. 7), per site, and the sweeps that pick
 * SITE_PRIOR_DEFAULTS: rule × strength, then how far and from how many pages the prior pulls toward content; with a
 * stacked model, site evidence as a feature beside the prior (siteFeatureReport.ts). Pure:
 * numbers in, Markdown / CSV / SVG text out.
 */
import { fMeasure } from '../../../eval/templateMeasures.ts';
import type { SitePriorSettings } from '../../../site/memory/sitePrior.ts';
import { svgLineChart } from '../svgLineChart.ts';
import { cellF, priorKey, type SiteCell } from './siteEvalMeasure.ts';
import type { SiteDatasetResult, SiteReportContext } from './siteEvalResult.ts';
import { signed, sweepSections } from './siteEvalSweep.ts';
import { oneSided } from './siteEvalTwoSided.ts';
import { stackedKey } from './siteFeatureModel.ts';
import { featureSection } from './siteFeatureReport.ts';
import { csvCell, n3 } from '../reportFormat.ts';

export interface Curve {
  key: string;
  label: string;
  dash?: string;
}

/**
 * The lines of the tables and charts, in order: the three site methods, page level, combined (the shipped prior) and,
 * for comparison, the same prior pulling up only.
 */
export function curveMethods(prior: SitePriorSettings, withFeature = false): Curve[] {
  const up = oneSided(prior);
  const feature: Curve[] = withFeature ? [
    { key: stackedKey('full'), label: 'feature: stacked model' },
    { key: stackedKey('evidence'), label: 'feature: evidence terms only', dash: '2 3' },
  ] : [];
  return [
    { key: 'siteLevel', label: 'SiteLevel(θ)', dash: '6 3' },
    { key: 'rtdm', label: 'RTDM-TD', dash: '6 3' },
    { key: 'blocks', label: 'block clusters', dash: '6 3' },
    { key: 'pageLevel', label: 'page level alone' },
    { key: priorKey(prior), label: `combined: page level + site prior (${priorLabel(prior)})` },
    { key: priorKey(up), label: `one-sided prior (${priorLabel(up)})`, dash: '2 3' },
    ...feature,
  ];
}

export function priorLabel(p: SitePriorSettings): string {
  return `${p.rule}, ${p.strength}` + (p.down > 0 ? `, down ${p.down} from ${p.minPagesSeen} pages` : '');
}

/** Mean over the sites that have sample size n of their F for one method; NaN when none has it. */
export function meanF(cells: SiteCell[], n: number, key: string): { f: number; sites: number; measured: number } {
  const at = cells.filter((c) => c.n === n);
  if (at.length === 0) return { f: NaN, sites: 0, measured: 0 };
  return {
    f: at.reduce((sum, c) => sum + cellF(c, key), 0) / at.length,
    sites: at.length,
    measured: at.reduce((sum, c) => sum + c.measured, 0),
  };
}

export function sizesOf(cells: SiteCell[]): number[] {
  return [...new Set(cells.map((c) => c.n))].sort((a, b) => a - b);
}

export function siteChart(d: SiteDatasetResult, curves: Curve[]): string {
  const sizes = sizesOf(d.cells);
  const series = curves.map((m) => ({
    name: m.label,
    dash: m.dash,
    points: sizes.map((n) => ({ x: n, y: meanF(d.cells, n, m.key).f })),
  }));
  const sites = new Set(d.cells.map((c) => c.site)).size;
  return svgLineChart(series, {
    title: `${d.name}: template-term F-measure (${sites} site${sites === 1 ? '' : 's'}, mean over sites)`,
    xLabel: 'sample pages remembered',
    yLabel: 'template-term F-measure',
    yRange: [0, 1],
  });
}

export function siteCsv(datasets: SiteDatasetResult[]): string {
  const header = ['dataset', 'site', 'pages', 'sample_pages', 'draws', 'measured_pages', 'method', 'tp', 'fp', 'fn',
    'precision', 'recall', 'f'];
  const rows: Array<Array<string | number>> = [];
  for (const d of datasets) {
    for (const c of d.cells) {
      for (const [method, conf] of Object.entries(c.counts)) {
        const pr = fMeasure(conf);
        rows.push([d.name, c.site, c.pages, c.n, c.draws, c.measured, method, conf.tp, conf.fp, conf.fn,
          pr.precision, pr.recall, pr.f]);
      }
    }
  }
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}


/** Relative file name of a dataset's chart. */
export function chartFile(d: SiteDatasetResult): string {
  return `site-${d.name}.svg`;
}

export function siteMarkdown(datasets: SiteDatasetResult[], ctx: SiteReportContext): string {
  const used = datasets.filter((d) => d.cells.length > 0);
  const shipped = ctx.shippedPrior;
  const shippedKey = priorKey(shipped);
  const upKey = priorKey(oneSided(shipped));
  const lines: string[] = [];
  lines.push('# Site-level template detection: template terms against sample pages', '');
  lines.push(`Command: \`${ctx.command}\`. Model \`${ctx.modelPath}\`, penalty c = ${ctx.pipeline.penaltyFactor}, ` +
    `threshold ${ctx.pipeline.threshold}. Run time ${ctx.seconds.total.toFixed(0)} s (capture ` +
    `${ctx.seconds.capture.toFixed(0)} s: ${ctx.capture.rendered} pages rendered, ${ctx.capture.cached} from ` +
    `.cache/capture; measuring ${ctx.seconds.measure.toFixed(0)} s).`, '');

  lines.push('## Page level alone vs combined with site evidence', '');
  lines.push('Mean template-term F over each dataset\'s sites. *Combined* is the page level with the shipped site prior ' +
    `(\`SITE_PRIOR_DEFAULTS\`: ${priorLabel(shipped)}), which pulls the nodes the site marks toward template and, ` +
    `once the memory holds ${shipped.minPagesSeen} of the site's other pages, every other node with text toward ` +
    'content. *One-sided* is the same prior pulling up only (down 0, the prior shipped before), for comparison.', '');
  const featureKey = stackedKey('full');
  const withFeature = ctx.feature !== undefined;
  lines.push('| dataset | sample pages | sites | page level alone | combined | change | one-sided | change |' +
    (withFeature ? ' feature: stacked model | change |' : ''));
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- |' + (withFeature ? ' --- | --- |' : ''));
  for (const d of used) {
    for (const n of sizesOf(d.cells)) {
      const page = meanF(d.cells, n, 'pageLevel');
      const both = meanF(d.cells, n, shippedKey).f;
      const up = meanF(d.cells, n, upKey).f;
      const feature = meanF(d.cells, n, featureKey).f;
      lines.push(`| ${d.name} | ${n} | ${page.sites} | ${n3(page.f)} | ${n3(both)} | ${signed(both - page.f)} | ` +
        `${n3(up)} | ${signed(up - page.f)} |` + (withFeature ? ` ${n3(feature)} | ${signed(feature - page.f)} |` : ''));
    }
  }
  lines.push('');
  if (withFeature) {
    lines.push('*Feature* is site evidence as a classifier feature instead of a prior: a stacked logistic model over ' +
      'the page level\'s logit and the evidence, fitted on training sites (section "Site evidence as a feature" ' +
      'below, with its coefficients and which is better per dataset).', '');
  }

  lines.push('## How it is measured', '');
  lines.push(`For each site and each sample size n of ${ctx.sizes.join(', ')} smaller than the site's page count, ` +
    `${ctx.draws} seeded draws (src/cli/evaluation/site/siteEvalSampling.ts) pick n sample pages; a fresh site memory ` +
    'remembers them in the order drawn, and every other page of the site is cleaned with the evidence of that ' +
    'memory and scored (002 §6.1: templates are detected on sample pages and removed from the rest). The memory has ' +
    `the shipped limits: SiteLevel hashes of the last ${ctx.memoryLimits.siteLevelPages} pages, RTDM-TD skeletons ` +
    `of the last ${ctx.memoryLimits.skeletonPages} (K), a block store of ${ctx.memoryLimits.blockBytes / 1024} KiB.`, '');
  lines.push('Template terms follow Vieira et al. (002 §6.1): per page, the set of distinct words (lower-cased ' +
    'letter/digit runs) that the page shows and its reference content does not, against the set that a method\'s ' +
    'cleaning takes away (the page\'s words not in the text it keeps). Counts are summed over a site\'s measured ' +
    'pages and draws, F is taken per site, then averaged over the sites of a dataset (Vieira et al.\'s Fig. 7 draws ' +
    'one line per site; here one line per method).', '');
  lines.push('Methods: **SiteLevel(θ)**, **RTDM-TD** and **block clusters** alone remove the nodes (with their subtrees) ' +
    'that the method marks from the memory\'s evidence (src/site/memory/siteEvidence.ts); **page level alone** is ' +
    'the classifier and isotonic smoothing as `winnow extract` cleans a page; **combined** adds the site prior to the ' +
    'classifier\'s scores before smoothing (src/site/memory/sitePrior.ts), as `winnow extract --site` does. ' +
    (withFeature ? '**Feature: stacked model** replaces the prior by a logistic model fitted on training sites ' +
      '(below); it is measured, not shipped.'
      : 'Site evidence as a classifier *feature* was not measured in this run: only the prior was measured.'), '');
  lines.push('Datasets and their reference:', '');
  for (const d of datasets) lines.push(`- **${d.name}**: ${d.title}. Reference: ${d.reference}`);
  for (const note of ctx.notes) lines.push(`- ${note}`);
  lines.push('');

  const curves = curveMethods(shipped, withFeature);
  for (const d of used) {
    lines.push(`## ${d.name}`, '');
    lines.push(`![${d.name}: template-term F against sample pages](${chartFile(d)})`, '');
    lines.push(`| sample pages | sites | pages measured | ${curves.map((m) => m.label).join(' | ')} |`);
    lines.push(`| --- | --- | --- | ${curves.map(() => '---').join(' | ')} |`);
    for (const n of sizesOf(d.cells)) {
      const cells = curves.map((m) => meanF(d.cells, n, m.key));
      lines.push(`| ${n} | ${cells[0].sites} | ${cells[0].measured} | ${cells.map((c) => n3(c.f)).join(' | ')} |`);
    }
    lines.push('', 'Per site (F):', '');
    lines.push(`| site | pages | n | ${curves.map((m) => m.label).join(' | ')} |`);
    lines.push(`| --- | --- | --- | ${curves.map(() => '---').join(' | ')} |`);
    for (const c of d.cells) {
      lines.push(`| ${c.site} | ${c.pages} | ${c.n} | ${curves.map((m) => n3(cellF(c, m.key))).join(' | ')} |`);
    }
    lines.push('');
  }

  if (ctx.feature) lines.push(...featureSection(datasets, ctx.feature, shippedKey));
  lines.push(...sweepSections(datasets, ctx));

  if (ctx.failed.length) {
    lines.push('## Pages left out', '');
    for (const f of ctx.failed) lines.push(`- \`${f.id}\`: ${f.reason}`);
    lines.push('');
  }
  lines.push('Numbers per site, sample size and method (with tp/fp/fn, precision and recall, and every setting) are ' +
    'in `site.csv`.', '');
  return lines.join('\n');
}
