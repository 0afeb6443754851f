/**
 * GCuts, CClus and the isotonic segments side by side against people's segments (paper 003 §5.1's measures plus
 * Webis-WebSeg-20's BCubed), every page scored by a model that never saw its site: the pages are split into folds by
 * site, and each fold is segmented by GCuts/CClus models trained (costs and trade-offs, the trade-offs validated
 * across two site-split halves of the training pages) on the other folds.
 * - ARI and NMI (Strehl & Ghosh) over the segmentation tree's leaves that people put in a segment, as the paper does.
 * - BCubed F over page nodes, each weighing its own characters ("chars") or 1 ("nodes"); a node takes the segment of
 *   the tree node it is or was rolled into, none for GCuts' invisible nodes and CClus' inner ones.
 */
import { smoothPage } from '../../../pipeline/runPipeline.ts';
import { pipelineOptions } from '../../../pipeline/pipelineOptions.ts';
import { ownShare } from '../../../snapshot/tree.ts';
import { cclusPage } from '../../../segmentation/cclusPage.ts';
import { gcutsPage } from '../../../segmentation/gcutsPage.ts';
import { segmentationFromRoots, type PageSegmentation, type SegmentationMethod } from '../../../segmentation/pageSegmentation.ts';
import { bcubed, partitionAgreement } from '../../../segmentation/segmentationScores.ts';
import { trainSegmentationByFolds } from '../../../segmentation/trainSegmentation.ts';
import type { SegmentationModel } from '../../../segmentation/segmentationModel.ts';
import { foldsBySite, kreuzerTrainingPage, type Granularity, type KreuzerTrainingPage } from './kreuzerTraining.ts';
import type { ClassifiedKreuzerPage } from './segmentationEval.ts';
import { mean } from '../stats.ts';

export interface MethodScores {
  ari: number;
  nmi: number;
  bcubedChars: number;
  bcubedNodes: number;
  segments: number;
}

export interface GraphPageResult {
  id: string;
  site: string;
  fold: number;
  leaves: number;
  humanSegments: number;
  methods: Record<SegmentationMethod, MethodScores>;
  gcutsMs: number;
  cclusMs: number;
}

export interface GraphSegmentationEval {
  granularity: Granularity;
  folds: number;
  pages: GraphPageResult[];
  /** Means over pages (each page once; NaN scores skipped). */
  mean: Record<SegmentationMethod, MethodScores>;
  /** The trade-offs each fold's validation chose. */
  models: Array<Pick<SegmentationModel, 'lambda' | 'invisibleCost' | 'labelCount'> & { trainPages: number }>;
}

/** The scores of one segmentation against the truth of a training page. */
export function scoreSegmentation(seg: PageSegmentation, page: KreuzerTrainingPage): MethodScores {
  const s = page.snapshot;
  const leaves = Array.from(page.tree.leaves);
  const leafScores = partitionAgreement(leaves.map((k) => seg.segmentOf[k]), leaves.map((k) => page.truth[k]));
  const predicted = Int32Array.from(page.tree.problemIndexOf, (k) => seg.segmentOf[k]);
  const truth = Int32Array.from(page.tree.problemIndexOf, (k, i) => (k >= 0 ? trueSegmentOf(page, i) : -1));
  const chars = ownShare(s.parent, s.textChars.subarray(0, s.count));
  return {
    ari: leafScores.ari,
    nmi: leafScores.nmi,
    bcubedChars: bcubed(predicted, truth, chars).f1,
    bcubedNodes: bcubed(predicted, truth).f1,
    segments: seg.segmentCount,
  };
}

/** A page node's human segment at the training page's granularity. */
function trueSegmentOf(page: KreuzerTrainingPage, node: number): number {
  return page.source.truth[page.granularity][node];
}

export function graphSegmentationEval(pages: ClassifiedKreuzerPage[], granularity: Granularity,
  { folds = 3, penaltyFactor, log = () => {} }: { folds?: number; penaltyFactor?: number; log?: (s: string) => void } = {}):
  GraphSegmentationEval {
  const training = pages.map((p) => kreuzerTrainingPage(p, granularity));
  const groups = foldsBySite(training, (p) => p.source.page.siteHost, folds);
  const results: GraphPageResult[] = [];
  const models: GraphSegmentationEval['models'] = [];
  groups.forEach((test, fold) => {
    const train = groups.filter((_, f) => f !== fold).flat();
    const sites = new Set(train.map((p) => p.source.page.siteHost)).size;
    const { model } = trainSegmentationByFolds(foldsBySite(train, (p) => p.source.page.siteHost, 2), { sites });
    models.push({ lambda: model.lambda, invisibleCost: model.invisibleCost, labelCount: model.labelCount, trainPages: train.length });
    log(`segmentation fold ${fold + 1}/${groups.length}: trained on ${train.length} pages of ${sites} sites ` +
      `(λ ${model.lambda}, Dp(ξ) ${model.invisibleCost}, ${model.labelCount} labels); scoring ${test.length} pages`);
    for (const page of test) {
      const t0 = performance.now();
      const g = gcutsPage(page.snapshot, model, page);
      const t1 = performance.now();
      const c = cclusPage(page.snapshot, model, page);
      const t2 = performance.now();
      const smoothed = smoothPage(page.source.classified, pipelineOptions(penaltyFactor === undefined ? {} : { penaltyFactor }));
      const smooth = segmentationFromRoots(page.tree, smoothed.segments.map((segment) => segment.node));
      results.push({
        id: page.source.page.id,
        site: page.source.page.siteHost,
        fold,
        leaves: page.tree.leaves.length,
        humanSegments: new Set(Array.from(page.truth).filter((t) => t >= 0)).size,
        methods: { gcuts: scoreSegmentation(g, page), cclus: scoreSegmentation(c, page), smooth: scoreSegmentation(smooth, page) },
        gcutsMs: t1 - t0,
        cclusMs: t2 - t1,
      });
    }
  });
  const mean = Object.fromEntries((['gcuts', 'cclus', 'smooth'] as const).map((m) => [m, meanScores(results.map((r) => r.methods[m]))])) as
    Record<SegmentationMethod, MethodScores>;
  return { granularity, folds: groups.length, pages: results, mean, models };
}

function meanScores(rows: MethodScores[]): MethodScores {
  const meanOf = (pick: (r: MethodScores) => number) => mean(rows.map(pick).filter(Number.isFinite));
  return {
    ari: meanOf((r) => r.ari), nmi: meanOf((r) => r.nmi), bcubedChars: meanOf((r) => r.bcubedChars),
    bcubedNodes: meanOf((r) => r.bcubedNodes), segments: meanOf((r) => r.segments),
  };
}
