import type { InputItem } from './inputFiles.ts';
import type { PageAnalysisJson } from '../../pipeline/pageAnalysis.ts';
import type { PipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { PageSession } from '../../session/pageSession.ts';
import type { ModelWeights } from '../../model/weights.ts';
import { SiteMemory } from '../../site/memory/siteMemory.ts';
import { SITE_METHODS, METHOD_BIT, type SiteMethod } from '../../site/memory/siteEvidence.ts';
import { SITE_PRIOR_DEFAULTS, type SitePriorSettings } from '../../site/memory/sitePrior.ts';
import { now } from '../../util/clock.ts';
import { readerText } from '../../reader/readerText.ts';
import { mapCapturedPages } from './capturePagesInOrder.ts';
import { segmentSelectors } from './segmentSelectors.ts';

/** What the site memory contributed to one page. */
export interface SitePageInfo {
  /** Earlier pages of the site the memory held when this page was cleaned. */
  pagesSeen: number;
  /** Methods that had enough pages to say anything. */
  methods: SiteMethod[];
  /** Per segment (same order as `segments`): the methods that call its root a site template, empty when none. */
  segmentMethods: SiteMethod[][];
  /** Indices of the segments whose root the prior's rule calls a site template. */
  templateSegments: number[];
  /** Evidence not used because the page looks like a copy of a remembered page (src/pipeline/siteAware.ts). */
  setAside: 'copy' | null;
}

export type SiteFileOutcome = { item: InputItem; analysis: PageAnalysisJson; site: SitePageInfo } |
  { item: InputItem; error: string };

export interface SiteOptions {
  weights: ModelWeights;
  pipeline: PipelineOptions;
  timeoutMs: number;
  prior?: SitePriorSettings;
}

/**
 * `--site`: the files, in the order given, are pages of one site. Each page is captured in Chromium, classified in
 * Node, cleaned with the evidence of the pages before it (prior, then smoothing) and then remembered. A page that
 * fails is reported and not remembered; the rest go on.
 */
export async function analyzeSite(items: InputItem[], o: SiteOptions): Promise<SiteFileOutcome[]> {
  const memory = SiteMemory.create();
  return mapCapturedPages(items, o.timeoutMs, async (_item, captured) => {
    const s = captured.snapshot;
    const t0 = now();
    // The page session the extension's worker runs: evidence from the pages before this one, prior, smoothing,
    // reader decision (the page's <title> is its only hint: a site run reads no other metadata).
    const session = PageSession.classify(s, o.weights,
      { siteMemory: memory, prior: o.prior ?? SITE_PRIOR_DEFAULTS, hints: { title: s.title } });
    const result = session.smooth(o.pipeline);
    const t1 = now();
    const { evidence, ms: siteMs } = session.siteEvidence!;
    const { segments } = result;
    const selectors = await segmentSelectors(captured.page, segments.map((seg) => seg.node));
    session.remember();
    const segmentMethods = segments.map((seg) => SITE_METHODS.filter((m) => evidence.methods[seg.node] & METHOD_BIT[m]));
    const timings = { ...session.classified.timings, ...result.timings, siteMs };
    return {
      analysis: {
        url: s.url,
        title: s.title,
        nodes: s.count,
        smoothedNodes: result.smoothedNodes,
        cost: result.cost,
        segments: segments.map((seg, k) => ({
          node: seg.node, selector: selectors[k], rect: seg.rect, score: seg.score, template: seg.template,
          text: seg.text, parentSegment: seg.parentSegment,
        })),
        readerText: readerText(s, (i) => result.decision.keep[i] === 0),
        // Cleaned in Node from the capture: the page's metadata is not read on this path (yet).
        article: { title: s.title, byline: null, published: null },
        timingsMs: { captureMs: s.captureMs, ...timings, totalMs: s.captureMs + (t1 - t0) },
      },
      site: {
        pagesSeen: evidence.pagesSeen,
        methods: evidence.available,
        segmentMethods,
        templateSegments: segments.flatMap((_, k) => (result.siteSegments[k] ? [k] : [])),
        setAside: session.classified.setAside,
      },
    };
  });
}
