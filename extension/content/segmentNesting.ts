/**
 * How a page's segments nest, for inspect mode's breadcrumb and its arrow keys: the innermost segment of each node
 * (what the pointer is over), each segment's enclosing chain and its child segments. Pure: the snapshot's parent
 * array (pre-order, parent before child) and the segment list (document order, each with its enclosing segment).
 * The page's own segment (the root, parentSegment −1) is never a place to go: it is the whole page.
 */
import type { Segment } from '../../src/segment/segments.ts';

export type SegmentStep = 'up' | 'down' | 'previous' | 'next';

export class SegmentNesting {
  /** Per node, the innermost segment holding it (−1 before the first segment's root). */
  readonly owner: Int32Array;
  /** Per segment, its child segments in document order. */
  readonly children: number[][];

  constructor(parent: ArrayLike<number>, readonly segments: readonly Pick<Segment, 'node' | 'parentSegment'>[]) {
    this.owner = new Int32Array(parent.length).fill(-1);
    segments.forEach((g, k) => { this.owner[g.node] = k; });
    for (let i = 1; i < this.owner.length; i++) if (this.owner[i] < 0 && parent[i] >= 0) this.owner[i] = this.owner[parent[i]];
    this.children = segments.map(() => []);
    segments.forEach((g, k) => { if (g.parentSegment >= 0) this.children[g.parentSegment].push(k); });
  }

  /** Whether the segment is the whole page (never focused, labelled or stepped to). */
  isPage(k: number): boolean {
    return this.segments[k].parentSegment < 0;
  }

  /** The segment a node belongs to, or null when it is the page's own. */
  segmentOf(node: number): number | null {
    const k = this.owner[node] ?? -1;
    return k < 0 || this.isPage(k) ? null : k;
  }

  /** The segments enclosing k, outermost first, k last (the page's own included, as the breadcrumb's start). */
  breadcrumb(k: number): number[] {
    const chain: number[] = [];
    for (let s = k; s >= 0; s = this.segments[s].parentSegment) chain.unshift(s);
    return chain;
  }

  /**
   * Where an arrow key goes from k: up to the enclosing segment, down to the first child, to the previous or next
   * segment in document order. Null where there is nowhere to go (the page's own segment is not a place).
   */
  step(k: number, step: SegmentStep): number | null {
    let to: number | undefined;
    if (step === 'up') to = this.segments[k].parentSegment;
    else if (step === 'down') to = this.children[k][0];
    else {
      const by = step === 'next' ? 1 : -1;
      for (to = k + by; to >= 0 && to < this.segments.length && this.isPage(to); to += by);
    }
    return to === undefined || to < 0 || to >= this.segments.length || this.isPage(to) ? null : to;
  }

  /** The first segment that is not the page's own, or null for a page that is one segment. */
  first(): number | null {
    const k = this.segments.findIndex((_, i) => !this.isPage(i));
    return k < 0 ? null : k;
  }
}
