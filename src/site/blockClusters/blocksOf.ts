/**
 * blocksOf: one page → its blocks, each with its block style cluster key and, per word, the word's offset bit array
 * (001 §3: segmentation and clustering, then the per-block offset sequences of the index builder, §4 bit arrays).
 * What comes out holds hashes, the skeleton (position sequence and attribute array: tags and computed style, no text)
 * and bit arrays only.
 */
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { blockTree, type BlockTree } from './blockTree.ts';
import { attributeArray, clusterKey } from './styleKey.ts';
import { blockWords } from './blockWords.ts';
import { differenceOffsets, offsetBits } from './offsetBits.ts';

export const DEFAULT_LANES = 2;

export interface Block {
  /** Snapshot node of the block's element. */
  node: number;
  /** Index (in the returned list) of the enclosing block, -1 for the root block. */
  parentBlock: number;
  /** The paper's position sequence d_i. */
  positions: number[];
  /** The paper's attribute array a_i (styleKey.ts). */
  attributes: number[];
  /** Block style cluster key: hash of positions and attributes. */
  key: string;
  /** Words (occurrences) in the block's own content. */
  wordCount: number;
  /** Word hash → bit array of the word's difference-offset sequence (`lanes` Uint32 lanes). */
  words: Map<number, Uint32Array>;
}

export interface BlocksOfResult {
  blocks: Block[];
  /** The block tree, for mapping blocks back onto snapshot nodes (ownerBlock). */
  tree: BlockTree;
}

export function blocksOfPage(s: PageSnapshot, lanes = DEFAULT_LANES): BlocksOfResult {
  const tree = blockTree(s);
  const blocks = Array.from(tree.node, (node, b): Block => {
    const own = blockWords(s, tree, b);
    const words = new Map<number, Uint32Array>();
    for (const [h, offsets] of own.offsets) words.set(h, offsetBits(differenceOffsets(offsets), lanes));
    const positions = tree.positions[b];
    const attributes = attributeArray(s, node);
    return {
      node, parentBlock: tree.parentBlock[b], positions, attributes, key: clusterKey(positions, attributes),
      wordCount: own.count, words,
    };
  });
  return { blocks, tree };
}

/** The blocks of a page (see blocksOfPage for the block tree as well). */
export function blocksOf(s: PageSnapshot, lanes = DEFAULT_LANES): Block[] {
  return blocksOfPage(s, lanes).blocks;
}
