import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseCommandArgs, numberOption, UsageError } from '../args.ts';
import { DEFAULT_MODEL_PATH } from '../modelFile.ts';
import { loadTrainingCorpus, type TrainingCorpus } from '../training/trainingCorpus.ts';
import { formatModelCard } from '../training/modelCard.ts';
import { DEFAULT_SITE_LEVEL_SETTINGS, type SiteLevelSettings } from '../training/siteLevelTraining.ts';
import { siteLevelAgreement } from '../training/siteLevelAgreement.ts';
import {
  isLabelVariant, LABEL_VARIANTS, runSiteLevel, type LabelVariant, type SiteLevelRun,
} from '../training/labelVariants.ts';
import { evaluationRows, fitVariant, type VariantResult } from '../training/variantFit.ts';
import { DRAGNET_HOLDOUT_PERCENT } from '../training/dragnetPages.ts';

/**
 * The variant `--labels` defaults to: the winner of the ablation recorded in public/model/*.md. Human labels won on
 * every held-out measure, whatever the SiteLevel settings, so `train --l3s PATH` keeps doing what it always did.
 */
export const BEST_LABEL_VARIANT: LabelVariant = 'l3s';

/**
 * Fits the four area-bucket logistic models on human labels (L3S-GN1), on SiteLevel(θ) labels computed over many
 * pages of the same sites (Dragnet, and L3S's multi-page sites), or on both, all captured through the capture code
 * the extension uses. Whole sites are held out; every variant is measured on the same held-out L3S sites. Writes the
 * weights plus a model card beside them.
 */
export async function runTrain(args: string[]): Promise<number> {
  const started = Date.now();
  const { values } = parseCommandArgs(args, {
    l3s: { type: 'string' },
    dragnet: { type: 'string' },
    iana: { type: 'string' },
    labels: { type: 'string' },
    ablation: { type: 'boolean' },
    out: { type: 'string', default: DEFAULT_MODEL_PATH },
    limit: { type: 'string' },
    l2: { type: 'string' },
    'holdout-percent': { type: 'string' },
    theta: { type: 'string' },
    'min-site-pages': { type: 'string' },
    'share-of': { type: 'string' },
    'anchor-text': { type: 'string' },
    'no-cache': { type: 'boolean' },
  });
  if (!values.l3s) throw new UsageError('train needs --l3s PATH (l3s-gn1.tar.gz or its unpacked folder)');
  const labels = values.labels ?? BEST_LABEL_VARIANT;
  if (!isLabelVariant(labels)) throw new UsageError(`--labels must be one of ${LABEL_VARIANTS.join(', ')}, got '${labels}'`);
  const holdoutPercent = numberOption(values['holdout-percent'], 'holdout-percent') ?? 20;
  const l2 = numberOption(values.l2, 'l2') ?? 1;
  const settings: SiteLevelSettings = {
    ...DEFAULT_SITE_LEVEL_SETTINGS,
    theta: numberOption(values.theta, 'theta') ?? DEFAULT_SITE_LEVEL_SETTINGS.theta,
    minSitePages: numberOption(values['min-site-pages'], 'min-site-pages') ?? DEFAULT_SITE_LEVEL_SETTINGS.minSitePages,
    shareOf: choice(values['share-of'], 'share-of', ['html', 'text'] as const) ?? DEFAULT_SITE_LEVEL_SETTINGS.shareOf,
    anchorText: (choice(values['anchor-text'], 'anchor-text', ['hash', 'shape'] as const) ??
      (DEFAULT_SITE_LEVEL_SETTINGS.anchorText ? 'hash' : 'shape')) === 'hash',
  };

  const corpus = await loadTrainingCorpus({
    l3s: values.l3s,
    dragnet: values.dragnet,
    iana: values.iana,
    limit: numberOption(values.limit, 'limit'),
    holdoutPercent,
    minSitePages: settings.minSitePages,
    useCache: !values['no-cache'],
  }, log);
  const siteLevel = runSiteLevel(corpus, settings);
  const agreement = siteLevelAgreement(corpus.l3sTrain, siteLevel.labels);
  log(`SiteLevel: ${siteLevel.dragnetSites.length} Dragnet and ${siteLevel.l3sSites.length} L3S training sites ` +
    `labelled; agreement with people on ${agreement.nodes} L3S nodes ${agreement.agreement.toFixed(3)} ` +
    `(template precision ${agreement.precision.toFixed(3)}, recall ${agreement.recall.toFixed(3)})`);
  if ((labels !== 'l3s' || values.ablation) && siteLevel.labels.size === 0) {
    log('warning: no site has enough pages for SiteLevel labels (give --dragnet, or lower --min-site-pages)');
  }

  const command = `npx winnow train ${args.join(' ')}`.trim();
  const training = { command, data: dataLine(corpus, siteLevel, labels, holdoutPercent), date: new Date().toISOString().slice(0, 10) };
  const held = evaluationRows(corpus, siteLevel);
  const variants = values.ablation ? [...LABEL_VARIANTS] : [labels];
  const results: VariantResult[] = [];
  for (const v of variants) {
    if (v !== 'l3s' && siteLevel.labels.size === 0) continue;
    const r = fitVariant(v, corpus, siteLevel, held, { l2, training });
    results.push(r);
    report(r);
  }
  const chosen = results.find((r) => r.variant === labels);
  if (!chosen) throw new Error(`no training data for --labels ${labels}`);

  await mkdir(dirname(values.out), { recursive: true });
  await writeFile(values.out, `${JSON.stringify(chosen.weights, null, 1)}\n`);
  const cardPath = values.out.replace(/\.json$/, '.md');
  await writeFile(cardPath, formatModelCard({
    chosen,
    ablation: values.ablation ? results : undefined,
    testRows: held.l3sTest,
    ianaRows: held.iana,
    split: splitLines(corpus, holdoutPercent),
    siteLevel: siteLevel.labels.size && (values.ablation || labels !== 'l3s') ? { settings, run: siteLevel, agreement } : undefined,
    failed: corpus.failed.length,
    minutes: (Date.now() - started) / 60_000,
    captureStats: corpus.captureStats,
  }));
  log(`wrote ${values.out} and ${cardPath} (labels: ${chosen.variant}) in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  return 0;
}

function dataLine(c: TrainingCorpus, s: SiteLevelRun, labels: LabelVariant, holdoutPercent: number): string {
  const l3s = `L3S-GN1: ${c.l3sTrain.length} training pages, ${c.l3sTest.length} held out by site ` +
    `(${holdoutPercent}% of sites by hash)`;
  if (labels === 'l3s') return `${l3s}; human labels (x-nc-sel0/4 template, 1/2/3/5 content)`;
  const dragnetPages = s.dragnetSites.reduce((n, x) => n + x.pages, 0);
  const l3sSitePages = s.l3sSites.reduce((n, x) => n + x.pages, 0);
  return `${l3s}; SiteLevel labels on ${dragnetPages} pages of ${s.dragnetSites.length} Dragnet training sites and ` +
    `${l3sSitePages} pages of ${s.l3sSites.length} L3S training sites` +
    (labels === 'both' ? '; human labels on every L3S training page' : '');
}

function splitLines(c: TrainingCorpus, holdoutPercent: number): string[] {
  const sites = (pages: TrainingCorpus['l3sTest']) => new Set(pages.map((p) => p.page.site)).size;
  const lines = [
    `L3S-GN1: sites whose FNV-1a hash mod 100 is below ${holdoutPercent} are held out: ${c.l3sTest.length} pages of ` +
      `${sites(c.l3sTest)} sites (every variant is measured on them); ${c.l3sTrain.length} pages of ` +
      `${sites(c.l3sTrain)} sites for training`,
  ];
  if (c.counts.dragnetTrain || c.dragnetHeldOutSites.length) {
    lines.push(`Dragnet: the same hash rule at ${DRAGNET_HOLDOUT_PERCENT}% holds out ${c.dragnetHeldOutSites.length} ` +
      `sites, reserved for the content evaluation and never loaded here (${c.dragnetHeldOutSites.join(', ')}); ` +
      `${c.dragnetTrain.length} pages of ${sites(c.dragnetTrain)} training sites captured`);
  }
  if (c.counts.iana) lines.push(`iana: all ${c.iana.length} pages held out (never trained on)`);
  return lines;
}

function choice<T extends string>(value: string | undefined, name: string, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got '${value}'`);
  return value as T;
}

function report(r: VariantResult): void {
  log(`[${r.variant}] ${r.trainRows.labels.length} training rows, fitted in ${r.fitSeconds.toFixed(1)} s`);
  log(`[${r.variant}] held-out nodes: ${r.evaluation.summary}`);
  for (const t of r.templateEval) {
    log(`[${r.variant}] held-out ${t.method}${t.delta === undefined ? '' : ` (δ ${t.delta})`}: text F ` +
      `${t.text.f.toFixed(3)}, anchor text F ${t.anchorText.f.toFixed(3)}, links F ${t.links.f.toFixed(3)}`);
  }
  if (r.iana) log(`[${r.variant}] iana vs SiteLevel: ${r.iana.summary}`);
}

function log(line: string): void {
  console.error(`train: ${line}`);
}
