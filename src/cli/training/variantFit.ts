import { trainBucketedModel } from '../../model/bucketedModel.ts';
import { parseModelWeights, type StoredModelWeights } from '../../model/weights.ts';
import { FEATURE_SCHEMA } from '../../features/featureSchema.ts';
import { buildTrainingRows, type TrainingRows } from './trainingRows.ts';
import { evaluateModel, type ModelEvaluation } from './modelCard.ts';
import { heldOutTemplateEval, type TemplateEvalRow } from './heldOutTemplateEval.ts';
import { variantTrainingPages, type LabelVariant, type SiteLevelRun } from './labelVariants.ts';
import type { TrainingCorpus } from './trainingCorpus.ts';

export interface VariantResult {
  variant: LabelVariant;
  weights: StoredModelWeights;
  trainRows: TrainingRows;
  /** Held-out L3S sites, human labels, classifier alone. */
  evaluation: ModelEvaluation;
  /** Held-out L3S sites, 000 §6.1 measures. */
  templateEval: TemplateEvalRow[];
  /** iana (held out), against its own SiteLevel labels; absent without --iana. */
  iana?: ModelEvaluation;
  fitSeconds: number;
}

/** Rows every variant is measured on: the held-out L3S pages with their human labels, and iana's SiteLevel rows. */
export interface EvaluationRows {
  l3sTest: TrainingRows;
  iana?: TrainingRows;
}

export function evaluationRows(corpus: TrainingCorpus, siteLevel: SiteLevelRun): EvaluationRows {
  const ianaPages = corpus.iana.flatMap((c) => {
    const labels = siteLevel.ianaLabels.get(c.page.id);
    return labels ? [{ snapshot: c.snapshot, labels }] : [];
  });
  return {
    l3sTest: buildTrainingRows(corpus.l3sTest),
    iana: ianaPages.length ? buildTrainingRows(ianaPages) : undefined,
  };
}

/**
 * Fits the four area-bucket models (000 §5.2) on one variant's labels and measures them on the shared held-out rows.
 * Deterministic: rows come in corpus order and Newton's method has no random start.
 */
export function fitVariant(variant: LabelVariant, corpus: TrainingCorpus, siteLevel: SiteLevelRun, held: EvaluationRows,
  o: { l2: number; training: StoredModelWeights['training'] }): VariantResult {
  const trainRows = buildTrainingRows(variantTrainingPages(variant, corpus, siteLevel));
  const t0 = performance.now();
  const fitted = trainBucketedModel(trainRows.features, trainRows.labels, trainRows.areaFractions,
    { l2: o.l2, balanceClasses: true });
  const fitSeconds = (performance.now() - t0) / 1000;
  const weights: StoredModelWeights = {
    format: 'winnow-lr-buckets',
    formatVersion: 1,
    featureSchema: { ...FEATURE_SCHEMA, features: [...FEATURE_SCHEMA.features] },
    bucketBounds: fitted.bounds,
    models: fitted.models,
    training: o.training,
  };
  const parsed = parseModelWeights(weights, FEATURE_SCHEMA);
  return {
    variant,
    weights,
    trainRows,
    evaluation: evaluateModel(weights, held.l3sTest),
    templateEval: heldOutTemplateEval(corpus.l3sTest, parsed),
    iana: held.iana ? evaluateModel(weights, held.iana) : undefined,
    fitSeconds,
  };
}
