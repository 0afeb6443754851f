/**
 * Template removal from a new page in linear time (Vieira et al. §5: "once a template has been detected, the removal
 * process from a given page consists in finding a subtree in this page, what is obtained in linear time"; the paper
 * omits the procedure "due to its simplicity", so this is ours).
 *
 * The template is a tree hanging from the root, so it is looked for top-down: the roots must carry the same label,
 * and under each found pair the template node's children are found among the page node's children in order, each at
 * the first page child with its label after the previous one found (a greedy subsequence match, which finds every
 * child whenever the template's child labels occur in order on the page). A template node that is not found is
 * skipped with its subtree. Per-label position lists make each level O(template children + page children), so the
 * whole walk is O(|template| + |page|).
 *
 * Greedy is not the optimal mapping: when a new sibling with a template child's label comes first, it is taken
 * instead. Labels that carry hint bits and own-text hashes (skeletonLabels.ts) make such look-alikes rare; the bench
 * (src/cli/bench/benchRtdm.ts) measures agreement with the full RTDM-TD mapping.
 */
import type { Skeleton } from './skeleton.ts';
import { treeIndex } from './treeIndex.ts';

/** 1 for each node of `page` found as a node of `template` (template, to remove), 0 for the page's own nodes. */
export function removeTemplate(template: Skeleton, page: Skeleton): Uint8Array {
  const p = treeIndex(page);
  const t = treeIndex(template);
  const found = new Uint8Array(p.n);
  if (t.n === 0 || p.n === 0 || t.label[0] !== p.label[0]) return found;
  // Pairs (template node, page node) still to descend into; an explicit stack, as pages can be deep.
  const stack: number[] = [0, 0];
  found[0] = 1;
  while (stack.length > 0) {
    const pageNode = stack.pop()!;
    const templateNode = stack.pop()!;
    const tFrom = t.childStart[templateNode];
    const tTo = t.childStart[templateNode + 1];
    if (tFrom === tTo) continue;
    const pFrom = p.childStart[pageNode];
    const pTo = p.childStart[pageNode + 1];
    // Where each label occurs among the page node's children, and how far each list has been consumed.
    const at = new Map<number, { list: number[]; next: number }>();
    for (let k = pFrom; k < pTo; k++) {
      const child = p.childList[k];
      const entry = at.get(p.label[child]);
      if (entry) entry.list.push(child);
      else at.set(p.label[child], { list: [child], next: 0 });
    }
    let after = -1;
    for (let k = tFrom; k < tTo; k++) {
      const tChild = t.childList[k];
      const entry = at.get(t.label[tChild]);
      if (!entry) continue;
      while (entry.next < entry.list.length && entry.list[entry.next] <= after) entry.next++;
      if (entry.next === entry.list.length) continue;
      const pChild = entry.list[entry.next++];
      after = pChild;
      found[pChild] = 1;
      stack.push(tChild, pChild);
    }
  }
  return found;
}

/** Whether every node of the template is found on the page (FindTemplate's Match(S, P), Figure 5). */
export function containsTemplate(template: Skeleton, page: Skeleton): boolean {
  const found = removeTemplate(template, page);
  let count = 0;
  for (let i = 0; i < found.length; i++) count += found[i];
  return count === template.parent.length;
}
