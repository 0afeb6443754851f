import type { Method } from './protocol.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import type { PipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import type { Segment } from '../../src/segment/segments.ts';

/** The smoothing result as it crosses the port: values are transferred back, segments are cloned. */
export interface SmoothedWire {
  values: Float64Array;
  /** Per node, 1 when the reader view keeps it (see src/segment/readerKeep.ts). */
  readerKeep: Uint8Array;
  segments: Segment[];
  smoothedNodes: number;
  cost: number;
  templateTextShare: number;
  smoothMs: number;
}

export interface ClassifiedWire {
  nodes: number;
  featuresMs: number;
  classifyMs: number;
}

/** Messages the pipeline worker (or its in-page stand-in) answers. It keeps the last classified page. */
export interface WorkerApi {
  /** Computes features and classifier scores for a snapshot whose buffers were transferred. */
  classify: Method<{ snapshot: PageSnapshot; weightsJson: unknown }, ClassifiedWire>;
  /** Re-smooths the kept classified page with new options: no capture, no classification. */
  smooth: Method<{ options: PipelineOptions }, SmoothedWire>;
}
