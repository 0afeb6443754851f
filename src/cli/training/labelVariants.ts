import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { mergeLabels, siteLevelTrainingLabels, type SiteLevelSettings } from './siteLevelTraining.ts';
import type { CapturedOk, TrainingCorpus } from './trainingCorpus.ts';

/** Where training labels come from: people (L3S), SiteLevel(θ) (000 §3 step 1), or both. */
export const LABEL_VARIANTS = ['l3s', 'sitelevel', 'both'] as const;
export type LabelVariant = (typeof LABEL_VARIANTS)[number];

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
};

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

/** The labelled training pages of one variant, in corpus order. */
export function variantTrainingPages(variant: LabelVariant, corpus: TrainingCorpus, siteLevel: SiteLevelRun):
  Array<{ snapshot: PageSnapshot; labels: Int8Array }> {
  const human = (c: CapturedOk) => ({ snapshot: c.snapshot, labels: c.labels });
  const bySiteLevel = (pages: CapturedOk[]) => pages.flatMap((c) => {
    const labels = siteLevel.labels.get(c.page.id);
    return labels ? [{ snapshot: c.snapshot, labels }] : [];
  });
  switch (variant) {
    case 'l3s':
      return corpus.l3sTrain.map(human);
    case 'sitelevel':
      return [...bySiteLevel(corpus.l3sTrain), ...bySiteLevel(corpus.dragnetTrain)];
    case 'both':
      return [
        ...corpus.l3sTrain.map((c) => ({ snapshot: c.snapshot, labels: mergeLabels(c.labels, siteLevel.labels.get(c.page.id)) })),
        ...bySiteLevel(corpus.dragnetTrain),
      ];
  }
}
