/**
 * "Improve the model with my labels": every kept label with feature rows (set in inspect mode on a page that ran;
 * imported labels have none until their page runs), fitted with the bundled model's training prior
 * (src/model/personalFit.ts, given as `fit`), kept as the personal model. It runs in the background, on this machine:
 * the fit takes the prior's curvature and the labels' rows, never any data from elsewhere.
 */
import { FEATURE_COUNT } from '../../src/features/featureSchema.ts';
import type { ModelPrior } from '../../src/model/modelPrior.ts';
import type { LabelledRows, fitPersonalModel } from '../../src/model/personalFit.ts';
import type { StoredModelWeights } from '../../src/model/weights.ts';
import { TOO_FEW_LABELS, type PageLabels, type PersonalModelInfo } from '../shared/labelsApi.ts';
import { personalVersionOf, type PersonalModelStore } from './personalModelStore.ts';

export { TOO_FEW_LABELS };

/** The kept labels that can train: with feature rows of this build's width (older rows are left out, not guessed). */
export function trainingRowsOf(pages: readonly PageLabels[]): LabelledRows[] {
  return pages.flatMap((page) => page.segments.flatMap((s) => {
    const rows = s.rows;
    if (rows === null || rows.features.length === 0 || rows.features.some((r) => r.length !== FEATURE_COUNT)) return [];
    return [{ page: page.url, label: s.record.label, features: rows.features, areaFractions: rows.areaFractions }];
  }));
}

/** Why these rows cannot fit a model yet (both labels, two pages), or null. */
export function tooFewLabels(rows: readonly LabelledRows[]): string | null {
  const pages = new Set(rows.map((r) => r.page));
  const both = rows.some((r) => r.label === 'template') && rows.some((r) => r.label === 'content');
  return both && pages.size >= 2 ? null : TOO_FEW_LABELS;
}

export interface ImproveDeps {
  pages(): Promise<PageLabels[]>;
  bundled(): Promise<{ json: unknown; version: string }>;
  /** The bundled model's prior file, parsed for these weights. */
  prior(weights: StoredModelWeights): Promise<ModelPrior>;
  fit: typeof fitPersonalModel;
  store: PersonalModelStore;
}

export async function improveModel(deps: ImproveDeps): Promise<PersonalModelInfo> {
  const rows = trainingRowsOf(await deps.pages());
  const tooFew = tooFewLabels(rows);
  if (tooFew) throw new Error(tooFew);
  const bundled = await deps.bundled();
  const weights = bundled.json as StoredModelWeights;
  const { model, info } = deps.fit(weights, await deps.prior(weights), rows);
  // Whatever the fit calls it, what is kept and shown says it is personal and which bundled model it grew from.
  const version = info.version.includes('personal') ? info.version : personalVersionOf(bundled.version, info.trainedAt);
  const kept = { weights: model, info: { ...info, version } };
  await deps.store.save(kept);
  return kept.info;
}
