import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { DEFAULT_MODEL_PATH, loadModel } from '../modelFile.ts';
import { oneLine } from '../browser/oneLine.ts';
import { DEFAULT_GOLD_ALIGNMENT } from '../../eval/goldAlignment.ts';
import { loadTrainingCorpus, type CorpusSources, type TrainingCorpus } from './trainingCorpus.ts';
import { formatModelCard } from './modelCard.ts';
import type { SiteLevelSettings } from './siteLevelTraining.ts';
import { siteLevelAgreement } from './siteLevelAgreement.ts';
import { LABEL_VARIANTS, runSiteLevel, usesGoldLabels, type LabelVariant } from './labelVariants.ts';
import {
  evaluationRows, fitVariant, measureWeights, type EvaluationRows, type VariantResult,
} from './variantFit.ts';
import { WEIGHTINGS, type Weighting } from './rowWeights.ts';
import { alignmentAgreement, MIN_GOLD_FOUND } from './goldLabelling.ts';
import { fitName, type ComparedModel } from './modelCardSources.ts';
import { dataLine, splitLines } from './trainingSummary.ts';
import { trainingPrior } from './trainingPrior.ts';
import { priorFileName } from '../../model/modelPrior.ts';

/** What `winnow train` was asked for, its options checked. */
export interface TrainOptions {
  /** The datasets, as archives or unpacked folders; L3S-GN1 is always there. */
  sources: Pick<CorpusSources, 'l3s' | 'dragnet' | 'wcxb' | 'iana'>;
  labels: LabelVariant;
  weighting: Weighting;
  /** Percent of L3S-GN1's sites held out. */
  holdoutPercent: number;
  l2: number;
  settings: SiteLevelSettings;
  /** Only the first N pages of each set. */
  limit?: number;
  /** Fit every label variant and every weighting too, for the model card's ablation. */
  ablation: boolean;
  useCache: boolean;
  /** Weights the card compares with (the shipped ones unless --baseline). */
  baseline: string;
  /** Where the weights go; the model card goes beside them. */
  out: string;
  /** The command as typed, for the model card. */
  command: string;
}

/**
 * Fits the four area-bucket logistic models on human labels (L3S-GN1), on SiteLevel(θ) labels computed over many
 * pages of the same sites (Dragnet, and L3S's multi-page sites), on labels from gold main texts aligned with the page
 * (Dragnet, wcxb-dev), or on combinations, all captured through the capture code the extension uses. Whole sites are
 * held out per dataset; every variant, the L3S-only fit and the shipped weights (or --baseline PATH)
 * are measured on the same held-out sites of every dataset given. Writes the weights plus a model card beside them.
 */
export async function trainModel(o: TrainOptions, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const { labels, weighting, holdoutPercent, l2, settings } = o;
  const corpus = await loadTrainingCorpus({
    ...o.sources,
    limit: o.limit,
    holdoutPercent,
    minSitePages: settings.minSitePages,
    goldLabels: usesGoldLabels(labels) || o.ablation || Boolean(o.sources.wcxb),
    useCache: o.useCache,
  }, log);
  log(`capture: ${(corpus.captureSeconds / 60).toFixed(1)} min (${corpus.captureStats.rendered} rendered, ` +
    `${corpus.captureStats.cached} from the cache)`);
  const siteLevel = runSiteLevel(corpus, settings);
  const agreement = siteLevelAgreement(corpus.l3sTrain, siteLevel.labels);
  log(`SiteLevel: ${siteLevel.dragnetSites.length} Dragnet and ${siteLevel.l3sSites.length} L3S training sites ` +
    `labelled; agreement with people on ${agreement.nodes} L3S nodes ${agreement.agreement.toFixed(3)} ` +
    `(template precision ${agreement.precision.toFixed(3)}, recall ${agreement.recall.toFixed(3)})`);
  if ((labels !== 'l3s' || o.ablation) && siteLevel.labels.size === 0) {
    log('warning: no site has enough pages for SiteLevel labels (give --dragnet, or lower --min-site-pages)');
  }

  const training = { command: o.command, data: dataLine(corpus, siteLevel, labels, holdoutPercent), date: new Date().toISOString().slice(0, 10) };
  const held = evaluationRows(corpus, siteLevel);
  const hasGold = corpus.dragnetGoldTrain.length + corpus.wcxbTrain.length > 0;
  // The chosen fit first, then the L3S-only fits it is compared with (the old labels, with the old recipe and with
  // this weighting), then the ablation's.
  const plan: Array<{ variant: LabelVariant; weighting: Weighting }> = [
    { variant: labels, weighting }, { variant: 'l3s', weighting: 'row' }, { variant: 'l3s', weighting },
  ];
  if (o.ablation) {
    for (const v of LABEL_VARIANTS) plan.push({ variant: v, weighting });
    for (const w of WEIGHTINGS) plan.push({ variant: 'all', weighting: w });
  }
  const results: VariantResult[] = [];
  for (const p of plan) {
    if (results.some((r) => r.variant === p.variant && r.weighting === p.weighting)) continue;
    if (p.variant !== 'l3s' && p.variant !== labels && (usesGoldLabels(p.variant) ? !hasGold : siteLevel.labels.size === 0)) continue;
    const r = fitVariant(p.variant, corpus, siteLevel, held, { l2, weighting: p.weighting, training });
    results.push(r);
    report(r, held, log);
  }
  const chosen = results[0];

  const baseline = await readBaseline(o.baseline, corpus, held, log);
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

  // The weights' prior, what personal models start from (src/model/modelPrior.ts): the same rows, weights and l2.
  // Computed before anything is written: a prior that cannot be made must not leave new weights without their prior.
  const rows = chosen.trainRows;
  const prior = trainingPrior(rows.features, rows.labels, rows.areaFractions, chosen.rowWeights, chosen.weights, chosen.l2);
  const priorText = `${JSON.stringify(prior.prior)}\n`;
  await mkdir(dirname(o.out), { recursive: true });
  await writeFile(o.out, `${JSON.stringify(chosen.weights, null, 1)}\n`);
  await writeFile(priorFileName(o.out), priorText);
  log(`wrote ${priorFileName(o.out)} (${priorText.length} bytes) in ${prior.seconds.toFixed(1)} s; relative gradient at the ` +
    `weights per bucket ${prior.relativeGradients.map((g) => g.toExponential(1)).join(', ')}`);
  const cardPath = o.out.replace(/\.json$/, '.md');
  await writeFile(cardPath, formatModelCard({
    chosen,
    ablation: o.ablation ? results : undefined,
    compared,
    heldOutSets: held.sets,
    gold,
    testRows: held.l3sTest,
    ianaRows: held.iana,
    split: splitLines(corpus, holdoutPercent),
    siteLevel: siteLevel.labels.size && (o.ablation || labels === 'sitelevel' || labels === 'both')
      ? { settings, run: siteLevel, agreement } : undefined,
    failed: corpus.failed.length,
    minutes: (Date.now() - started) / 60_000,
    captureStats: corpus.captureStats,
    captureMinutes: corpus.captureSeconds / 60,
  }));
  log(`wrote ${o.out} and ${cardPath} (labels: ${chosen.variant}, weighting: ${chosen.weighting}) in ` +
    `${((Date.now() - started) / 60_000).toFixed(1)} min`);
}

/**
 * The shipped weights (or --baseline PATH) measured on the same held-out sets, read before anything is written, so the
 * card says what replacing them would change. Skipped, with a note, when they do not fit the current feature schema.
 */
async function readBaseline(path: string, corpus: TrainingCorpus, held: EvaluationRows, log: (line: string) => void):
  Promise<ComparedModel | undefined> {
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

function report(r: VariantResult, held: EvaluationRows, log: (line: string) => void): void {
  const name = fitName(r);
  log(`[${name}] ${r.trainRows.labels.length} training rows, fitted in ${r.fitSeconds.toFixed(1)} s`);
  held.sets.forEach((s, k) => log(`[${name}] ${s.name}: ${r.heldOut[k].summary}`));
  for (const t of r.templateEval) {
    log(`[${name}] held-out L3S ${t.method}${t.delta === undefined ? '' : ` (δ ${t.delta})`}: text F ` +
      `${t.text.f.toFixed(3)}, anchor text F ${t.anchorText.f.toFixed(3)}, links F ${t.links.f.toFixed(3)}`);
  }
  if (r.iana) log(`[${name}] iana vs SiteLevel: ${r.iana.summary}`);
}
