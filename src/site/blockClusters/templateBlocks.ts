/**
 * templateBlocks: which blocks of a new page are template, judged against a site's store (001 §3.2, Definition 3:
 * "if the ratio of template words to all words in a block reaches the threshold TWR, the block is a template").
 *
 * Every block gets its template word ratio in full. The paper stops scanning a block as soon as its non-template word
 * ratio exceeds 1 − TWR (its "non-template word ratio threshold"), which saves time when the threshold is fixed; here
 * the ratio is kept so the caller (the extension's threshold slider) can move the threshold without a new pass.
 *
 * Per-node marks, which the paper does not need (it deletes words from an index) and the extension does: a node is
 * template when the block whose content it is (blockTree.ownerBlock) is template. A block with no words of its own (a
 * wrapper whose text all lies in sub-blocks) is template when it has word-holding sub-blocks and all of them are
 * template, so hiding a template wrapper hides it whole.
 */
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { blocksOfPage } from './blocksOf.ts';
import { pageKey } from './hashing.ts';
import type { SiteBlockStore } from './siteBlockStore.ts';
import { pagesWithKey } from './storeData.ts';
import { countTemplateWords, type WordOptions } from './templateWords.ts';

export interface TemplateOptions extends WordOptions {
  /** The paper's TWR: a block whose template word ratio reaches it is template. */
  threshold: number;
}

export const TEMPLATE_DEFAULTS: TemplateOptions = { threshold: 0.5, similarity: 0.8, theta: 0.3, minSupport: 2 };

export interface BlockVerdict {
  /** Snapshot node of the block's element. */
  node: number;
  /** Block style cluster key. */
  key: string;
  /** Word occurrences in the block's own content. */
  wordCount: number;
  /** Distinct words, and how many of them are template words. */
  words: number;
  templateWords: number;
  /** templateWords / words (0 for a block without words). */
  ratio: number;
  /** Other remembered pages that have a block of this cluster. */
  clusterPages: number;
  template: boolean;
}

export interface PageTemplate {
  blocks: BlockVerdict[];
  /** 1 for every snapshot node that is template (see the file comment). */
  nodeTemplate: Uint8Array;
  /** Share of the page's word occurrences that lie in template blocks. */
  templateWordShare: number;
}

export function templateBlocks(store: SiteBlockStore, snapshot: PageSnapshot, options: Partial<TemplateOptions> = {}): PageTemplate {
  const o = { ...TEMPLATE_DEFAULTS, ...options };
  for (const [name, v] of Object.entries(o)) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new Error(`templateBlocks: ${name} must be a number ≥ 0`);
  }
  if (o.similarity <= 0 || o.similarity > 1) throw new Error('templateBlocks: similarity must be in (0, 1]');
  const { blocks, tree } = blocksOfPage(snapshot, store.lanes);
  const self = pagesWithKey(store.data, pageKey(snapshot.url));
  const verdicts = blocks.map((block): BlockVerdict => {
    const c = countTemplateWords(store.data, block, self, o);
    const ratio = c.words > 0 ? c.templateWords / c.words : 0;
    return {
      node: block.node, key: block.key, wordCount: block.wordCount, words: c.words, templateWords: c.templateWords,
      ratio, clusterPages: c.clusterPages, template: c.words > 0 && ratio >= o.threshold - 1e-12,
    };
  });

  // Wrappers: children come after their parent block, so a backward pass sees every sub-block first.
  const hasWords = verdicts.map((v) => v.words > 0);
  const allTemplate = verdicts.map((v) => v.words === 0 || v.template);
  for (let b = blocks.length - 1; b > 0; b--) {
    const p = blocks[b].parentBlock;
    hasWords[p] ||= hasWords[b];
    allTemplate[p] &&= allTemplate[b];
  }
  for (let b = 0; b < blocks.length; b++) {
    if (verdicts[b].words === 0) verdicts[b].template = hasWords[b] && allTemplate[b];
  }

  const nodeTemplate = new Uint8Array(snapshot.count);
  for (let i = 0; i < snapshot.count; i++) nodeTemplate[i] = verdicts[tree.ownerBlock[i]].template ? 1 : 0;
  let all = 0;
  let template = 0;
  for (const v of verdicts) {
    all += v.wordCount;
    if (v.template) template += v.wordCount;
  }
  return { blocks: verdicts, nodeTemplate, templateWordShare: all > 0 ? template / all : 0 };
}
