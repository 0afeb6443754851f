import { parseModelWeights, type StoredModelWeights } from '../../model/weights.ts';
import { FEATURE_SCHEMA } from '../../features/featureSchema.ts';
import { buildTrainingRows, type TrainingRows } from './trainingRows.ts';
import { evaluateModel, type ModelEvaluation } from './modelEvaluation.ts';
import { heldOutTemplateEval, type TemplateEvalRow } from '../evaluation/segmentation/heldOutTemplateEval.ts';
import { variantTrainingPages, type LabelVariant, type SiteLevelRun } from './labelVariants.ts';
import { rowWeights, type Weighting } from './rowWeights.ts';
import { trainWeightedBucketedModel } from './weightedBucketFit.ts';
import type { TrainingCorpus } from './trainingCorpus.ts';
import type { GoldLabelledPage } from './goldLabelling.ts';

/** What one set of weights scores on the held-out pages. */
export interface Measurement {
  /** Held-out L3S sites, human labels, classifier alone. */
  evaluation: ModelEvaluation;
  /** Every held-out set (L3S, Dragnet, wcxb-dev and its page types), classifier alone; same order as EvaluationRows.sets. */
  heldOut: ModelEvaluation[];
  /** Held-out L3S sites, 000 §6.1 measures. */
  templateEval: TemplateEvalRow[];
  /** iana (held out), against its own SiteLevel labels; absent without --iana. */
  iana?: ModelEvaluation;
}

export interface VariantResult extends Measurement {
  variant: LabelVariant;
  weighting: Weighting;
  weights: StoredModelWeights;
  trainRows: TrainingRows;
  /** Each training row's weight before class balancing (rowWeights): the prior sums the same objective. */
  rowWeights: Float64Array;
  l2: number;
  fitSeconds: number;
}

/** A held-out set: pages of sites no variant is trained on, with the labels they are measured against. */
export interface HeldOutSet {
  name: string;
  /** 'people' (L3S's annotations) or 'gold-aligned' (src/eval/goldAlignment.ts). */
  labelledBy: 'people' | 'gold-aligned';
  rows: TrainingRows;
}

/** Rows every variant is measured on: held-out sites of every dataset, and iana's SiteLevel rows. */
export interface EvaluationRows {
  l3sTest: TrainingRows;
  sets: HeldOutSet[];
  iana?: TrainingRows;
}

export function evaluationRows(corpus: TrainingCorpus, siteLevel: SiteLevelRun): EvaluationRows {
  const ianaPages = corpus.iana.flatMap((c) => {
    const labels = siteLevel.ianaLabels.get(c.page.id);
    return labels ? [{ snapshot: c.snapshot, labels }] : [];
  });
  const l3sTest = buildTrainingRows(corpus.l3sTest);
  const sets: HeldOutSet[] = [{ name: 'L3S held-out sites', labelledBy: 'people', rows: l3sTest }];
  const gold = (name: string, pages: GoldLabelledPage[]) => {
    if (pages.length) sets.push({ name, labelledBy: 'gold-aligned', rows: buildTrainingRows(pages) });
  };
  gold('Dragnet held-out sites', corpus.dragnetGoldTest);
  gold('wcxb-dev held-out sites', corpus.wcxbTest);
  const types = new Map<string, GoldLabelledPage[]>();
  for (const p of corpus.wcxbTest) types.set(p.page.pageType, [...(types.get(p.page.pageType) ?? []), p]);
  const byCount = [...types].sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b));
  for (const [type, pages] of byCount) gold(`wcxb-dev held-out: ${type}`, pages);
  return { l3sTest, sets, iana: ianaPages.length ? buildTrainingRows(ianaPages) : undefined };
}

/** Measures one set of weights (fitted here, or the shipped ones) on every held-out set. */
export function measureWeights(weights: unknown, corpus: TrainingCorpus, held: EvaluationRows): Measurement {
  const parsed = parseModelWeights(weights, FEATURE_SCHEMA);
  return {
    evaluation: evaluateModel(weights, held.l3sTest),
    heldOut: held.sets.map((s) => evaluateModel(weights, s.rows)),
    templateEval: heldOutTemplateEval(corpus.l3sTest, parsed),
    iana: held.iana ? evaluateModel(weights, held.iana) : undefined,
  };
}

/**
 * Fits the four area-bucket models (000 §5.2) on one variant's labels and measures them on the shared held-out rows.
 * Deterministic: rows come in corpus order and Newton's method has no random start.
 */
export function fitVariant(variant: LabelVariant, corpus: TrainingCorpus, siteLevel: SiteLevelRun, held: EvaluationRows,
  o: { l2: number; weighting: Weighting; training: StoredModelWeights['training'] }): VariantResult {
  const pages = variantTrainingPages(variant, corpus, siteLevel);
  const trainRows = buildTrainingRows(pages);
  if (trainRows.labels.length === 0) throw new Error(`no training rows for --labels ${variant}`);
  const t0 = performance.now();
  const weightsOfRows = rowWeights(trainRows.pageOfRow, pages.map((p) => p.source), o.weighting);
  const fitted = trainWeightedBucketedModel(trainRows.features, trainRows.labels, trainRows.areaFractions, weightsOfRows,
    { l2: o.l2 });
  const fitSeconds = (performance.now() - t0) / 1000;
  const weights: StoredModelWeights = {
    format: 'winnow-lr-buckets',
    formatVersion: 1,
    featureSchema: { ...FEATURE_SCHEMA, features: [...FEATURE_SCHEMA.features] },
    bucketBounds: fitted.bounds,
    models: fitted.models,
    training: o.training,
  };
  return {
    variant, weighting: o.weighting, weights, trainRows, rowWeights: weightsOfRows, l2: o.l2, fitSeconds,
    ...measureWeights(weights, corpus, held),
  };
}
