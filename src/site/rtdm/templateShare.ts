/**
 * How much of a page a template mask covers, for reports: the share of nodes, and the share of the page's words
 * that sit directly in template nodes (a node's own words: its subtree's words minus its children's). Own words
 * rather than subtree words because a template container (the article's frame) holds the article's words without
 * them being template (§6.1 measures templates in terms).
 */
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { ownShare } from '../../snapshot/tree.ts';

export interface TemplateShare {
  nodes: number;
  templateNodes: number;
  words: number;
  templateWords: number;
}

export function templateShare(s: PageSnapshot, template: ArrayLike<number>): TemplateShare {
  const out: TemplateShare = { nodes: s.count, templateNodes: 0, words: s.count > 0 ? s.words[0] : 0, templateWords: 0 };
  const own = ownShare(s.parent, s.words.subarray(0, s.count));
  for (let i = 0; i < s.count; i++) {
    if (!template[i]) continue;
    out.templateNodes++;
    out.templateWords += own[i];
  }
  return out;
}
