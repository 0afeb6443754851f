import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { textWithout, tidyText } from '../segment/segments.ts';

/**
 * The page's visible text with every template node removed. Smoothed values never decrease from parent to child,
 * so the template nodes form whole subtrees: removing the text range of each topmost template node is enough.
 */
export function readerText(s: PageSnapshot, isTemplate: (node: number) => boolean): string {
  if (s.count === 0) return '';
  const holes: Array<[number, number]> = [];
  let skipUntil = -1; // text offset up to which we are inside an already removed subtree
  for (let i = 0; i < s.count; i++) {
    if (s.textStart[i] < skipUntil) continue;
    if (s.textEnd[i] > s.textStart[i] && isTemplate(i)) {
      holes.push([s.textStart[i], s.textEnd[i]]);
      skipUntil = s.textEnd[i];
    }
  }
  return tidyText(textWithout(s.text, s.textStart[0], s.textEnd[0], holes));
}
