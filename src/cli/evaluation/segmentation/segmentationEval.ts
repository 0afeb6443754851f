import { classifyPage, smoothPage, type ClassifiedPage } from '../../../pipeline/runPipeline.ts';
import { pipelineOptions } from '../../../pipeline/pipelineOptions.ts';
import { basicMergeGroups, visibleLeaves } from '../../../segment/baselines.ts';
import type { ModelWeights } from '../../../model/weights.ts';
import { captureSegmentationPages, type HumanBlocks, type SegmentationCapture } from './segmentationCapture.ts';
import { loadKreuzerPages, type KreuzerPage } from '../../datasets/kreuzerPages.ts';
import {
  agreementOnLabelledLeaves, humanLeafGroups, segmentLeafGroups, type Agreement,
} from './segmentationGroupings.ts';

/**
 * Segmentation quality against kreuzer-popular's human blocks: adjusted Rand index and NMI of the leaf groupings,
 * per page, against two granularities of the ground truth (see HumanBlocks):
 * - `innermost`: each leaf in the innermost human block containing it (the finest human segmentation);
 * - `outermost`: each leaf in the outermost one (sub-blocks merged into the block they sit in).
 * Winnow's grouping is the same for both: the innermost smoothed segment containing the leaf. Items are the visible
 * leaves of the smoothing problem, each weighing the same; leaves in no human block are left out.
 */
export interface BothGranularities {
  innermost: Agreement;
  outermost: Agreement;
}

export interface PageSegmentation {
  id: string;
  /** Visible leaves of the page (the items), human blocks marked on it, segments Winnow made. */
  leaves: number;
  humanBlocks: number;
  winnowSegments: number;
  winnow: BothGranularities;
  /** Basic+Merge at the δ chosen for the whole set (SegmentationEvalResult.mean.basicMerge.delta). */
  basicMerge: BothGranularities;
}

/** Basic+Merge (000 §6.1): consecutive leaves merged while their raw scores differ by less than δ. */
export const MERGE_DELTAS = [0.02, 0.05, 0.1, 0.2, 0.3, 0.5];

export interface MeanAgreement {
  innermost: { ari: number; nmi: number };
  outermost: { ari: number; nmi: number };
}

export interface SegmentationEvalResult {
  penaltyFactor: number;
  pages: PageSegmentation[];
  /** Pages not scored, with the reason (capture failed, no visible leaf inside a human block, …). */
  failed: Array<{ id: string; reason: string }>;
  mean: { winnow: MeanAgreement; basicMerge: MeanAgreement & { delta: number } };
}

/** A captured page classified once, ready to be smoothed at any penalty (the sweep re-smooths without recapture). */
export interface ClassifiedKreuzerPage {
  page: KreuzerPage;
  classified: ClassifiedPage;
  truth: HumanBlocks;
}

export type Failure = { id: string; reason: string };

/** Classifies every captured page; failed captures go to `failed` with their reason. */
export function classifyKreuzerPages(captures: SegmentationCapture[], weights: ModelWeights):
  { pages: ClassifiedKreuzerPage[]; failed: Failure[] } {
  const pages: ClassifiedKreuzerPage[] = [];
  const failed: Failure[] = [];
  for (const c of captures) {
    if ('error' in c) failed.push({ id: c.page.id, reason: c.error });
    else pages.push({ page: c.page, classified: classifyPage(c.snapshot, weights), truth: c.truth });
  }
  return { pages, failed };
}

/**
 * Scores one classified page at one penalty, plus the Basic+Merge groupings for every δ of MERGE_DELTAS. A page with
 * fewer than two visible leaves inside human blocks cannot be scored and says why.
 */
export function scorePage(p: ClassifiedKreuzerPage, penaltyFactor: number):
  { result: Omit<PageSegmentation, 'basicMerge'>; basicMerge: BothGranularities[] } | { reason: string } {
  const s = p.classified.snapshot;
  const smoothed = smoothPage(p.classified, pipelineOptions({ penaltyFactor }));
  const leaves = visibleLeaves(s.parent, smoothed.visibleNodes);
  const inner = humanLeafGroups(leaves, p.truth.innermost);
  const outer = humanLeafGroups(leaves, p.truth.outermost);
  const labelled = inner.reduce((n, g) => n + (g >= 0 ? 1 : 0), 0);
  if (labelled < 2) {
    return {
      reason: `${labelled} of ${leaves.length} visible leaves inside a human block (the smoothing sees ` +
        `${smoothed.visibleNodes.length} of ${s.count} nodes: a zero-area wrapper hides the rest)`,
    };
  }
  const both = (groups: ArrayLike<number>): BothGranularities => ({
    innermost: agreementOnLabelledLeaves(groups, inner),
    outermost: agreementOnLabelledLeaves(groups, outer),
  });
  return {
    result: {
      id: p.page.id,
      leaves: leaves.length,
      humanBlocks: p.truth.blocks.length,
      winnowSegments: smoothed.segments.length,
      winnow: both(segmentLeafGroups(s.parent, leaves, smoothed.segments.map((seg) => seg.node))),
    },
    basicMerge: MERGE_DELTAS.map((delta) => both(basicMergeGroups(leaves, p.classified.scores, delta))),
  };
}

/**
 * Every page at one penalty. Basic+Merge is reported at the δ with the best mean innermost ARI over these very pages
 * (the paper also picks δ by exhaustive search), so it is an optimistic baseline.
 */
export function segmentationEval(pages: ClassifiedKreuzerPage[], penaltyFactor: number,
  failedBefore: Failure[] = []): SegmentationEvalResult {
  const results: Array<Omit<PageSegmentation, 'basicMerge'>> = [];
  const merges: BothGranularities[][] = [];
  const failed = [...failedBefore];
  for (const p of pages) {
    const scored = scorePage(p, penaltyFactor);
    if ('reason' in scored) {
      failed.push({ id: p.page.id, reason: scored.reason });
      continue;
    }
    results.push(scored.result);
    merges.push(scored.basicMerge);
  }
  const mergeMeans = MERGE_DELTAS.map((delta, k) => ({ delta, ...meanAgreement(merges.map((m) => m[k])) }));
  const best = mergeMeans.reduce((k, m, j) => (m.innermost.ari > mergeMeans[k].innermost.ari ? j : k), 0);
  return {
    penaltyFactor,
    pages: results.map((r, i) => ({ ...r, basicMerge: merges[i][best] })),
    failed,
    mean: { winnow: meanAgreement(results.map((r) => r.winnow)), basicMerge: mergeMeans[best] },
  };
}

/** Macro-average over pages (each page counts once, whatever its size), skipping undefined (NaN) scores. */
export function meanAgreement(rows: BothGranularities[]): MeanAgreement {
  const mean = (f: (r: BothGranularities) => number) => {
    const xs = rows.map(f).filter(Number.isFinite);
    return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN;
  };
  return {
    innermost: { ari: mean((r) => r.innermost.ari), nmi: mean((r) => r.innermost.nmi) },
    outermost: { ari: mean((r) => r.outermost.ari), nmi: mean((r) => r.outermost.nmi) },
  };
}

export interface KreuzerSetup {
  pages: ClassifiedKreuzerPage[];
  failed: Failure[];
  /** Pages in the dataset (before `limit`) and seconds spent rendering/capturing (0 s when all came from cache). */
  total: number;
  captureSeconds: number;
}

/** Loads kreuzer-popular, captures every page (cached, two at a time) and classifies it once. */
export async function prepareKreuzerPages(weights: ModelWeights,
  opts: { limit?: number; log: (s: string) => void; timeoutMs?: number; useCache?: boolean; data?: string }):
  Promise<KreuzerSetup> {
  // --data: any folder (or .tar.gz) in the Kreuzer format; kreuzer-popular from ../shared/data by default.
  const all = await loadKreuzerPages(opts.data);
  const pages = opts.limit ? all.slice(0, opts.limit) : all;
  const t0 = Date.now();
  const captures = await captureSegmentationPages(pages, { log: opts.log, timeoutMs: opts.timeoutMs, useCache: opts.useCache });
  const captureSeconds = (Date.now() - t0) / 1000;
  const classified = classifyKreuzerPages(captures, weights);
  return { ...classified, total: pages.length, captureSeconds };
}
