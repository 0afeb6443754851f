/**
 * The worker's API answered by the core's page session (src/session/pageSession.ts): only wire mapping lives here.
 * The worker serves these handlers over its port; the in-page engine calls them directly, so both run the same code.
 */
import { PageSession } from '../../src/session/pageSession.ts';
import { readStoredSiteMemory, storedSiteMemoryText, type StoredSiteMemory } from '../../src/session/storedSiteMemory.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { parseModelWeights, type ModelWeights } from '../../src/model/weights.ts';
import { FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import { now } from '../../src/util/clock.ts';
import type { Handlers } from './protocol.ts';
import type { WorkerApi } from './workerApi.ts';
import { SEGMENTATION_MODEL_NAME, segmentationModel } from './segmentationModelFile.ts';
import { declaredHints } from '../../src/reader/declaredArticle.ts';

/**
 * The last model parsed, by the object it came as; its text is written only to compare with another object. One for
 * every session of this thread: the background serves two sessions for each small page, and many pages.
 */
let weights: { source: unknown; json?: string; parsed: ModelWeights } | null = null;

/**
 * Every request brings the model again (a new object each time over a port); the page's first classification, the
 * one the person waits for, parses it without writing it out as text first.
 */
function weightsFor(json: unknown): ModelWeights {
  if (weights && weights.source !== json) {
    weights.json ??= JSON.stringify(weights.source);
    if (weights.json !== JSON.stringify(json)) weights = null;
    else weights.source = json;
  }
  weights ??= { source: json, parsed: parseModelWeights(json, FEATURE_SCHEMA) };
  return weights.parsed;
}

/** Handlers for one connection: they keep the last classified page, so a new penalty only re-smooths. */
export function pipelineHandlers(): Handlers<WorkerApi> {
  let session: PageSession | null = null;
  /** The site memory read for the next page to classify. */
  let nextMemory: StoredSiteMemory | null = null;
  const requireSession = (): PageSession => {
    if (!session) throw new Error('nothing to smooth: the page was not classified yet');
    return session;
  };
  return {
    readSiteMemory: ({ memory, page }) => {
      nextMemory = readStoredSiteMemory(memory);
      const pages = nextMemory.memory.pageCount;
      return { pages, otherPages: page === undefined ? pages : nextMemory.memory.pagesOtherThan(page),
        problem: nextMemory.problem, ms: nextMemory.ms };
    },
    classify: ({ snapshot, weightsJson, useSiteMemory, declared }) => {
      const read = useSiteMemory ? nextMemory : null;
      nextMemory = null;
      const hints = declared && declaredHints(declared, snapshot.title);
      session = PageSession.classify(snapshot, weightsFor(weightsJson), { hints, siteMemory: read?.memory });
      const found = session.siteEvidence;
      const site = read && found && {
        pagesSeen: found.evidence.pagesSeen,
        methods: [...found.evidence.available],
        templateNodes: found.templateNodes,
        setAside: found.setAside,
        ms: read.ms + found.ms,
      };
      const { featuresMs, classifyMs } = session.classified.timings;
      return { nodes: snapshot.count, featuresMs, classifyMs, site,
        declared: hints ? { title: hints.title, byline: hints.byline } : null };
    },
    smooth: ({ options }) => {
      const r = requireSession().smooth(pipelineOptions(options));
      return {
        values: r.values,
        readerKeep: r.decision.keep,
        show: r.decision.show,
        headline: r.decision.headline,
        byline: r.decision.byline,
        segments: r.segments,
        siteSegments: r.siteSegments,
        smoothedNodes: r.smoothedNodes,
        cost: r.cost,
        templateTextShare: r.templateShare,
        smoothMs: r.timings.smoothMs + r.timings.segmentMs,
      };
    },
    rememberPage: () => {
      const t0 = now();
      const memory = requireSession().remember();
      return { memory: storedSiteMemoryText(memory), pagesRemembered: memory.pageCount, ms: now() - t0 };
    },
    dropSiteEvidence: () => {
      const page = requireSession();
      page.dropSiteEvidence();
      return { nodes: page.snapshot.count };
    },
    inspect: ({ node, options, top }) => requireSession().inspect(node, pipelineOptions(options), top),
    trainingRows: ({ node, options }) => requireSession().trainingRows(node, pipelineOptions(options)),
    graphSegments: ({ options, method }) => ({
      ...requireSession().graphSegments(segmentationModel(), pipelineOptions(options), method),
      model: SEGMENTATION_MODEL_NAME,
      warmUp: null,
    }),
  };
}
