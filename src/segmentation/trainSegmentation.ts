/**
 * A whole segmentation model from pages people segmented: the learned costs (learnCosts.ts), then the trade-offs the
 * paper sets on validation pages (§4.3: λ "is estimated by varying it over a range while monitoring the changing
 * segmentation accuracy … over a validation-set"), here λ, Dp(ξ) and the number of labels together, by mean adjusted
 * Rand index of GCuts on the validation pages. Pure; the caller splits pages by site.
 */
import { gcutsPage } from './gcutsPage.ts';
import { learnCosts, type LearnedCosts, type TrainingPage } from './learnCosts.ts';
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

export interface TrainedSegmentation {
  model: SegmentationModel;
  /** Mean validation ARI of every setting tried, best first (the model takes the first). */
  tried: Array<{ lambda: number; invisibleCost: number; labelCount: number; ari: number }>;
}

/** Adjusted Rand index of a segmentation's leaves against the truth, over the leaves people put in a segment. */
export function leafAgreement(seg: PageSegmentation, truth: ArrayLike<number>) {
  const leaves = Array.from(seg.tree.leaves);
  return partitionAgreement(leaves.map((k) => seg.segmentOf[k]), leaves.map((k) => truth[k]));
}

type TradeOffs = Pick<SegmentationModel, 'lambda' | 'invisibleCost' | 'labelCount'>;

/** A whole model from learned costs and one setting of the trade-offs. */
function modelOf(costs: LearnedCosts, { lambda, invisibleCost, labelCount }: TradeOffs,
  trainedOn: SegmentationModel['trainedOn']): SegmentationModel {
  return { version: 1, nodeFeatures: [...NODE_FEATURES], pairFeatures: [...PAIR_FEATURES], ...costs, lambda,
    invisibleCost, labelCount, trainedOn };
}

/** Mean validation ARI of GCuts under every setting of the grid, with the costs given, in the grid's order. */
function gridAgreement(costs: LearnedCosts, validation: TrainingPage[], grid: TradeOffGrid): TrainedSegmentation['tried'] {
  const tried: TrainedSegmentation['tried'] = [];
  for (const lambda of grid.lambda) {
    for (const invisibleCost of grid.invisibleCost) {
      for (const labelCount of grid.labelCount) {
        const model = modelOf(costs, { lambda, invisibleCost, labelCount }, { pages: 0, sites: 0, dataset: '' });
        const scores = validation.map((p) => leafAgreement(gcutsPage(p.snapshot, model, p), p.truth).ari)
          .filter(Number.isFinite);
        const ari = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : NaN;
        tried.push({ lambda, invisibleCost, labelCount, ari });
      }
    }
  }
  return tried;
}

/**
 * The model from the costs and the setting with the best validation ARI. (Taking fewer labels when within 0.005 of the
 * best, as this did before, gave up held-out ARI for speed; the max-flow is now fast enough to take the best.)
 */
function chooseSetting(costs: LearnedCosts, tried: TrainedSegmentation['tried'],
  trainedOn: SegmentationModel['trainedOn']): TrainedSegmentation {
  // NaN (no page could be scored) sorts last; ties keep the grid's order, cheapest settings first.
  tried.sort((a, b) => (Number.isNaN(a.ari) ? 1 : Number.isNaN(b.ari) ? -1 : b.ari - a.ari));
  return { model: modelOf(costs, tried[0], trainedOn), tried };
}

/** Costs learned on `train`, trade-offs chosen on `validation` (the same pages when none are given). */
export function trainSegmentation(train: TrainingPage[], validation: TrainingPage[] = train,
  { dataset = 'kreuzer-popular', sites = train.length, grid = TRADE_OFF_GRID }: { dataset?: string; sites?: number; grid?: TradeOffGrid } = {}): TrainedSegmentation {
  if (validation.length === 0) throw new Error('no validation pages to choose the trade-offs on');
  const costs = learnCosts(train);
  return chooseSetting(costs, gridAgreement(costs, validation, grid), { pages: train.length, sites, dataset });
}

/**
 * The paper's protocol without a page to spare (§4.3, §5: costs from training pages, λ from separate validation
 * pages): each fold (the caller splits by site) validates the trade-offs for costs learned on the other folds, the
 * setting with the best mean over folds wins, and the model's costs are then learned from every page. Choosing on
 * the pages the costs were fitted to favours settings that trust those costs too much; held out by site on
 * kreuzer-popular this choice segments unseen sites better (`winnow eval --dataset segmentation`).
 */
export function trainSegmentationByFolds(folds: TrainingPage[][],
  { dataset = 'kreuzer-popular', sites, grid = TRADE_OFF_GRID }: { dataset?: string; sites?: number; grid?: TradeOffGrid } = {}): TrainedSegmentation {
  const used = folds.filter((f) => f.length > 0);
  const all = used.flat();
  if (used.length < 2) return trainSegmentation(all, all, { dataset, sites, grid });
  const perFold = used.map((validation, f) =>
    gridAgreement(learnCosts(used.filter((_, g) => g !== f).flat()), validation, grid));
  const tried = perFold[0].map((setting, k) => {
    const aris = perFold.map((t) => t[k].ari).filter(Number.isFinite);
    return { ...setting, ari: aris.length ? aris.reduce((a, b) => a + b, 0) / aris.length : NaN };
  });
  return chooseSetting(learnCosts(all), tried, { pages: all.length, sites: sites ?? all.length, dataset });
}
