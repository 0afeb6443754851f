import { classifyPage, smoothPage, type ClassifiedPage } from '../../src/pipeline/runPipeline.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { parseModelWeights, type ModelWeights } from '../../src/model/weights.ts';
import { FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import type { Segment } from '../../src/segment/segments.ts';
import { readerKeep } from '../../src/segment/readerKeep.ts';
import type { Handlers } from '../shared/protocol.ts';
import type { WorkerApi } from '../shared/workerApi.ts';

/**
 * The pipeline for one page: keeps the classified snapshot so that a new penalty only re-smooths. Runs in the
 * worker, or in the page itself when no worker could be started (the same code either way).
 */
export class PipelineSession {
  private classified: ClassifiedPage | null = null;
  private weights: { json: string; parsed: ModelWeights } | null = null;

  readonly handlers: Handlers<WorkerApi> = {
    classify: ({ snapshot, weightsJson }) => {
      this.classified = classifyPage(snapshot, this.weightsFor(weightsJson));
      return { nodes: snapshot.count, ...this.classified.timings };
    },
    smooth: ({ options }) => {
      if (!this.classified) throw new Error('nothing to smooth: the page was not classified yet');
      const opts = pipelineOptions(options);
      const smoothed = smoothPage(this.classified, opts);
      return {
        values: smoothed.values,
        readerKeep: readerKeep(this.classified.snapshot, smoothed.values, opts.threshold),
        segments: smoothed.segments,
        smoothedNodes: smoothed.smoothedNodes,
        cost: smoothed.cost,
        templateTextShare: templateTextShare(smoothed.segments),
        smoothMs: smoothed.timings.smoothMs + smoothed.timings.segmentMs,
      };
    },
  };

  private weightsFor(json: unknown): ModelWeights {
    const key = JSON.stringify(json);
    if (this.weights?.json !== key) this.weights = { json: key, parsed: parseModelWeights(json, FEATURE_SCHEMA) };
    return this.weights.parsed;
  }
}

/** Share of the segments' text (each character counted once, in its innermost segment) that is template. */
export function templateTextShare(segments: readonly Segment[]): number {
  let total = 0;
  let template = 0;
  for (const s of segments) {
    const n = s.text.replace(/\s+/g, '').length;
    total += n;
    if (s.template) template += n;
  }
  return total > 0 ? template / total : 0;
}
