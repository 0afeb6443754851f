import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { segmentTextHash } from '../labels/segmentText.ts';

export interface Segment {
  /** Snapshot node index of the segment root. */
  node: number;
  /** Smoothed templateness of the segment (the compressed score ŷ at its root). */
  score: number;
  template: boolean;
  rect: { x: number; y: number; width: number; height: number };
  /** Text that belongs to this segment: its subtree's text minus that of segments nested inside it. */
  text: string;
  /**
   * Hash (segmentTextHash) of the root's whole subtree text, nested segments included: unlike `text`, it does not
   * change when another penalty nests other segments inside, so a label finds its segment again at any penalty
   * (src/labels/labelMapping.ts). Always set by segmentsFromScores; optional only for segments made by hand.
   */
  subtreeHash?: string;
  /** Index in the returned list of the nearest enclosing segment, -1 for the page root's segment. */
  parentSegment: number;
}

/**
 * Segments from smoothed scores: the page nodes where the compressed score is defined (the root and every node
 * whose value differs from its parent's), in document order.
 */
export function segmentsFromScores(s: PageSnapshot, values: Float64Array, roots: ArrayLike<number>,
  threshold: number): Segment[] {
  const order = Array.from(roots).sort((a, b) => a - b);
  const segments: Segment[] = [];
  const open: number[] = []; // stack of indices into `segments` whose subtree we are still inside
  for (const node of order) {
    while (open.length > 0 && !isInside(s, node, segments[open[open.length - 1]].node)) open.pop();
    const parentSegment = open.length > 0 ? open[open.length - 1] : -1;
    segments.push({
      node,
      score: values[node],
      template: values[node] >= threshold,
      rect: rectOf(s, node),
      text: '',
      // Hashed when first read (labels, exports; a structured clone reads it too): a run that draws the page and has
      // no labels to find never hashes the page's text once per level of nesting.
      get subtreeHash() { return subtreeHashOf(s, node); },
      parentSegment,
    });
    open.push(segments.length - 1);
  }
  fillSegmentTexts(s, segments);
  return segments;
}

/**
 * Hashes by snapshot and node: a node's subtree text does not depend on the penalty, so a slider move (a re-smooth of
 * the same snapshot) hashes only the roots it has not seen, not the page's text once per level of nesting again.
 */
const subtreeHashes = new WeakMap<PageSnapshot, Map<number, string>>();

/** Made from the snapshot's text (not the live element's) so the extension and the command line hash the same text. */
function subtreeHashOf(s: PageSnapshot, node: number): string {
  let byNode = subtreeHashes.get(s);
  if (!byNode) subtreeHashes.set(s, byNode = new Map());
  let hash = byNode.get(node);
  if (hash === undefined) byNode.set(node, hash = segmentTextHash(s.text.slice(s.textStart[node], s.textEnd[node])));
  return hash;
}

/** Pre-order: node j is inside i's subtree iff its text/node range nests; we use the parent chain, bounded by depth. */
function isInside(s: PageSnapshot, node: number, ancestor: number): boolean {
  let k = node;
  while (k > ancestor) k = s.parent[k];
  return k === ancestor;
}

function fillSegmentTexts(s: PageSnapshot, segments: Segment[]): void {
  const holes: Array<Array<[number, number]>> = segments.map(() => []);
  segments.forEach((seg, k) => {
    if (seg.parentSegment >= 0) holes[seg.parentSegment].push([s.textStart[seg.node], s.textEnd[seg.node]]);
  });
  segments.forEach((seg, k) => {
    seg.text = tidyText(textWithout(s.text, s.textStart[seg.node], s.textEnd[seg.node], holes[k]));
  });
}

/** text[start, end) without the given sub-ranges (sorted by start, non-overlapping as nested subtrees are). */
export function textWithout(text: string, start: number, end: number, holes: Array<[number, number]>): string {
  let out = '';
  let at = start;
  for (const [hs, he] of holes) {
    if (hs > at) out += text.slice(at, Math.min(hs, end));
    at = Math.max(at, he);
  }
  if (at < end) out += text.slice(at, end);
  return out;
}

/** Collapses the separators the capture left around removed parts into readable lines. */
export function tidyText(t: string): string {
  return t.replace(/[ \t]*\n[\s]*/g, '\n').replace(/ {2,}/g, ' ').trim();
}

export function rectOf(s: PageSnapshot, i: number): Segment['rect'] {
  return { x: s.rect[4 * i], y: s.rect[4 * i + 1], width: s.rect[4 * i + 2], height: s.rect[4 * i + 3] };
}
