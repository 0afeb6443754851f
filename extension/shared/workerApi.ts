import type { Method } from './protocol.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import type { PipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import type { Segment } from '../../src/segment/segments.ts';
import type { DeclaredSources } from '../../src/reader/declaredArticle.ts';
import type { LabelTrainingRows, NodeInspection } from '../../src/inspect/nodeInspection.ts';
import type { RememberedWire, SiteEvidenceWire, SiteMemoryReadWire } from './siteMemoryApi.ts';
import type { GraphSegmentsResult } from '../../src/session/pageSession.ts';
import type { GraphMethod } from '../../src/segmentation/segmentPage.ts';

/** The smoothing result as it crosses the port: values are transferred back, segments are cloned. */
export interface SmoothedWire {
  values: Float64Array;
  /** Per node, 1 when the node belongs to the body text the reader view shows (src/reader/readerDecision.ts). */
  readerKeep: Uint8Array;
  /** Per node, 1 when hide mode leaves it on screen: the body, headline, byline and lead media. */
  show: Uint8Array;
  /** The headline and byline nodes, -1 when none was found; not in `readerKeep` (the reader puts them on top). */
  headline: number;
  byline: number;
  segments: Segment[];
  /** Per segment, 1 when its root node repeats across the site's pages (a site-level template). */
  siteSegments: Uint8Array;
  smoothedNodes: number;
  cost: number;
  templateTextShare: number;
  smoothMs: number;
}

/** The page's graph segmentation as it crosses the port (cloned), with the name of the model whose costs it used. */
export interface GraphSegmentsWire extends GraphSegmentsResult {
  model: string;
  /** The worker's warm-up of the segmenter before this answer (extension/shared/segmenterWarmUp.ts); null if none ran. */
  warmUp: SegmenterWarmUp | null;
}

/** What the worker's warm-up did: rounds completed, their time, and whether one threw (which ends it). */
export interface SegmenterWarmUp {
  rounds: number;
  ms: number;
  failed: boolean;
}

export interface ClassifiedWire {
  nodes: number;
  featuresMs: number;
  classifyMs: number;
  /** The site evidence the run used; null without site memory. */
  site: SiteEvidenceWire | null;
  /** The title and byline the document declares, decided from the `declared` sources; null when none were sent. */
  declared: { title: string; byline: string | null } | null;
}

/** Messages the pipeline worker (or its in-page stand-in) answers. It keeps the last classified page. */
export interface WorkerApi {
  /**
   * Reads the site's stored memory (JSON text, null for a new site) for the next `classify`. Sent as soon as the
   * memory is fetched, so the worker reads it while the page is still being captured.
   */
  readSiteMemory: Method<{ memory: string | null; page?: string }, SiteMemoryReadWire>;
  /**
   * Computes features and classifier scores for a snapshot whose buffers were transferred. With `useSiteMemory`, the
   * page's evidence from the memory read before becomes a prior on the scores (the memory is kept for `rememberPage`).
   * `declared` (what the document says about its article, as read: src/reader/declaredArticle.ts) is decided here,
   * off the page's thread, and kept for the reader decision of every smooth; the decided title and byline come back.
   */
  classify: Method<{ snapshot: PageSnapshot; weightsJson: unknown; useSiteMemory?: boolean; declared?: DeclaredSources },
    ClassifiedWire>;
  /** Re-smooths the kept classified page with new options: no capture, no classification. */
  smooth: Method<{ options: PipelineOptions }, SmoothedWire>;
  /**
   * Adds the classified page to the site memory given with it and answers the memory to store. Called once the page
   * is on screen (remembering costs more than reading the evidence); the run answers after it, so the popup's page
   * count includes the page.
   */
  rememberPage: Method<Record<string, never>, RememberedWire>;
  /** Takes the site prior off the kept page ("forget this site"); the next smooth is page-level only. */
  dropSiteEvidence: Method<Record<string, never>, { nodes: number }>;
  /**
   * Inspect mode's card for a node (snapshot index, as PageCapture.elements): scores, the `top` (6) feature
   * contributions, site evidence, smoothed value and merge penalty, from the smoothing with these options (the last
   * one when they match). A node out of range is refused with a message.
   */
  inspect: Method<{ node: number; options: PipelineOptions; top?: number }, NodeInspection>;
  /** Feature rows of the segment rooted at `node` under the smoothing with these options, for a person's label. */
  trainingRows: Method<{ node: number; options: PipelineOptions }, LabelTrainingRows>;
  /**
   * The kept page cut by paper 003's GCuts (or CClus) with the bundled segmentation model, each segment with its
   * template/content verdict from the smoothing with these options. The segmentation is made once per classified
   * page; later calls (a slider move) only recompute the verdicts. Timed: `segmentMs`, `ms`.
   */
  graphSegments: Method<{ options: PipelineOptions; method?: GraphMethod }, GraphSegmentsWire>;
}
