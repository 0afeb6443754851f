/**
 * `winnow segment`: each page rendered and captured in Chromium, segmented in Node by GCuts, CClus or the isotonic
 * smoothing, and each segment's parts located on the live page (CSS selector and XPath) before the page closes.
 */
import { callPage } from '../browser/pageScript.ts';
import { mapCapturedPages, type CapturedOutcome } from '../analyze/capturePagesInOrder.ts';
import type { InputItem } from '../analyze/inputFiles.ts';
import { classifyPage, smoothPage } from '../../pipeline/runPipeline.ts';
import type { PipelineOptions } from '../../pipeline/pipelineOptions.ts';
import type { ModelWeights } from '../../model/weights.ts';
import { segmentPage } from '../../segmentation/segmentPage.ts';
import { segmentationFromRoots, segmentBoxes, type SegmentationMethod } from '../../segmentation/pageSegmentation.ts';
import type { SegmentationModel } from '../../segmentation/segmentationModel.ts';
import { segmentationTree } from '../../segmentation/segmentationTree.ts';
import { now } from '../../util/clock.ts';

export interface SegmentPartJson {
  node: number;
  selector: string;
  xpath: string;
}

export interface SegmentJson {
  segment: number;
  rect: { x: number; y: number; width: number; height: number };
  leaves: number;
  chars: number;
  /** The page's text of the segment, cut to 120 characters. */
  text: string;
  parts: SegmentPartJson[];
}

export interface SegmentedPageJson {
  file: string;
  url: string;
  method: SegmentationMethod;
  nodes: number;
  /** Nodes the segmenter saw (the smoothing's visible nodes) and their leaves. */
  treeNodes: number;
  leaves: number;
  segments: SegmentJson[];
  /** Segmenting in Node, after capture. */
  ms: number;
}

export type SegmentOutcome = CapturedOutcome<{ page: SegmentedPageJson }>;

export interface SegmentFilesOptions {
  method: SegmentationMethod;
  weights: ModelWeights;
  model: SegmentationModel;
  pipeline: PipelineOptions;
  timeoutMs: number;
}

export async function segmentFiles(items: InputItem[], o: SegmentFilesOptions): Promise<SegmentOutcome[]> {
  return mapCapturedPages(items, o.timeoutMs, async (item, captured) => {
    const s = captured.snapshot;
    const t0 = now();
    const classified = classifyPage(s, o.weights);
    const seg = o.method === 'smooth'
      ? segmentationFromRoots(segmentationTree(s, o.pipeline.minArea),
        smoothPage(classified, o.pipeline).segments.map((x) => x.node))
      : segmentPage(s, o.model, o.method, { scores: classified.scores, minArea: o.pipeline.minArea });
    const boxes = segmentBoxes(s, seg);
    const ms = now() - t0;
    const roots = boxes.flatMap((b) => b.roots);
    const [selectors, xpaths] = await Promise.all([
      callPage(captured.page, 'selectors', roots), callPage(captured.page, 'xpaths', roots),
    ]);
    let at = 0;
    return {
      page: {
        file: item.file, url: s.url, method: o.method, nodes: s.count, treeNodes: seg.tree.nodeOf.length,
        leaves: seg.tree.leaves.length, ms,
        segments: boxes.map((b) => ({
          segment: b.segment, rect: b.rect, leaves: b.leaves, chars: b.chars,
          text: b.roots.map((i) => s.text.slice(s.textStart[i], s.textEnd[i])).join(' ').replace(/\s+/g, ' ').trim().slice(0, 120),
          parts: b.roots.map((node) => ({ node, selector: selectors[at], xpath: xpaths[at++] })),
        })),
      },
    };
  });
}
