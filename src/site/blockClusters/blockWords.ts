/**
 * The words of one block and each word's offsets in it: what the paper's index builder records (001 §3.2, "each word
 * item points to a linked list; each element stores a block id and the word's offset sequence in the block").
 *
 * A block's content is its own text: `text.slice(textStart, textEnd)` of its element minus the ranges of its
 * sub-blocks (their text is theirs). Cut-out places count as a word break.
 * A word is a whitespace-separated run (as the snapshot's `words` counts them), lower-cased and stripped of leading and
 * trailing characters that are neither letters nor digits, so "Home," and "home" are one index term; runs that are
 * only punctuation ("|", "»", "–") are not words and take no offset. Offsets are 0-based word indices inside the block.
 * Only the word's hash leaves this function; the text itself is never kept.
 */
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import type { BlockTree } from './blockTree.ts';
import { wordHash } from './hashing.ts';

const EDGE_NON_WORD = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

export interface BlockWords {
  /** Words (offsets) in the block's own content. */
  count: number;
  /** Word hash → its offsets in the block, ascending. */
  offsets: Map<number, number[]>;
}

/** The index term of a whitespace-separated run, or '' when it has no letter or digit. */
export function normaliseWord(run: string): string {
  return run.toLowerCase().replace(EDGE_NON_WORD, '');
}

/** The own text pieces of block b, in document order. */
function ownPieces(s: PageSnapshot, tree: BlockTree, b: number): string[] {
  const pieces: string[] = [];
  let cursor = s.textStart[tree.node[b]];
  for (const c of tree.childBlocks[b]) {
    const n = tree.node[c];
    if (s.textStart[n] > cursor) pieces.push(s.text.slice(cursor, s.textStart[n]));
    cursor = Math.max(cursor, s.textEnd[n]);
  }
  const end = s.textEnd[tree.node[b]];
  if (end > cursor) pieces.push(s.text.slice(cursor, end));
  return pieces;
}

export function blockWords(s: PageSnapshot, tree: BlockTree, b: number): BlockWords {
  const offsets = new Map<number, number[]>();
  let count = 0;
  for (const piece of ownPieces(s, tree, b)) {
    for (const run of piece.split(/\s+/)) {
      const word = normaliseWord(run);
      if (!word) continue;
      const h = wordHash(word);
      const list = offsets.get(h);
      if (list) list.push(count);
      else offsets.set(h, [count]);
      count++;
    }
  }
  return { count, offsets };
}
