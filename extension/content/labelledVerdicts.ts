/**
 * A person's labels win on their page. Hide, highlight and the reader act on a labelled segment as it is labelled,
 * whatever the model judged: a segment labelled content stays on screen in hide mode, is not boxed in highlight mode
 * and is read in the reader; one labelled template is hidden, boxed and left out. A label covers the segment's own
 * nodes, and, for "content", the unlabelled segments nested in it that the model also calls content (the reader may
 * have left them out with their parent); a nested segment the model calls template (an ad in a story) keeps its
 * verdict, and a nested label wins over the enclosing one. Inspect mode and the annotation export keep the model's
 * verdicts, with the labels beside them, so an exported dataset holds both.
 * Pure: works on the snapshot's parent array (node indices in document pre-order, parent before child), no DOM.
 */
import type { SegmentLabel } from '../../src/labels/annotationFile.ts';
import { completeRun, type CompleteRun, type PageState, type SmoothedPage } from './pageState.ts';
import { ownerSegments } from './drawnParts.ts';

/** The state's complete run as highlight, hide, the reader and a saved article act on it: with the labels applied. */
export function labelledRun(state: PageState): CompleteRun {
  const run = completeRun(state);
  return { ...run, smoothed: withHumanLabels(run.capture.parent, run.smoothed, state.humanLabels) };
}

/** The smoothing's verdicts with the labels applied (the same object when there are none). */
export function withHumanLabels(parent: ArrayLike<number>, smoothed: SmoothedPage,
  labels: ReadonlyMap<number, { label: SegmentLabel }>): SmoothedPage {
  if (labels.size === 0) return smoothed;
  const n = parent.length;
  const owner = ownerSegments(parent, smoothed.segments);
  const inTitle = insideEither(parent, smoothed.headline, smoothed.byline);
  const show = Uint8Array.from(smoothed.show);
  const keep = Uint8Array.from(smoothed.readerKeep);
  const effective = effectiveLabels(smoothed.segments, labels);
  for (let i = 0; i < n; i++) {
    const label = owner[i] >= 0 ? effective[owner[i]] : null;
    if (!label) continue;
    const v = label === 'content' ? 1 : 0;
    show[i] = v;
    // The headline and byline are not body text: the reader puts them on top (readerDecision's `keep` leaves them out).
    if (!inTitle[i]) keep[i] = v;
  }
  // The reader copies an element only if it is kept, so whatever holds kept text is kept too (a template-labelled
  // segment around a nested content one, the containers above a content-labelled sidebar).
  for (let i = n - 1; i > 0; i--) if (keep[i] && parent[i] >= 0) keep[parent[i]] = 1;
  const segments = smoothed.segments.map((g, k) => {
    const label = labels.get(k)?.label;
    return label ? { ...g, template: label === 'template' } : g;
  });
  return { ...smoothed, show, readerKeep: keep, segments };
}

/** Per segment, the label that applies to its own nodes, or null for the model's verdict. */
function effectiveLabels(segments: SmoothedPage['segments'], labels: ReadonlyMap<number, { label: SegmentLabel }>):
  Array<SegmentLabel | null> {
  const out: Array<SegmentLabel | null> = [];
  // Segments come in document order, each after the segment it is nested in.
  segments.forEach((g, k) => {
    const own = labels.get(k)?.label;
    const enclosing = g.parentSegment >= 0 ? out[g.parentSegment] : null;
    out.push(own ?? (enclosing === 'content' && !g.template ? 'content' : null));
  });
  return out;
}

/** Per node, 1 inside (or at) either node's subtree; -1 names no node. */
function insideEither(parent: ArrayLike<number>, a: number, b: number): Uint8Array {
  const inside = new Uint8Array(parent.length);
  for (let i = 0; i < inside.length; i++) {
    inside[i] = i === a || i === b || (parent[i] >= 0 && inside[parent[i]] === 1) ? 1 : 0;
  }
  return inside;
}
