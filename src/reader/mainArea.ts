/**
 * The page's main area by name: the `<main>` element or role=main that holds most of the page's prose. Sites of 2025
 * mark it on nearly every template (forums, shops, docs, service pages), and what lies outside it (header, menus,
 * footer, cookie banners) is chrome whatever the classifier thinks of it. Pure: depends on the snapshot alone.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { HintBit } from '../snapshot/hintBits.ts';
import { TAG } from '../snapshot/tags.ts';
import { subtreeEnd } from '../snapshot/tree.ts';

/** The main area must hold at least this share of the page's prose (text outside links), or it is not the main one. */
const MIN_PROSE_SHARE = 0.5;

/**
 * The `<main>`/role=main node whose subtree holds the most prose, when that is at least MIN_PROSE_SHARE of the
 * page's; -1 otherwise. `prose` is own prose density per node (ownDensity(s, true)).
 */
export function mainArea(s: PageSnapshot, prose: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < s.count; i++) total += prose[i];
  if (total === 0) return -1;
  let best = -1;
  let bestProse = 0;
  for (let i = 1; i < s.count; i++) {
    if (s.tag[i] !== TAG.MAIN && (s.hints[i] & HintBit.ROLE_MAIN) === 0) continue;
    let sum = 0;
    const end = subtreeEnd(s, i);
    for (let j = i; j < end; j++) sum += prose[j];
    if (sum > bestProse) [best, bestProse] = [i, sum];
  }
  return bestProse >= MIN_PROSE_SHARE * total ? best : -1;
}
