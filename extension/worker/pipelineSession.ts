import { classifyPage, smoothPage } from '../../src/pipeline/runPipeline.ts';
import { siteTemplateSegments, withSiteEvidence, type SiteAwarePage } from '../../src/pipeline/siteAware.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { parseModelWeights, type ModelWeights } from '../../src/model/weights.ts';
import { FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import type { Segment } from '../../src/segment/segments.ts';
import { readerDecision, type ArticleHints } from '../../src/reader/readerDecision.ts';
import type { Handlers } from '../shared/protocol.ts';
import type { WorkerApi } from '../shared/workerApi.ts';
import {
  evidenceOf, evidenceWire, readSiteMemory, readWire, rememberPage, type SiteMemoryRead,
} from './siteMemoryRun.ts';

/**
 * The pipeline for one page: keeps the classified snapshot, with the site prior applied, so that a new penalty only
 * re-smooths (and keeps the site evidence). Runs in the worker, or in the page itself when no worker could be started
 * (the same code either way).
 */
export class PipelineSession {
  private classified: SiteAwarePage | null = null;
  /** The site memory read for the next page to classify. */
  private readMemory: SiteMemoryRead | null = null;
  /** The site memory the classified page's evidence came from (the page not yet in it); null without. */
  private siteMemory: SiteMemoryRead | null = null;
  private weights: { json: string; parsed: ModelWeights } | null = null;
  /** What the classified page's document says about its article, for the reader decision. */
  private hints: ArticleHints = {};

  readonly handlers: Handlers<WorkerApi> = {
    readSiteMemory: ({ memory }) => {
      this.readMemory = readSiteMemory(memory);
      return readWire(this.readMemory);
    },
    classify: ({ snapshot, weightsJson, useSiteMemory, hints }) => {
      const page = classifyPage(snapshot, this.weightsFor(weightsJson));
      this.hints = hints ?? {};
      const read = useSiteMemory ? this.readMemory : null;
      this.readMemory = null;
      const found = read && evidenceOf(read.memory, snapshot);
      this.classified = withSiteEvidence(page, found?.evidence ?? null);
      this.siteMemory = read;
      const site = read && found && evidenceWire(read, found, this.classified);
      return { nodes: snapshot.count, ...page.timings, site };
    },
    smooth: ({ options }) => {
      const classified = this.requireClassified();
      const opts = pipelineOptions(options);
      const smoothed = smoothPage(classified, opts);
      const reader = readerDecision(classified.snapshot, smoothed.values, opts.threshold, this.hints);
      return {
        values: smoothed.values,
        readerKeep: reader.keep,
        show: reader.show,
        headline: reader.headline,
        byline: reader.byline,
        segments: smoothed.segments,
        siteSegments: siteTemplateSegments(smoothed.segments, classified.siteTemplate),
        smoothedNodes: smoothed.smoothedNodes,
        cost: smoothed.cost,
        templateTextShare: templateTextShare(smoothed.segments),
        smoothMs: smoothed.timings.smoothMs + smoothed.timings.segmentMs,
      };
    },
    rememberPage: () => {
      const classified = this.requireClassified();
      if (!this.siteMemory) throw new Error('no site memory was read for this page');
      return rememberPage(this.siteMemory.memory, classified.snapshot);
    },
    dropSiteEvidence: () => {
      this.classified = withSiteEvidence(this.requireClassified(), null);
      return { nodes: this.classified.snapshot.count };
    },
  };

  private requireClassified(): SiteAwarePage {
    if (!this.classified) throw new Error('nothing to smooth: the page was not classified yet');
    return this.classified;
  }

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
