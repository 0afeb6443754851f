/**
 * One page cleaned with the stacked site-feature model (siteFeatureModel.ts) in place of the site prior: its scores
 * go through the same isotonic smoothing and reader text as `cleanWithSiteEvidence` (siteClean.ts), so
 * the site eval compares the two on equal terms. Pure.
 */
import type { ClassifiedPage } from '../../../pipeline/runPipeline.ts';
import { smoothPage } from '../../../pipeline/runPipeline.ts';
import type { PipelineOptions } from '../../../pipeline/pipelineOptions.ts';
import { readerKeep } from '../../../reader/readerKeep.ts';
import { readerText } from '../../../reader/readerText.ts';
import type { SiteEvidence } from '../../../site/memory/siteEvidence.ts';
import { stackedScores, type StackedSiteModel, type StackedUse } from './siteFeatureModel.ts';
import { usableEvidence } from './siteFeatureVector.ts';

/** The reader text after the stacked model; null when the evidence is unusable (the page level's text stands). */
export function cleanWithStackedModel(classified: ClassifiedPage, evidence: SiteEvidence | null,
  model: StackedSiteModel, use: StackedUse, options: PipelineOptions): string | null {
  const s = classified.snapshot;
  const usable = usableEvidence(s, evidence);
  if (!usable) return null;
  const scores = stackedScores(model, s, classified.scores, usable, use);
  const smoothed = smoothPage({ ...classified, scores }, options);
  const keep = readerKeep(s, smoothed.values, options.threshold);
  return readerText(s, (i) => keep[i] === 0);
}
