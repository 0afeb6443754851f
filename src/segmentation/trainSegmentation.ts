/**
 * A whole segmentation model from pages people segmented: the learned costs (learnCosts.ts), then the trade-offs the
 * paper sets on validation pages (§4.3: λ "is estimated by varying it over a range while monitoring the changing
 * segmentation accuracy … over a validation-set"), here λ, Dp(ξ) and the number of labels together, by mean adjusted
 * Rand index of GCuts on the validation pages. Pure; the caller splits pages by site.
 */
import { gcutsPage } from './gcutsPage.ts';
import { learnCosts, type TrainingPage } from './learnCosts.ts';
import { NODE_FEATURES } from './nodeFeatures.ts';
import type { PageSegmentation } from './pageSegmentation.ts';
import { PAIR_FEATURES } from './pairFeatures.ts';
import type { SegmentationModel } from './segmentationModel.ts';
import { partitionAgreement } from './segmentationScores.ts';

export interface TradeOffGrid {
  lambda: readonly number[];
  invisibleCost: readonly number[];
  labelCount: readonly number[];
}

export const TRADE_OFF_GRID: TradeOffGrid = {
  lambda: [0.5, 1, 2],
  invisibleCost: [0.3, 1, 3],
  labelCount: [16, 32, 64],
};

/**
 * Validation ARI a setting may give up for fewer labels: each label is one max-flow per round of α-expansion, so 64
 * labels cost about four times 16, and a gain this small is within the noise of a few dozen validation pages.
 */
export const LABEL_SAVING_TOLERANCE = 0.005;

export interface TrainedSegmentation {
  model: SegmentationModel;
  /** Mean validation ARI of every setting tried, best first (the model takes the fewest labels near the top). */
  tried: Array<{ lambda: number; invisibleCost: number; labelCount: number; ari: number }>;
}

/** Adjusted Rand index of a segmentation's leaves against the truth, over the leaves people put in a segment. */
export function leafAgreement(seg: PageSegmentation, truth: ArrayLike<number>) {
  const leaves = Array.from(seg.tree.leaves);
  return partitionAgreement(leaves.map((k) => seg.segmentOf[k]), leaves.map((k) => truth[k]));
}

export function trainSegmentation(train: TrainingPage[], validation: TrainingPage[] = train,
  { dataset = 'kreuzer-popular', sites = train.length, grid = TRADE_OFF_GRID }: { dataset?: string; sites?: number; grid?: TradeOffGrid } = {}): TrainedSegmentation {
  if (validation.length === 0) throw new Error('no validation pages to choose the trade-offs on');
  const costs = learnCosts(train);
  const base = {
    version: 1 as const,
    nodeFeatures: [...NODE_FEATURES],
    pairFeatures: [...PAIR_FEATURES],
    ...costs,
    trainedOn: { pages: train.length, sites, dataset },
  };
  const tried: TrainedSegmentation['tried'] = [];
  for (const lambda of grid.lambda) {
    for (const invisibleCost of grid.invisibleCost) {
      for (const labelCount of grid.labelCount) {
        const model: SegmentationModel = { ...base, lambda, invisibleCost, labelCount };
        const scores = validation.map((p) => leafAgreement(gcutsPage(p.snapshot, model, p), p.truth).ari)
          .filter(Number.isFinite);
        const ari = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : NaN;
        tried.push({ lambda, invisibleCost, labelCount, ari });
      }
    }
  }
  // NaN (no page could be scored) sorts last; ties keep the grid's order, cheapest settings first.
  tried.sort((a, b) => (Number.isNaN(a.ari) ? 1 : Number.isNaN(b.ari) ? -1 : b.ari - a.ari));
  const top = tried[0].ari;
  const best = tried.filter((t) => t.ari >= top - LABEL_SAVING_TOLERANCE)
    .reduce((a, b) => (b.labelCount < a.labelCount ? b : a));
  return {
    model: { ...base, lambda: best.lambda, invisibleCost: best.invisibleCost, labelCount: best.labelCount },
    tried,
  };
}
