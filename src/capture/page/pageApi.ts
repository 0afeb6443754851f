/**
 * The page script's API: what src/capture/pageEntry.ts installs in a page the command line renders, and the only
 * way Node code reaches into that page (`callPage` in src/cli/browser/pageScript.ts). Arguments and results cross
 * page.evaluate, so they are plain JSON. This file holds types only and no DOM types: src/cli, which compiles without
 * the DOM library, imports it.
 */
import type { PageAnalysisJson, PageSegmentJson } from '../../pipeline/pageAnalysis.ts';
import type { PipelineOptions } from '../../pipeline/pipelineOptions.ts';
import type { SnapshotJson } from '../../snapshot/snapshotJson.ts';

export interface PageApi {
  /** winnowExtract with the command line's weights and options; the capture is kept for selectors(). */
  analyze(weightsJson: unknown, options: Partial<PipelineOptions>): PageAnalysisJson;
  /** A capture of the page, kept for selectors(). */
  capture(): SnapshotJson;
  /** A capture with the L3S labels of its nodes, for training. */
  captureForTraining(siteHost?: string): TrainingCaptureJson;
  /** A capture of a kreuzer-popular page with the human blocks its nodes lie in (the segmentation ground truth). */
  captureHumanBlocks(siteHost: string): HumanBlocksJson;
  /** Outlines each segment (template red, content green) for the annotated screenshot. */
  drawSegments(segments: PageSegmentJson[]): void;
  /** CSS selectors of nodes of the last capture ('' for a node it does not have). */
  selectors(nodes: number[]): string[];
  /** XPaths of nodes of the last capture ('' for a node it does not have, or one inside a shadow root). */
  xpaths(nodes: number[]): string[];
  /** The id attribute of each node of the last capture ('' for none): tests find nodes by id through it. */
  elementIds(): string[];
  /** The gold text of an L3S-GN1 page: the text of its annotated spans of these classes. */
  goldText(classes: readonly number[]): string;
  /**
   * One method of `winnow eval`, run and timed in the page (Winnow with these weights and options; the peers ignore
   * them); an exception it throws comes back as `{ error }`.
   */
  evalMethod(name: EvalMethodName, weightsJson: unknown, options: Partial<PipelineOptions>): EvalMethodOutcome;
}

export interface TrainingCaptureJson {
  snapshot: SnapshotJson;
  /** Per node, its L3S label. */
  labels: number[];
  /** Per node, the class of the L3S span it lies in. */
  spans: number[];
}

/** A human block of the page: top-level (data-block="1") or sub-block ("2"), with its data-block-type. */
export interface HumanBlock {
  level: 1 | 2;
  type: string;
  /** Index of the nearest enclosing block, -1 when there is none. */
  parentBlock: number;
}

/** A capture and, per snapshot node, the human block it lies in (indices into `blocks`, -1 for none). */
export interface HumanBlocksJson {
  snapshot: SnapshotJson;
  blocks: HumanBlock[];
  /** Innermost block containing the node (the node's own element counts): the finest human segmentation. */
  innermost: number[];
  /** Outermost block containing the node: sub-blocks merged into the block they sit in. */
  outermost: number[];
}

/** The extractors `winnow eval` compares, each run in the same rendered page. */
export type EvalMethodName = 'winnow' | 'readability' | 'defuddle';

export interface MethodRun {
  text: string;
  ms: number;
  /** Set when the method ran but returned no article (Readability's null), so an empty text is explained. */
  note?: string;
  /** Readability's textContent, what the Scrapinghub benchmark's own serialisation scores. */
  textContent?: string;
}

/** A method's run, or the exception it threw (that peer's empty answer, not a failure of the page). */
export type EvalMethodOutcome = MethodRun | { error: string };
