/**
 * Segments mode: the page as paper 003's GCuts cuts it (the engine's graph segmentation, with the smoothing's verdict
 * per segment). Each segment's parts are boxed in its colour (segmentPalette.ts: segments that touch differ), with a
 * tag naming it by number and verdict in words ("12 template"), so the verdict is never told by colour alone. Drawn
 * by highlight mode's overlay (highlightOverlay.ts), which keeps what it promises there: boxes only on what can be
 * seen, outside the page's layout (a closed shadow root), following scrolls, tags only where they cover no text.
 */
import type { GraphSegmentsWire } from '../shared/workerApi.ts';
import { segmentsSummary } from '../shared/segmentsSummary.ts';
import type { HighlightBox } from './highlightOverlay.ts';
import type { PageCapture } from './pageState.ts';
import { SEGMENT_PALETTE, segmentColours } from './segmentPalette.ts';

/**
 * One box per part of each segment, never on the page itself (<html>, <body>: a box around everything says nothing).
 * Segment k is numbered k + 1, as in the export's `segmentation.segments[k]`.
 */
export function segmentsViewBoxes(capture: Pick<PageCapture, 'elements'>, graph: GraphSegmentsWire): HighlightBox[] {
  const doc = capture.elements[0]?.ownerDocument;
  const page = new Set<Element | null | undefined>([doc?.body, doc?.documentElement]);
  const colours = segmentColours(graph.segments.flatMap((g, segment) => g.parts.map(({ rect: r }) =>
    ({ segment, rect: { x: r.x, y: r.y, w: r.width, h: r.height } }))), graph.segments.length);
  return graph.segments.flatMap((g, k) => g.parts
    .map(({ node }) => capture.elements[node])
    .filter((el) => el !== undefined && !page.has(el))
    .map((el) => ({
      el,
      score: g.score,
      segment: {
        colour: SEGMENT_PALETTE[colours[k]],
        tag: `${k + 1} ${g.template ? 'template' : 'content'}`,
        template: g.template,
      },
    })));
}

/** The toast: how many segments, how many template, and how long the segmentation took. */
export function segmentsToast(graph: GraphSegmentsWire): string {
  const templateSegments = graph.segments.filter((g) => g.template).length;
  return segmentsSummary({ ...graph, segments: graph.segments.length, templateSegments });
}
