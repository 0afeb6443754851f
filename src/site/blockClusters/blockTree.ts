/**
 * The block tree of one page and every block's position sequence (001 §3.1).
 *
 * "A number sequence represents the block position: the i-th number is the block's position in the i-th layer" (the
 * paper's figure: [3, 2] is the 2nd block of the second layer inside the 3rd block of the first). Here a layer is a
 * level of the block tree (not of the DOM: wrappers that are not boundaries do not add a layer), and a position is the
 * 1-based ordinal among the sibling blocks of the same parent block, in document order. The root block (node 0) has
 * the empty sequence.
 *
 * One choice the paper leaves open: a boundary element with no visible text in its subtree is not a block and takes no
 * position. Spacer and clearfix divs, empty ad slots and image-only wrappers come and go from page to page, and if
 * they counted, every later sibling's position sequence would shift on the pages that have them, splitting its block
 * style cluster. They hold no words, so no word-ratio decision is lost by skipping them.
 */
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { isBoundaryElement } from './boundaryElements.ts';

export interface BlockTree {
  /** Snapshot node of each block, in document order; block 0 is node 0. */
  node: Int32Array;
  /** Parent block of each block, -1 for block 0. */
  parentBlock: Int32Array;
  /** Position sequence of each block (1-based ordinals per layer below the root). */
  positions: number[][];
  /** Sub-blocks of each block, in document order. */
  childBlocks: number[][];
  /** For every snapshot node, the block whose content it is: itself if it is a block, else its parent's block. */
  ownerBlock: Int32Array;
}

export function blockTree(s: PageSnapshot): BlockTree {
  const ownerBlock = new Int32Array(s.count);
  const node: number[] = [];
  const parentBlock: number[] = [];
  const positions: number[][] = [];
  const childBlocks: number[][] = [];
  // Nodes are in pre-order (parent before child), so an owner is always known before it is needed.
  for (let i = 0; i < s.count; i++) {
    const enclosing = i === 0 ? -1 : ownerBlock[s.parent[i]];
    if (i === 0 || (s.textChars[i] > 0 && isBoundaryElement(s, i))) {
      const b = node.length;
      node.push(i);
      parentBlock.push(enclosing);
      childBlocks.push([]);
      if (enclosing < 0) positions.push([]);
      else {
        childBlocks[enclosing].push(b);
        positions.push([...positions[enclosing], childBlocks[enclosing].length]);
      }
      ownerBlock[i] = b;
    } else {
      ownerBlock[i] = enclosing;
    }
  }
  return { node: Int32Array.from(node), parentBlock: Int32Array.from(parentBlock), positions, childBlocks, ownerBlock };
}
