import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseCommandArgs, numberOption, UsageError } from '../args.ts';
import { DEFAULT_MODEL_PATH, loadModel } from '../modelFile.ts';
import { oneLine } from '../analyzeFiles.ts';
import { loadTrainingCorpus, type TrainingCorpus } from '../training/trainingCorpus.ts';
import { formatModelCard } from '../training/modelCard.ts';
import { DEFAULT_SITE_LEVEL_SETTINGS, type SiteLevelSettings } from '../training/siteLevelTraining.ts';
import { siteLevelAgreement } from '../training/siteLevelAgreement.ts';
import {
  isLabelVariant, LABEL_VARIANTS, runSiteLevel, usesGoldLabels, type LabelVariant, type SiteLevelRun,
} from '../training/labelVariants.ts';
import {
  evaluationRows, fitVariant, measureWeights, type EvaluationRows, type VariantResult,
} from '../training/variantFit.ts';
import { DRAGNET_HOLDOUT_PERCENT } from '../training/dragnetPages.ts';
import { WCXB_HOLDOUT_PERCENT } from '../evaluation/scrapinghubPages.ts';
import { isWeighting, WEIGHTINGS, type Weighting } from '../training/rowWeights.ts';
import { alignmentAgreement, MIN_GOLD_FOUND } from '../training/goldLabelling.ts';
import { DEFAULT_GOLD_ALIGNMENT } from '../../eval/goldAlignment.ts';
import { fitName, type ComparedModel } from '../training/modelCardSources.ts';

/**
 * The variant `--labels` defaults to: the one the shipped weights were fitted with (public/model/*.md), L3S people's
 * labels plus gold-aligned Dragnet and wcxb-dev training sites; it needs --dragnet or --wcxb (`--labels l3s` fits on
 * people's labels alone, as before v3).
 */
export const BEST_LABEL_VARIANT: LabelVariant = 'all';

/** `--weighting` when not given: every row alike, so `train … --labels l3s` still reproduces the L3S-only weights. */
export const DEFAULT_WEIGHTING: Weighting = 'row';

/**
 * Fits the four area-bucket logistic models on human labels (L3S-GN1), on SiteLevel(θ) labels computed over many
 * pages of the same sites (Dragnet, and L3S's multi-page sites), on labels from gold main texts aligned with the page
 * (Dragnet, wcxb-dev), or on combinations, all captured through the capture code the extension uses. Whole sites are
 * held out per dataset; every variant, the L3S-only fit and the shipped weights (or --baseline PATH)
 * are measured on the same held-out sites of every dataset given. Writes the weights plus a model card beside them.
 */
export async function runTrain(args: string[]): Promise<number> {
  const started = Date.now();
  const { values } = parseCommandArgs(args, {
    l3s: { type: 'string' },
    dragnet: { type: 'string' },
    wcxb: { type: 'string' },
    iana: { type: 'string' },
    labels: { type: 'string' },
    weighting: { type: 'string' },
    baseline: { type: 'string' },
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
  const weighting = values.weighting ?? DEFAULT_WEIGHTING;
  if (!isWeighting(weighting)) throw new UsageError(`--weighting must be one of ${WEIGHTINGS.join(', ')}, got '${weighting}'`);
  if (usesGoldLabels(labels) && !values.dragnet && !values.wcxb) {
    throw new UsageError(`--labels ${labels} needs --dragnet PATH or --wcxb PATH (the gold-aligned sources)`);
  }
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
    wcxb: values.wcxb,
    iana: values.iana,
    limit: numberOption(values.limit, 'limit'),
    holdoutPercent,
    minSitePages: settings.minSitePages,
    goldLabels: usesGoldLabels(labels) || Boolean(values.ablation) || Boolean(values.wcxb),
    useCache: !values['no-cache'],
  }, log);
  log(`capture: ${(corpus.captureSeconds / 60).toFixed(1)} min (${corpus.captureStats.rendered} rendered, ` +
    `${corpus.captureStats.cached} from the cache)`);
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
  const hasGold = corpus.dragnetGoldTrain.length + corpus.wcxbTrain.length > 0;
  // The chosen fit first, then the L3S-only fits it is compared with (the old labels, with the old recipe and with
  // this weighting), then the ablation's.
  const plan: Array<{ variant: LabelVariant; weighting: Weighting }> = [
    { variant: labels, weighting }, { variant: 'l3s', weighting: 'row' }, { variant: 'l3s', weighting },
  ];
  if (values.ablation) {
    for (const v of LABEL_VARIANTS) plan.push({ variant: v, weighting });
    for (const w of WEIGHTINGS) plan.push({ variant: 'all', weighting: w });
  }
  const results: VariantResult[] = [];
  for (const p of plan) {
    if (results.some((r) => r.variant === p.variant && r.weighting === p.weighting)) continue;
    if (p.variant !== 'l3s' && p.variant !== labels && (usesGoldLabels(p.variant) ? !hasGold : siteLevel.labels.size === 0)) continue;
    const r = fitVariant(p.variant, corpus, siteLevel, held, { l2, weighting: p.weighting, training });
    results.push(r);
    report(r, held);
  }
  const chosen = results[0];

  const baseline = await readBaseline(values.baseline ?? DEFAULT_MODEL_PATH, corpus, held);
  // Old to new: the shipped weights, the L3S-only fits, then the others (the chosen one among them).
  const fits = [...results.filter((r) => r.variant === 'l3s'), ...results.filter((r) => r.variant !== 'l3s')];
  const compared: ComparedModel[] = [
    ...(baseline ? [baseline] : []),
    ...fits.map((r) => ({ name: r === chosen ? `${fitName(r)}, these weights` : fitName(r), measurement: r })),
  ];
  const gold = hasGold ? {
    options: DEFAULT_GOLD_ALIGNMENT,
    minGoldFound: MIN_GOLD_FOUND,
    pages: {
      dragnetTrain: corpus.dragnetGoldTrain.length, dragnetTest: corpus.dragnetGoldTest.length,
      wcxbTrain: corpus.wcxbTrain.length, wcxbTest: corpus.wcxbTest.length,
    },
    skipped: corpus.goldSkipped,
    agreement: alignmentAgreement(corpus.l3sTrain),
  } : undefined;
  if (gold) {
    log(`gold alignment vs people on L3S training pages: ${gold.agreement.bothNodes} of ${gold.agreement.humanNodes} ` +
      `nodes labelled, agreement ${gold.agreement.agreement.toFixed(3)}`);
  }

  await mkdir(dirname(values.out), { recursive: true });
  await writeFile(values.out, `${JSON.stringify(chosen.weights, null, 1)}\n`);
  const cardPath = values.out.replace(/\.json$/, '.md');
  await writeFile(cardPath, formatModelCard({
    chosen,
    ablation: values.ablation ? results : undefined,
    compared,
    heldOutSets: held.sets,
    gold,
    testRows: held.l3sTest,
    ianaRows: held.iana,
    split: splitLines(corpus, holdoutPercent),
    siteLevel: siteLevel.labels.size && (values.ablation || labels === 'sitelevel' || labels === 'both')
      ? { settings, run: siteLevel, agreement } : undefined,
    failed: corpus.failed.length,
    minutes: (Date.now() - started) / 60_000,
    captureStats: corpus.captureStats,
    captureMinutes: corpus.captureSeconds / 60,
  }));
  log(`wrote ${values.out} and ${cardPath} (labels: ${chosen.variant}, weighting: ${chosen.weighting}) in ` +
    `${((Date.now() - started) / 60_000).toFixed(1)} min`);
  return 0;
}

/**
 * The shipped weights (or --baseline PATH) measured on the same held-out sets, read before anything is written, so the
 * card says what replacing them would change. Skipped, with a note, when they do not fit the current feature schema.
 */
async function readBaseline(path: string, corpus: TrainingCorpus, held: EvaluationRows): Promise<ComparedModel | undefined> {
  if (!existsSync(path)) return undefined;
  try {
    const { json } = await loadModel(path);
    const name = resolve(path) === DEFAULT_MODEL_PATH ? 'shipped' : `weights in ${path}`;
    const measurement = measureWeights(json, corpus, held);
    log(`[${name}] held-out: ${held.sets.map((s, k) => `${s.name} AUC ${measurement.heldOut[k].auc.toFixed(3)}`).join(', ')}`);
    return { name, measurement };
  } catch (e) {
    log(`not comparing with ${path}: ${oneLine(e)}`);
    return undefined;
  }
}

function dataLine(c: TrainingCorpus, s: SiteLevelRun, labels: LabelVariant, holdoutPercent: number): string {
  const l3s = `L3S-GN1: ${c.l3sTrain.length} training pages, ${c.l3sTest.length} held out by site ` +
    `(${holdoutPercent}% of sites by hash)`;
  const human = `${l3s}; human labels (x-nc-sel0/4 template, 1/2/3/5 content)`;
  if (labels === 'l3s') return human;
  const gold = `gold-aligned labels on ${c.dragnetGoldTrain.length} pages of Dragnet training sites and ` +
    `${c.wcxbTrain.length} pages of wcxb-dev training sites`;
  if (labels === 'gold') return `${gold} (L3S-GN1 only measured on)`;
  if (labels === 'all') return `${human}; ${gold}`;
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
  if (c.counts.dragnetTest) {
    lines.push(`Dragnet: the same hash rule at ${DRAGNET_HOLDOUT_PERCENT}% (the content evaluation's) holds out ` +
      `${c.dragnetHeldOutSites.length} sites, measured on and never trained on: ${c.counts.dragnetTest} pages ` +
      `(${c.dragnetHeldOutSites.join(', ')}); ${c.dragnetTrain.length} pages of ${sites(c.dragnetTrain)} training ` +
      'sites captured; the pages sites.json assigns to no site are not used (the content evaluation has them)');
  } else if (c.counts.dragnetTrain || c.dragnetHeldOutSites.length) {
    lines.push(`Dragnet: the same hash rule at ${DRAGNET_HOLDOUT_PERCENT}% holds out ${c.dragnetHeldOutSites.length} ` +
      `sites, reserved for the content evaluation and never loaded here (${c.dragnetHeldOutSites.join(', ')}); ` +
      `${c.dragnetTrain.length} pages of ${sites(c.dragnetTrain)} training sites captured`);
  }
  if (c.counts.wcxbTrain || c.counts.wcxbTest) {
    const goldSites = (pages: TrainingCorpus['wcxbTest']) => new Set(pages.map((p) => p.page.site)).size;
    lines.push(`wcxb-dev: its fixed split holds out ${WCXB_HOLDOUT_PERCENT}% of hosts by the same hash: ` +
      `${c.counts.wcxbTest} pages (${c.wcxbTest.length} with gold labels, of ${goldSites(c.wcxbTest)} sites) measured on; ` +
      `${c.counts.wcxbTrain} pages (${c.wcxbTrain.length} with gold labels, of ${goldSites(c.wcxbTrain)} sites) for training`);
  }
  if (c.counts.iana) lines.push(`iana: all ${c.iana.length} pages held out (never trained on)`);
  return lines;
}

function choice<T extends string>(value: string | undefined, name: string, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got '${value}'`);
  return value as T;
}

function report(r: VariantResult, held: EvaluationRows): void {
  const name = fitName(r);
  log(`[${name}] ${r.trainRows.labels.length} training rows, fitted in ${r.fitSeconds.toFixed(1)} s`);
  held.sets.forEach((s, k) => log(`[${name}] ${s.name}: ${r.heldOut[k].summary}`));
  for (const t of r.templateEval) {
    log(`[${name}] held-out L3S ${t.method}${t.delta === undefined ? '' : ` (δ ${t.delta})`}: text F ` +
      `${t.text.f.toFixed(3)}, anchor text F ${t.anchorText.f.toFixed(3)}, links F ${t.links.f.toFixed(3)}`);
  }
  if (r.iana) log(`[${name}] iana vs SiteLevel: ${r.iana.summary}`);
}

function log(line: string): void {
  console.error(`train: ${line}`);
}
