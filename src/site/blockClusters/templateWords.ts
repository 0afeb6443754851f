/**
 * Template words of one block against a site's store (001 §3.2, Definitions 2 and 3).
 *
 * Definition 2, word feature cluster: for a word w, the blocks of one block style cluster whose offset sequences of w
 * are similar. Definition 3: w is a template word of block b_i when enough blocks of b_i's cluster hold w with an
 * offset sequence similar to b_i's. The paper's count threshold is lost from our copy, so "enough" is made explicit:
 * - support(w) = the number of other remembered pages whose block of this cluster has a record of w similar to this
 *   block's (offsetBits.similarBits; the page being judged never supports itself, so judging a page that is in the
 *   store gives the same answer as judging it before it was added);
 * - w is a template word when support(w) ≥ max(minSupport, ⌈theta · others⌉), with `others` the other remembered pages
 *   that have a block of this cluster. Relative to the cluster, not the site: a site with several layouts has
 *   templates that occur on only some of its pages (the paper's multi-template tsinghua case), and within the layout's
 *   own cluster they still recur on most pages. `minSupport` keeps two pages from making each other template.
 * Words are counted once per block (the index is per word, not per occurrence).
 */
import type { Block } from './blocksOf.ts';
import { similarBits } from './offsetBits.ts';
import type { StoreData } from './storeData.ts';

export interface WordOptions {
  /** Shared-bit fraction at which two bit arrays are similar (offsetBits.similarBits). */
  similarity: number;
  /** Fraction of the cluster's other pages a word must be shared with. */
  theta: number;
  /** Fewest other pages a word must be shared with. */
  minSupport: number;
}

export interface BlockWordCounts {
  /** Distinct words of the block. */
  words: number;
  /** Of them, template words. */
  templateWords: number;
  /** Other remembered pages with a block of this cluster. */
  clusterPages: number;
  /** Support needed for a template word. */
  needed: number;
}

/** Pages a word must be shared with among `others` pages of its cluster. */
export function supportNeeded(others: number, theta: number, minSupport: number): number {
  return Math.max(minSupport, Math.ceil(theta * others - 1e-9));
}

export function countTemplateWords(store: StoreData, block: Block, self: ReadonlySet<number>, o: WordOptions): BlockWordCounts {
  const words = block.words.size;
  const cluster = store.clusters.get(block.key);
  if (!cluster) return { words, templateWords: 0, clusterPages: 0, needed: Math.max(1, o.minSupport) };
  let others = 0;
  for (const p of cluster.pages) if (!self.has(p)) others++;
  const needed = Math.max(1, supportNeeded(others, o.theta, o.minSupport));
  let templateWords = 0;
  if (others >= needed) {
    for (const [word, bits] of block.words) {
      const records = cluster.words.get(word);
      // The paper's "skip low df words": a word with fewer records than the support needed cannot be template.
      if (!records || records.length < needed) continue;
      let support = 0;
      for (const r of records) {
        if (!self.has(r.page) && similarBits(bits, r.bits, o.similarity) && ++support >= needed) break;
      }
      if (support >= needed) templateWords++;
    }
  }
  return { words, templateWords, clusterPages: others, needed };
}
