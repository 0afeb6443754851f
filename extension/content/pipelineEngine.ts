import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import type { PipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import type { ClassifiedWire, SmoothedWire } from '../shared/workerApi.ts';
import type { EngineKind } from '../shared/runStatus.ts';

/** Runs classification and smoothing for the content script, in a worker or (fallback) in the page. */
export interface PipelineEngine {
  readonly kind: EngineKind;
  /** Takes ownership of the snapshot: its buffers may be transferred and unusable afterwards. */
  classify(snapshot: PageSnapshot, weightsJson: unknown): Promise<ClassifiedWire>;
  smooth(options: PipelineOptions): Promise<SmoothedWire>;
  dispose(): void;
}
