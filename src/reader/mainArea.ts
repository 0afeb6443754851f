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

/** The prose core holds at least this share of the page's prose outside chrome. */
const CORE_SHARE = 0.8;

/**
 * The smallest subtree that holds CORE_SHARE of the page's prose outside chrome-named parts (`chrome`, per node 1
 * when inside a part named as navigation, footer, sidebar…): where the page's content lives, whatever its markup
 * calls it. Walks down from the root while one child still holds that share.
 */
export function proseCore(s: PageSnapshot, prose: ArrayLike<number>, chrome: Uint8Array): number {
  const sum = new Float64Array(s.count);
  for (let i = 0; i < s.count; i++) if (!chrome[i]) sum[i] = prose[i];
  for (let i = s.count - 1; i > 0; i--) sum[s.parent[i]] += sum[i];
  if (s.count === 0 || sum[0] === 0) return -1;
  const need = CORE_SHARE * sum[0];
  let node = 0;
  for (;;) {
    let next = -1;
    const end = subtreeEnd(s, node);
    for (let c = node + 1; c < end; c = subtreeEnd(s, c)) if (sum[c] >= need) next = c;
    if (next < 0) return node;
    node = next;
  }
}
