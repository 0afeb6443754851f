import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import type { PipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import type { DeclaredSources } from '../../src/reader/declaredArticle.ts';
import type { ClassifiedWire, GraphSegmentsWire, SmoothedWire } from '../shared/workerApi.ts';
import type { GraphMethod } from '../../src/segmentation/segmentPage.ts';
import type { EngineKind } from '../shared/runStatus.ts';
import type { LabelTrainingRows, NodeInspection } from '../../src/inspect/nodeInspection.ts';
import type { RememberedWire, SiteMemoryReadWire } from '../shared/siteMemoryApi.ts';

/**
 * Runs classification and smoothing for the content script: in the extension's background (small pages), in a worker
 * (larger ones), or in the page (when neither can be reached).
 */
export interface PipelineEngine {
  readonly kind: EngineKind;
  /**
   * Set by the run: called with each stretch of the engine's own work in the page's thread (posting a message to the
   * background, where the browser clones it; the in-page engine's stages, not the turns it gives the page), which the
   * run counts into its page-thread work (RunStatus.phasesMs.engineBusy).
   */
  onPageBusy?: (ms: number) => void;
  /**
   * Reads the site's stored memory (JSON text, null for a new site) for the next classify (see WorkerApi); `page`, the
   * address of the page to be classified, makes the answer count the pages other than it.
   */
  readSiteMemory(memory: string | null, page?: string): Promise<SiteMemoryReadWire>;
  /**
   * Takes ownership of the snapshot: its buffers may be transferred and unusable afterwards. With `useSiteMemory`
   * the memory read before gives the page's site evidence; without, the run is page-level only. `declared` is what
   * the document says about its article, as read, which the engine decides among for the reader decision.
   */
  classify(snapshot: PageSnapshot, weightsJson: unknown, useSiteMemory?: boolean, declared?: DeclaredSources):
    Promise<ClassifiedWire>;
  smooth(options: PipelineOptions): Promise<SmoothedWire>;
  /** Adds the classified page to the site memory given with it; answers the memory to store. */
  rememberPage(): Promise<RememberedWire>;
  /** Takes the site prior off the classified page; the next smooth is page-level only. */
  dropSiteEvidence(): Promise<unknown>;
  /**
   * Inspect mode's card for a node (snapshot index: PageCapture.elements), from the smoothing with these options;
   * `top` feature contributions (6 when left out). Rejects a node out of range with a message.
   */
  inspect(node: number, options: PipelineOptions, top?: number): Promise<NodeInspection>;
  /** Feature rows of the segment rooted at `node` under the smoothing with these options, kept with a label. */
  trainingRows(node: number, options: PipelineOptions): Promise<LabelTrainingRows>;
  /** The classified page cut by GCuts (or CClus), each segment with the smoothing's verdict at these options. */
  graphSegments(options: PipelineOptions, method?: GraphMethod): Promise<GraphSegmentsWire>;
  dispose(): void;
}
