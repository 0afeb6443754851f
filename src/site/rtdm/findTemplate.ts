/**
 * FindTemplate (Vieira et al., Figure 5): the template of a site as the subtree common to a few of its pages.
 * Two pages are picked (lines 4–5) and their common subtree extracted; then each further page, up to MaxPages
 * (lines 8–14), shrinks it to the part that page shares too. Every page examined contains the result: each new
 * template is a subtree of the previous one, mapped into the newest page.
 *
 * Choices the figure leaves open, made here:
 * - RandomPick takes pages in the order given unless `random` is passed, so a site memory of the last K pages gives
 *   the same template every time; with `random` it is the paper's random order without repetition.
 * - Before the O(n²) ExtractSubTree, a linear check (containsTemplate) asks whether the page already contains the
 *   whole template; then the extraction would return it unchanged, so it is skipped. (Any mapping that leaves k
 *   template nodes unmapped or replaces r of them costs (delete + insert)·k + replace·r more than the full one, so
 *   with replace > 0 and delete + insert > 0 every optimum keeps the whole template.) This is why §5 expects Match(S, P) to be O(n) "for
 *   many cases" once the template has settled.
 * - An empty template (roots with different labels) ends the loop: nothing can be common any more.
 */
import { extractSubTree } from './extractSubTree.ts';
import { containsTemplate } from './removeTemplate.ts';
import { rtdmCosts, type RtdmCosts } from './rtdmCosts.ts';
import type { Skeleton } from './skeleton.ts';

export interface FindTemplateOptions {
  /** The paper's MaxPages: how many pages at most are examined (default: all given). */
  maxPages?: number;
  /** Source of RandomPick's randomness in [0, 1); pages are taken in the given order without it. */
  random?: () => number;
  costs?: Partial<RtdmCosts>;
}

export function findTemplate(pages: readonly Skeleton[], options: FindTemplateOptions = {}): Skeleton {
  const limit = Math.min(pages.length, options.maxPages ?? Infinity);
  if (limit < 2) throw new RangeError(`findTemplate needs at least two pages, got ${limit}`);
  const costs = rtdmCosts(options.costs);
  const canSkip = costs.replace > 0 && costs.delete + costs.insert > 0;
  const order = pickOrder(pages.length, options.random);
  let template = extractSubTree(pages[order[0]], pages[order[1]], costs);
  for (let k = 2; k < limit && template.parent.length > 0; k++) {
    const page = pages[order[k]];
    if (!(canSkip && containsTemplate(template, page))) template = extractSubTree(template, page, costs);
  }
  return template;
}

/** RandomPick without repetition: a Fisher–Yates shuffle of the page indices, or the identity. */
function pickOrder(n: number, random?: () => number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  if (!random) return order;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}
