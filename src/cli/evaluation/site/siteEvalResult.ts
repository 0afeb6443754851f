/**
 * What a run of `winnow eval --dataset site` hands its report: the measured cells per dataset, what was run, and the
 * stacked model's fit. Types only, so the report and its sections (siteEvalSweep.ts, siteFeatureReport.ts) share them
 * without importing each other.
 */
import type { SitePriorSettings } from '../../../site/memory/sitePrior.ts';
import type { SiteCell } from './siteEvalMeasure.ts';
import type { StackedSiteModel } from './siteFeatureModel.ts';

export interface SiteDatasetResult {
  /** Short name, used in file names: `iana`, `dragnet`, `l3s`. */
  name: string;
  /** One line: what the sites are. */
  title: string;
  /** What the reference template terms are and why. */
  reference: string;
  cells: SiteCell[];
}

export interface SiteReportContext {
  command: string;
  modelPath: string;
  pipeline: { penaltyFactor: number; threshold: number };
  draws: number;
  sizes: readonly number[];
  memoryLimits: { siteLevelPages: number; skeletonPages: number; blockBytes: number };
  /** The prior the command line and the extension use now (SITE_PRIOR_DEFAULTS). */
  shippedPrior: SitePriorSettings;
  /** The rule × strength sweep (with the shipped pull down). */
  priors: readonly SitePriorSettings[];
  /** The down × minPagesSeen sweep (with the shipped rule and strength; down 0 is the one-sided prior). */
  downGrid: readonly SitePriorSettings[];
  /** Lines on sites that were looked at and left out (and why). */
  notes: string[];
  failed: Array<{ id: string; reason: string }>;
  capture: { rendered: number; cached: number };
  seconds: { capture: number; measure: number; total: number };
  /** Site evidence as a feature: the stacked model's fit; absent when it was not measured. */
  feature?: SiteFeatureSummary;
}

/** What the report needs to know of the stacked model's fit (siteFeatureTrainingSet.ts). */
export interface SiteFeatureSummary {
  model: StackedSiteModel;
  sites: Array<{ site: string; pages: number }>;
  rows: number;
  templateRows: number;
  pages: number;
  pagesWithEvidence: number;
  seconds: number;
}
