import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { mergeLabels, siteLevelTrainingLabels, type SiteLevelSettings } from './siteLevelTraining.ts';
import type { CapturedOk, TrainingCorpus } from './trainingCorpus.ts';

/**
 * Where training labels come from: people (L3S), SiteLevel(θ) (000 §3 step 1), both, gold main texts aligned with
 * the page (Dragnet, wcxb-dev), or every labelled source.
 */
export const LABEL_VARIANTS = ['l3s', 'sitelevel', 'both', 'gold', 'all'] as const;
export type LabelVariant = (typeof LABEL_VARIANTS)[number];

/**
 * The variant `--labels` defaults to: the one the shipped weights were fitted with (public/model/*.md), L3S people's
 * labels plus gold-aligned Dragnet and wcxb-dev training sites; it needs --dragnet or --wcxb (`--labels l3s` fits on
 * people's labels alone, as before v3).
 */
export const BEST_LABEL_VARIANT: LabelVariant = 'all';

export function isLabelVariant(v: string): v is LabelVariant {
  return (LABEL_VARIANTS as readonly string[]).includes(v);
}

export const VARIANT_DESCRIPTIONS: Record<LabelVariant, string> = {
  l3s: 'human labels only: L3S training pages (a node is template when ≥ 85% of its annotated text is in ' +
    'x-nc-sel0/4 spans, each character under the innermost span around it; nodes without annotated text unlabelled)',
  sitelevel: 'SiteLevel labels only: Dragnet training sites and L3S training sites with enough pages, each site on its ' +
    'own (no human label used)',
  both: 'L3S training pages with human labels (SiteLevel labels fill the nodes people left unlabelled, on L3S sites ' +
    'with enough pages) plus Dragnet training sites with SiteLevel labels',
  gold: 'gold-aligned labels only: Dragnet training sites (gold/N.txt, comments included) and wcxb-dev training sites ' +
    '(articleBody), each node labelled by the share of its text found in the gold (no human node label used)',
  all: 'every labelled source: L3S training pages with human labels, plus Dragnet and wcxb-dev training sites with ' +
    'gold-aligned labels',
};

/** The dataset a training page comes from: the unit of `--weighting source`. */
export type TrainingSource = 'l3s' | 'dragnet' | 'wcxb';

export interface TrainingPage {
  snapshot: PageSnapshot;
  labels: Int8Array;
  source: TrainingSource;
}

/** SiteLevel labels of the training pages, computed per dataset: 2008 and 2012 crawls of one host are two templates. */
export interface SiteLevelRun {
  labels: Map<string, Int8Array>;
  l3sSites: Array<{ site: string; pages: number }>;
  dragnetSites: Array<{ site: string; pages: number }>;
  ianaLabels: Map<string, Int8Array>;
}

export function runSiteLevel(corpus: TrainingCorpus, settings: SiteLevelSettings): SiteLevelRun {
  const l3s = siteLevelTrainingLabels(corpus.l3sTrain, settings);
  const dragnet = siteLevelTrainingLabels(corpus.dragnetTrain, settings);
  // iana is held out: its labels are the reference it is measured against, never training data.
  const iana = siteLevelTrainingLabels(corpus.iana, settings);
  return {
    labels: new Map([...l3s.labels, ...dragnet.labels]),
    l3sSites: l3s.sites,
    dragnetSites: dragnet.sites,
    ianaLabels: iana.labels,
  };
}

/** The labelled training pages of one variant, in corpus order (L3S, then Dragnet, then wcxb-dev). */
export function variantTrainingPages(variant: LabelVariant, corpus: TrainingCorpus, siteLevel: SiteLevelRun): TrainingPage[] {
  const human = (c: CapturedOk): TrainingPage => ({ snapshot: c.snapshot, labels: c.labels, source: 'l3s' });
  const bySiteLevel = (pages: CapturedOk[], source: TrainingSource) => pages.flatMap((c): TrainingPage[] => {
    const labels = siteLevel.labels.get(c.page.id);
    return labels ? [{ snapshot: c.snapshot, labels, source }] : [];
  });
  const gold = (): TrainingPage[] => [
    ...corpus.dragnetGoldTrain.map((g): TrainingPage => ({ snapshot: g.snapshot, labels: g.labels, source: 'dragnet' })),
    ...corpus.wcxbTrain.map((g): TrainingPage => ({ snapshot: g.snapshot, labels: g.labels, source: 'wcxb' })),
  ];
  switch (variant) {
    case 'l3s':
      return corpus.l3sTrain.map(human);
    case 'sitelevel':
      return [...bySiteLevel(corpus.l3sTrain, 'l3s'), ...bySiteLevel(corpus.dragnetTrain, 'dragnet')];
    case 'both':
      return [
        ...corpus.l3sTrain.map((c): TrainingPage => ({
          snapshot: c.snapshot, labels: mergeLabels(c.labels, siteLevel.labels.get(c.page.id)), source: 'l3s',
        })),
        ...bySiteLevel(corpus.dragnetTrain, 'dragnet'),
      ];
    case 'gold':
      return gold();
    case 'all':
      return [...corpus.l3sTrain.map(human), ...gold()];
  }
}

/** Whether a variant needs the gold-aligned pages of Dragnet and wcxb-dev. */
export function usesGoldLabels(variant: LabelVariant): boolean {
  return variant === 'gold' || variant === 'all';
}
