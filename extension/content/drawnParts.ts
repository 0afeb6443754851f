/**
 * What highlight mode draws, so that it shows what hide mode removes: the template segments (`highlightParts`), plus
 * every node hide mode hides that no template box covers — a cookie banner, a sidebar or a "related" list that the
 * smoothing scored as content but the reader decision (src/reader/readerDecision.ts, through `show`) leaves out.
 * Without them a person sees no box on a banner that hide then removes. Pure: works on the snapshot's parent array
 * (node indices in document pre-order, parent before child), no DOM.
 */
import type { Segment } from '../../src/segment/segments.ts';
import { highlightParts, holdsShown, nodesToHide, type HighlightPart } from './shownParts.ts';

export interface DrawnPart extends HighlightPart {
  /**
   * Hide mode removes it, but it is not a part of a template segment: the reader decision left it out of the content.
   * Its segment is the one the node belongs to.
   */
  notContent: boolean;
}

/**
 * The template parts and the hidden nodes outside them, in document order. A hidden node may hold template parts
 * (a sidebar scored as content with an ad inside it): both are drawn, the part nested in the hidden node's box.
 */
export function drawnParts(parent: ArrayLike<number>, show: ArrayLike<number>,
  segments: readonly Segment[]): DrawnPart[] {
  // Worked out once for both (a pass over every node of the page, on the first draw).
  const holds = holdsShown(parent, show);
  const template: DrawnPart[] = highlightParts(parent, show, segments, holds).map((p) => ({ ...p, notContent: false }));
  // A template part holds nothing shown, so it lies inside one of the hidden nodes (the topmost nodes holding nothing
  // shown) or is one of them: what is left to draw are the hidden nodes that are not parts themselves.
  const drawn = new Set(template.map((p) => p.node));
  const owner = ownerSegments(parent, segments);
  const notContent: DrawnPart[] = nodesToHide(parent, show, holds).filter((node) => !drawn.has(node))
    .map((node) => ({ node, segment: owner[node], notContent: true }));
  return [...template, ...notContent].sort((a, b) => a.node - b.node);
}

/** Per node, the innermost segment it belongs to (a segment starts at its root node). */
export function ownerSegments(parent: ArrayLike<number>, segments: readonly Segment[]): Int32Array {
  const owner = new Int32Array(parent.length).fill(-1);
  segments.forEach((g, k) => { owner[g.node] = k; });
  for (let i = 1; i < owner.length; i++) if (owner[i] < 0 && parent[i] >= 0) owner[i] = owner[parent[i]];
  return owner;
}
