/**
 * The training sites of the stacked site-feature model: L3S-GN1's *training* sites (the shipped model's split,
 * l3sEvalSet.ts) with at least three pages — human node labels, and never a site `winnow eval --dataset site`
 * measures. Dragnet's training sites are not used: their gold is text, with no node labels to fit on. Captured
 * through the training capture and its cache, classified by the shipped model.
 */
import { sharedDataset } from '../../datasets/dataPaths.ts';
import { captureLabelledPages } from '../../datasets/captureLabelled.ts';
import { L3S_HOLDOUT_PERCENT, loadL3sPages } from '../../datasets/l3sPages.ts';
import { splitBySite } from '../../datasets/siteSplit.ts';
import type { LabelledPage } from '../../datasets/labelledPage.ts';
import { classifyPage } from '../../../pipeline/runPipeline.ts';
import type { ModelWeights } from '../../../model/weights.ts';
import { L3S_FALLBACK_MIN_PAGES } from './siteEvalSets.ts';
import { fitStackedSiteModel, siteFeatureTrainingRows, type SiteFeatureTrainingSite } from './siteFeatureTraining.ts';
import type { StackedSiteModel } from './siteFeatureModel.ts';
import type { LogisticFit } from '../../../model/logisticRegression.ts';

export interface StackedTraining {
  model: StackedSiteModel;
  fit: LogisticFit;
  /** Sites trained on, with the pages of each that captured. */
  sites: Array<{ site: string; pages: number }>;
  rows: number;
  templateRows: number;
  pages: number;
  pagesWithEvidence: number;
  failed: Array<{ id: string; reason: string }>;
  seconds: number;
}

export async function trainStackedSiteModel(weights: ModelWeights, log: (s: string) => void): Promise<StackedTraining> {
  const started = Date.now();
  const l3s = await loadL3sPages(sharedDataset('l3s-gn1'));
  const { train } = splitBySite(l3s, L3S_HOLDOUT_PERCENT);
  const bySite = new Map<string, LabelledPage[]>();
  for (const p of train) bySite.set(p.site, [...(bySite.get(p.site) ?? []), p]);
  const chosen = [...bySite].filter(([, pages]) => pages.length >= L3S_FALLBACK_MIN_PAGES)
    .sort(([a], [b]) => a.localeCompare(b));
  const captured = await captureLabelledPages(chosen.flatMap(([, pages]) => pages), { useCache: true, log });
  const byId = new Map(captured.map((c) => [c.page.id, c]));
  const failed: StackedTraining['failed'] = [];
  const sites: SiteFeatureTrainingSite[] = [];
  for (const [site, pages] of chosen) {
    const ok: SiteFeatureTrainingSite['pages'] = [];
    for (const p of [...pages].sort((a, b) => a.id.localeCompare(b.id))) {
      const c = byId.get(p.id)!;
      if ('error' in c) failed.push({ id: p.id, reason: `capture failed: ${c.error}` });
      else ok.push({ snapshot: c.snapshot, scores: classifyPage(c.snapshot, weights).scores, labels: c.labels });
    }
    // One page alone has no other page to learn evidence from.
    if (ok.length >= 2) sites.push({ site, pages: ok });
  }
  const rows = siteFeatureTrainingRows(sites);
  const { model, fit } = fitStackedSiteModel(rows);
  const templateRows = rows.labels.reduce((sum, y) => sum + y, 0);
  log(`stacked site feature: ${sites.length} L3S training sites, ${rows.pages} pages (${rows.pagesWithEvidence} with ` +
    `evidence), ${rows.rows} labelled nodes`);
  return {
    model, fit, rows: rows.rows, templateRows, pages: rows.pages, pagesWithEvidence: rows.pagesWithEvidence, failed,
    sites: sites.map((s) => ({ site: s.site, pages: s.pages.length })), seconds: (Date.now() - started) / 1000,
  };
}
