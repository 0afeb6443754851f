/** What the page state reports: the run status the popup shows, and the segments as an annotation export. */
import { DEFAULT_PIPELINE_OPTIONS } from '../../src/pipeline/pipelineOptions.ts';
import type { AnnotationExport } from '../../src/labels/annotationFile.ts';
import type { RunStatus } from '../shared/runStatus.ts';
import type { GraphSegmentsWire } from '../shared/workerApi.ts';
import { buildAnnotationExport } from './annotationExport.ts';
import { completeRun, highlighted, type CompleteRun, type PageState } from './pageState.ts';

/** Null until the first run is complete. */
export function runStatusOf(state: PageState): RunStatus | null {
  const { capture: c, smoothed: s, settings } = state;
  if (!c || !s || !settings) return null;
  return {
    url: c.url,
    mode: state.mode,
    penaltyFactor: settings.penaltyFactor,
    threshold: settings.threshold,
    nodes: c.elements.length,
    segments: s.segments.length,
    templateSegments: s.segments.filter((g) => g.template).length,
    templateTextShare: s.templateTextShare,
    captures: state.captures,
    stylesRead: state.stylesRead,
    smooths: state.smooths,
    engine: state.engineKind,
    firstEngine: state.firstEngineKind ?? state.engineKind,
    timingsMs: { capture: c.captureMs, classify: c.classifyMs, smooth: s.smoothMs, total: state.totalMs },
    shownAtEpochMs: state.shownAtEpochMs,
    phasesMs: { ...state.phases },
    resmoothMs: state.resmooth && { ...state.resmooth },
    site: c.site && { ...c.site, templateSegments: siteTemplateSegments({ capture: c, smoothed: s, settings }) },
    graph: state.graph?.for === s ? graphStatusOf(state.graph.value, state.graph.answerMs) : null,
  };
}

function graphStatusOf(g: GraphSegmentsWire, answerMs: number): NonNullable<RunStatus['graph']> {
  return {
    method: g.method,
    model: g.model,
    segments: g.segments.length,
    templateSegments: g.segments.filter((x) => x.template).length,
    segmentMs: g.segmentMs,
    phasesMs: g.phasesMs && { ...g.phasesMs },
    ms: g.ms,
    answerMs,
    warmUp: g.warmUp && { ...g.warmUp },
  };
}

/**
 * The annotation file the popup exports: the segments with the person's labels, and the page's GCuts segmentation,
 * asked of `run` (made now when no mode needed it yet, so the export has it in every mode; left out only when the
 * engine lost the capture on screen, after a failed re-run: the rest of the file is still right).
 */
export async function exportedAnnotations(state: PageState,
  run: { graphSegments(): Promise<GraphSegmentsWire | null> }): Promise<AnnotationExport> {
  return annotationsOf(state, (await run.graphSegments()) ?? undefined);
}

/** Throws before the first run is complete. The person's labels on the page's segments are in it. */
export function annotationsOf(state: PageState, graph?: GraphSegmentsWire): AnnotationExport {
  const file = modelAnnotationsOf(state, graph);
  for (const [k, label] of state.humanLabels) {
    const segment = file.segments[k];
    if (segment) Object.assign(segment, { humanLabel: label.label, labelledAt: label.labelledAt });
  }
  return file;
}

/** The segments as the model labelled them, without the person's labels (how labels find their segments). */
export function modelAnnotationsOf(state: PageState, graph?: GraphSegmentsWire): AnnotationExport {
  const { capture: c, smoothed: s, settings } = completeRun(state);
  return buildAnnotationExport({
    url: c.url,
    title: c.title,
    viewport: c.viewport,
    modelVersion: state.modelVersion,
    options: {
      penaltyFactor: settings.penaltyFactor,
      threshold: settings.threshold,
      minArea: DEFAULT_PIPELINE_OPTIONS.minArea,
    },
    segments: s.segments,
    siteSegments: c.site ? s.siteSegments : undefined,
    elements: c.elements,
    graph,
  });
}

/** How many template segments highlight mode draws (in one box or more) whose root repeats across the site. */
function siteTemplateSegments(run: CompleteRun): number {
  const siteSegments = run.smoothed.siteSegments;
  return new Set(highlighted(run).map((p) => p.segment).filter((k) => siteSegments[k] === 1)).size;
}
