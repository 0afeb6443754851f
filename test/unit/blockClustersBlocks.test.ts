import { describe, expect, it } from 'vitest';
import { blocksOf, blocksOfPage } from '../../src/site/blockClusters/blocksOf.ts';
import { normaliseWord } from '../../src/site/blockClusters/blockWords.ts';
import { differenceOffsets, offsetBits, similarBits, bitCount } from '../../src/site/blockClusters/offsetBits.ts';
import { wordHash } from '../../src/site/blockClusters/hashing.ts';
import { StyleBit } from '../../src/snapshot/styleBits.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

const R: [number, number, number, number] = [0, 0, 1280, 100];

/** Word hash → offsets, from a block's bit arrays, for one word. */
const bitsOf = (words: Map<number, Uint32Array>, word: string) => words.get(wordHash(word));

describe('blocksOf: segmentation and position sequences (001 §3.1)', () => {
  // body
  //   header(div)                     [1]
  //     ul                            [1,1]  "Home News"
  //   div (spacer, no text)           —      takes no position
  //   div#main                        [2]    "Intro words"
  //     table                         [2,1]  cells' text belongs to the table (td/tr are not boundaries)
  //       tbody > tr > td "a b", td > div "in cell" [2,1,1]
  //     p "More intro"                       content of div#main
  const nodes: NodeSpec[] = [
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] }, // 0
    { parent: 0, tag: 'div', rect: R }, // 1 header
    { parent: 1, tag: 'ul', rect: R }, // 2
    { parent: 2, tag: 'li', rect: R, text: 'Home' }, // 3
    { parent: 2, tag: 'li', rect: R, text: 'News' }, // 4
    { parent: 0, tag: 'div', rect: R }, // 5 spacer
    { parent: 0, tag: 'div', rect: [0, 100, 800, 900], text: 'Intro words' }, // 6 main
    { parent: 6, tag: 'table', rect: R }, // 7
    { parent: 7, tag: 'tbody', rect: R, style: StyleBit.BLOCK | StyleBit.TABLE_PART }, // 8
    { parent: 8, tag: 'tr', rect: R, style: StyleBit.BLOCK | StyleBit.TABLE_PART }, // 9
    { parent: 9, tag: 'td', rect: R, style: StyleBit.BLOCK | StyleBit.TABLE_PART, text: 'a b' }, // 10
    { parent: 9, tag: 'td', rect: R, style: StyleBit.BLOCK | StyleBit.TABLE_PART }, // 11
    { parent: 11, tag: 'div', rect: R, text: 'in cell' }, // 12
    { parent: 6, tag: 'p', rect: R, text: 'More intro' }, // 13
  ];

  it('forms blocks at layout elements, not at table parts or text-free wrappers', () => {
    const { blocks, tree } = blocksOfPage(buildSnapshot(nodes));
    expect(blocks.map((b) => b.node)).toEqual([0, 1, 2, 6, 7, 12]);
    expect(blocks.map((b) => b.positions)).toEqual([[], [1], [1, 1], [2], [2, 1], [2, 1, 1]]);
    expect(blocks.map((b) => b.parentBlock)).toEqual([-1, 0, 1, 0, 3, 4]);
    // Every node belongs to the block whose content it is.
    expect(Array.from(tree.ownerBlock)).toEqual([0, 1, 2, 2, 2, 0, 3, 4, 4, 4, 4, 4, 5, 3]);
  });

  it("counts a block's own words only: sub-blocks' text is theirs", () => {
    const blocks = blocksOf(buildSnapshot(nodes));
    expect(blocks.map((b) => b.wordCount)).toEqual([0, 0, 2, 4, 2, 2]);
    const main = blocks[3];
    // "Intro words" then, after the table, "More intro": intro occurs at offsets 0 and 3 → differences [0, 3].
    expect(Array.from(bitsOf(main.words, 'intro')!)).toEqual(Array.from(offsetBits([0, 3], 2)));
    expect(bitsOf(main.words, 'in')).toBeUndefined();
  });

  it('gives equal skeletons equal keys and tells positions and attributes apart', () => {
    const a = blocksOf(buildSnapshot(nodes));
    const b = blocksOf(buildSnapshot(nodes.map((n, i) => (i === 13 ? { ...n, text: 'Other words entirely here' } : n))));
    expect(b.map((x) => x.key)).toEqual(a.map((x) => x.key));
    // A background on the header changes its attribute array, so its cluster.
    const styled = blocksOf(buildSnapshot(nodes.map((n, i) => (i === 1 ? { ...n, style: StyleBit.BLOCK | StyleBit.BACKGROUND } : n))));
    expect(styled[1].key).not.toBe(a[1].key);
    expect(styled[2].key).toBe(a[2].key);
    // A text-bearing block inserted before the header shifts every later position.
    const shifted = blocksOf(buildSnapshot([nodes[0], { parent: 0, tag: 'div', rect: R, text: 'Notice' },
      ...nodes.slice(1).map((n) => ({ ...n, parent: n.parent === 0 ? 0 : n.parent + 1 }))]));
    expect(shifted[2].positions).toEqual([2]);
    expect(shifted[2].key).not.toBe(a[1].key);
  });

  it('treats unknown-tag elements with a box as boundaries (custom elements)', () => {
    const s = buildSnapshot([
      { parent: -1, tag: 'body', rect: R },
      { parent: 0, tag: 'site-header', rect: R, text: 'Menu' },
      { parent: 0, tag: 'x-inline', rect: R, style: StyleBit.INLINE, text: 'inline' },
    ]);
    expect(blocksOf(s).map((b) => b.node)).toEqual([0, 1]);
  });
});

describe('words, difference offsets and bit arrays (001 §4)', () => {
  it('normalises words: case and edge punctuation go, punctuation-only runs are no words', () => {
    expect(normaliseWord('Home,')).toBe('home');
    expect(normaliseWord('«Élan»')).toBe('élan');
    expect(normaliseWord('e-mail')).toBe('e-mail');
    expect(normaliseWord('|')).toBe('');
    const [, block] = blocksOf(buildSnapshot([
      { parent: -1, tag: 'body', rect: R }, { parent: 0, tag: 'div', rect: R, text: 'Home | News » HOME' },
    ]));
    expect(block.wordCount).toBe(3);
    expect(Array.from(bitsOf(block.words, 'home')!)).toEqual(Array.from(offsetBits([0, 2], 2)));
  });

  it('keeps differences, so a fragment inserted early changes only one difference', () => {
    expect(differenceOffsets([3, 10, 12])).toEqual([3, 7, 2]);
    expect(differenceOffsets([5, 12, 14])).toEqual([5, 7, 2]);
  });

  it('maps offsets into k lanes of 32 bits, segment by segment, wrapping values past 31', () => {
    // Four differences over two lanes: [1, 2] → lane 0, [33, 4] → lane 1 (33 wraps to bit 1).
    expect(Array.from(offsetBits([1, 2, 33, 4], 2))).toEqual([0b110, 0b10010]);
    // One occurrence fills only the first lane.
    expect(Array.from(offsetBits([7], 3))).toEqual([1 << 7, 0, 0]);
    expect(offsetBits([31], 1)[0]).toBe(2 ** 31);
  });

  it('calls equal arrays similar at any similarity, and judges by the shared share of the larger array', () => {
    const a = offsetBits([1, 2, 3, 4, 5], 1);
    expect(similarBits(a, a, 1)).toBe(true);
    const b = offsetBits([1, 2, 3, 4, 9], 1); // shares 4 of 5 bits
    expect(bitCount(a)).toBe(5);
    expect(similarBits(a, b, 0.8)).toBe(true);
    expect(similarBits(a, b, 0.81)).toBe(false);
    expect(similarBits(offsetBits([1], 1), offsetBits([1, 2], 1), 0.8)).toBe(false); // 1 of 2
  });
});
