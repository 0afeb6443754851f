/**
 * Fits the stacked model of site evidence as a feature (siteFeatureModel.ts) on training sites: every labelled node
 * the pipeline classifies becomes a row of siteFeatureVector.ts's features, its evidence computed by a fresh site
 * memory that remembered the *other* pages of the site, in a seeded order (a page never votes for itself, as in the
 * eval). The label is the human node label (1 template, 0 content). Pure: pages arrive captured and classified.
 */
import { fitLogistic, type LogisticFit } from '../../../model/logisticRegression.ts';
import type { PageSnapshot } from '../../../snapshot/pageSnapshot.ts';
import { SiteMemory } from '../../../site/memory/siteMemory.ts';
import { fnv1a } from '../../datasets/siteSplit.ts';
import { classifiedNodes } from '../classifiedNodes.ts';
import { stackedFromFit, type StackedSiteModel } from './siteFeatureModel.ts';
import { SITE_FEATURE_COUNT, siteFeatureRows, usableEvidence } from './siteFeatureVector.ts';
import { drawSample } from './siteEvalSampling.ts';

export interface SiteFeatureTrainingPage {
  snapshot: PageSnapshot;
  /** The page level's scores (classifyPage). */
  scores: Float64Array;
  /** Per node: 1 template, 0 content, −1 unlabelled. */
  labels: Int8Array;
}

export interface SiteFeatureTrainingSite {
  site: string;
  pages: SiteFeatureTrainingPage[];
}

export interface SiteFeatureRows {
  rows: number;
  data: Float64Array;
  labels: Uint8Array;
  /** Pages whose memory gave usable evidence (the others only teach the page-level terms). */
  pagesWithEvidence: number;
  pages: number;
}

/** L2 penalty of the stacked fit: six coefficients on tens of thousands of rows, so it only keeps Newton stable. */
export const STACKED_L2 = 1;

/** The memory of a site's other pages remembers them in this order: a seeded shuffle, the same on every run. */
export function rememberOrder(site: string, count: number): number[] {
  return drawSample(count, count, fnv1a(`stacked|${site}`)).sample;
}

export function siteFeatureTrainingRows(sites: readonly SiteFeatureTrainingSite[]): SiteFeatureRows {
  const d = SITE_FEATURE_COUNT;
  const chunks: number[] = [];
  const labels: number[] = [];
  let pagesWithEvidence = 0;
  let pages = 0;
  for (const { site, pages: sitePages } of sites) {
    const order = rememberOrder(site, sitePages.length);
    for (let k = 0; k < sitePages.length; k++) {
      const page = sitePages[k];
      const memory = SiteMemory.create();
      for (const j of order) if (j !== k) memory.remember(sitePages[j].snapshot);
      const evidence = usableEvidence(page.snapshot, memory.evidence(page.snapshot));
      if (evidence) pagesWithEvidence++;
      pages++;
      const rows = siteFeatureRows(page.snapshot, page.scores, evidence);
      for (const i of classifiedNodes(page.snapshot)) {
        if (page.labels[i] < 0) continue;
        for (let j = 0; j < d; j++) chunks.push(rows[i * d + j]);
        labels.push(page.labels[i]);
      }
    }
  }
  return { rows: labels.length, data: Float64Array.from(chunks), labels: Uint8Array.from(labels), pagesWithEvidence, pages };
}

export function fitStackedSiteModel(rows: SiteFeatureRows): { model: StackedSiteModel; fit: LogisticFit } {
  const fit = fitLogistic({ rows: rows.rows, cols: SITE_FEATURE_COUNT, data: rows.data }, rows.labels, { l2: STACKED_L2 });
  return { model: stackedFromFit(fit), fit };
}
