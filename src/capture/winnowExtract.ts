/**
 * Winnow as a library (like Readability.js and Defuddle): one synchronous call in the page, from the live document to
 * the article's title, byline, date, body text and clean HTML. The command line's page script runs the same call
 * (`analyze` in pageEntry.ts), so the library, `winnow extract` and `winnow eval` share one code path.
 */
import bundledModel from '../../public/model/winnow-lr-v3.json';
import { captureSnapshot, type CaptureResult } from './captureSnapshot.ts';
import { readPageMetadata } from './pageMetadata.ts';
import { keptHtml } from './keptHtml.ts';
import { selectorOf } from './selectorOf.ts';
import { PageSession, type PageSessionResult } from '../session/pageSession.ts';
import { pipelineOptions } from '../pipeline/pipelineOptions.ts';
import type { PageSegmentJson } from '../pipeline/pageAnalysis.ts';
import { parseModelWeights, type ModelWeights } from '../model/weights.ts';
import { FEATURE_SCHEMA } from '../features/featureSchema.ts';
import type { ReaderDecision } from '../reader/readerDecision.ts';
import { readerText } from '../reader/readerText.ts';
import { bylineName } from '../reader/bylineName.ts';
import type { InformativeRegions } from '../segment/informativeRegions.ts';
import { now } from '../util/clock.ts';

export interface WinnowExtractOptions {
  /** The penalty factor c of the smoothing (γᵢ = c·A/Aᵢ); default 0.01. Larger: fewer, bigger segments. */
  penalty?: number;
  /** Smoothed templateness at or above which a segment is template; default 0.5. */
  threshold?: number;
  /** Nodes smaller than this (CSS px²) are rolled into their parent before smoothing; default 2000. */
  minArea?: number;
  /** Classifier weights as stored in public/model/ (a model refitted by `winnow train`); default the bundled one. */
  model?: unknown;
}

export interface WinnowArticle {
  /** The article's title (metadata, cut of the site's name; else the headline's text; else the document title). */
  title: string;
  /** Author name(s), null when the page names none. */
  byline: string | null;
  /** Publication date in ISO 8601, null when the page gives none that can be read. */
  published: string | null;
  /** The body text, without the title and byline: one line per block. */
  text: string;
  /** The body as clean HTML, built from the live elements (the page is not changed). */
  html: string;
  /** The smoothing's segments of the whole page, content and template. */
  segments: PageSegmentJson[];
  /** What the SD algorithm (paper 004) calls the page, on text outside links. */
  pageType: InformativeRegions['pageType'];
  /** Milliseconds per stage, measured in the page; `totalMs` is the whole call. */
  timingsMs: Record<string, number>;
}

/** Everything one run produced, for hosts that need more than the article (the command line maps nodes back). */
export interface WinnowRun {
  article: WinnowArticle;
  capture: CaptureResult;
  /** The page session's smoothing (segments, values, cost) and its reader decision. */
  result: PageSessionResult;
  decision: ReaderDecision;
}

/** The main content of `doc` (the page's own document by default), read without changing it. */
export function winnowExtract(doc: Document = document, options: WinnowExtractOptions = {}): WinnowArticle {
  return winnowRun(doc, options).article;
}

let bundledWeights: ModelWeights | null = null;

/** winnowExtract, also handing back the capture, the pipeline's result and the reader decision. */
export function winnowRun(doc: Document, options: WinnowExtractOptions = {}): WinnowRun {
  const t0 = now();
  const weights = options.model !== undefined ? parseModelWeights(options.model, FEATURE_SCHEMA)
    // Parsed once: the bundled file is versioned with the feature schema, so a schema change without new weights
    // fails here with parseModelWeights' message instead of scoring with misfit weights.
    : (bundledWeights ??= parseModelWeights(bundledModel, FEATURE_SCHEMA));
  const opts = pipelineOptions({ penaltyFactor: options.penalty, threshold: options.threshold, minArea: options.minArea });
  const t1 = now();
  const metadata = readPageMetadata(doc);
  const t2 = now();
  const capture = captureSnapshot(doc);
  const { snapshot: s, elements } = capture;
  const hints = { title: metadata.title || s.title, byline: metadata.byline, authorNodes: capture.authorNodes };
  const t4 = now();
  // The same page session as the extension's worker and `--site` runs, here without site memory.
  const session = PageSession.classify(s, weights, { hints });
  const result = session.smooth(opts);
  const { decision } = result;
  const t5 = now();
  const text = readerText(s, (i) => decision.keep[i] === 0);
  const t6 = now();
  const html = keptHtml(s, elements, decision.keep);
  const segments = result.segments.map((seg) => ({
    node: seg.node, selector: selectorOf(elements[seg.node]), rect: seg.rect, score: seg.score,
    template: seg.template, text: seg.text, parentSegment: seg.parentSegment,
  }));
  const t7 = now();
  const nodeText = (i: number) => (i >= 0 ? s.text.slice(s.textStart[i], s.textEnd[i]).replace(/\s+/g, ' ').trim() : '');
  const article: WinnowArticle = {
    title: metadata.title || nodeText(decision.headline) || s.title,
    byline: metadata.byline ?? bylineName(s, decision.byline, capture.authorNodes),
    published: metadata.published,
    text,
    html,
    segments,
    pageType: decision.pageType,
    timingsMs: {
      captureMs: s.captureMs,
      ...session.classified.timings,
      ...result.timings,
      // Capture to segments under one name: totalMs is the whole call.
      pipelineMs: s.captureMs + (t5 - t4) - result.readerMs,
      modelMs: t1 - t0,
      metadataMs: t2 - t1,
      readerMs: result.readerMs + (t6 - t5), // the decision, the body text
      htmlMs: t7 - t6, // the clean HTML and the segments' selectors
      totalMs: now() - t0,
    },
  };
  return { article, capture, result, decision };
}
