/**
 * A PageSnapshot's skeleton: the same pre-order nodes and parents, one label per node (skeletonLabels.ts). Geometry,
 * style, counts and the text itself are dropped; in 'text' mode each node's own text survives only as a hash inside
 * its label.
 */
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { structureLabel, textLabel, type LabelMode } from './skeletonLabels.ts';
import type { Skeleton } from './skeleton.ts';

export interface SkeletonOptions {
  /** 'text' (default) hashes each node's own text into its label; 'structure' keeps tag and hint bits only. */
  labels?: LabelMode;
}

export function skeletonFromSnapshot(s: PageSnapshot, options: SkeletonOptions = {}): Skeleton {
  const n = s.count;
  const parent = Int32Array.from(s.parent.subarray(0, n));
  const label = new Uint32Array(n);
  for (let i = 0; i < n; i++) label[i] = structureLabel(s.tag[i], s.hints[i]);
  if ((options.labels ?? 'text') === 'text') {
    const own = ownTexts(s);
    for (let i = 0; i < n; i++) label[i] = textLabel(label[i], own[i]);
  }
  return { parent, label };
}

/**
 * Each node's own text: its subtree text minus its children's ranges, whitespace collapsed and trimmed per piece,
 * pieces joined by one space. The capture puts "\n" or " " between blocks by context, so collapsing keeps the same
 * block's own text equal from page to page.
 */
export function ownTexts(s: PageSnapshot): string[] {
  const n = s.count;
  const pieces: string[][] = Array.from({ length: n }, () => []);
  const cursor = Uint32Array.from(s.textStart.subarray(0, n));
  const take = (i: number, to: number) => {
    if (to > cursor[i]) {
      const piece = s.text.slice(cursor[i], to).replace(/\s+/g, ' ').trim();
      if (piece) pieces[i].push(piece);
    }
  };
  // Pre-order: when child c is reached, the text of its parent up to c's start is the parent's own.
  for (let c = 1; c < n; c++) {
    const p = s.parent[c];
    take(p, s.textStart[c]);
    cursor[p] = Math.max(cursor[p], s.textEnd[c]);
  }
  for (let i = 0; i < n; i++) take(i, s.textEnd[i]);
  return pieces.map((list) => list.join(' '));
}
