import { describe, expect, it } from 'vitest';
import { readerArticle, insideHinted } from '../../src/reader/readerArticle.ts';
import { ownDensity } from '../../src/segment/sdTree.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

const prose = (seed: string, n: number) => Array.from({ length: n }, (_, k) => `${seed}${k % 5} words`).join(' ');
const articleOf = (s: PageSnapshot) => readerArticle(s, ownDensity(s, true));

/** body > div#story(h1, p×2 of `storyWords` words each) · aside > div(p of `asideWords`); returns node ids. */
function storyAndAside(storyWords: number, asideWords: number, asideHints: number) {
  const nodes: NodeSpec[] = [
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
    { parent: 0, tag: 'div', rect: [0, 0, 900, 1500] },
    { parent: 1, tag: 'h1', rect: [0, 0, 900, 60], text: 'Flood barriers hold' },
    { parent: 1, tag: 'p', rect: [0, 60, 900, 300], text: prose('story', storyWords) },
    { parent: 1, tag: 'p', rect: [0, 360, 900, 300], text: prose('more', storyWords) },
    { parent: 0, tag: 'aside', rect: [900, 0, 380, 1500], hints: asideHints },
    { parent: 5, tag: 'div', rect: [900, 0, 380, 1500] },
    { parent: 6, tag: 'p', rect: [900, 0, 380, 1500], text: prose('blurb', asideWords) },
  ];
  return buildSnapshot(nodes);
}

describe('readerArticle', () => {
  it('takes the densest region of text outside links, and protects it and its ancestors', () => {
    const r = articleOf(storyAndAside(20, 8, 0));
    expect(r.article).toBe(1);
    expect(Array.from(r.protect)).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
  });

  it('passes over a denser region inside a sidebar, related or comments container', () => {
    expect(articleOf(storyAndAside(10, 60, HintBit.SIDEBAR)).article).toBe(1);
    expect(articleOf(storyAndAside(10, 60, HintBit.COMMENT)).article).toBe(1);
    // Without the name the denser region wins; when every region is in such a container, the densest one does.
    expect(articleOf(storyAndAside(10, 60, 0)).article).toBe(6);
    const allHinted = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
      { parent: 0, tag: 'div', rect: [0, 0, 1280, 2000], hints: HintBit.COMMENT },
      { parent: 1, tag: 'div', rect: [0, 0, 1280, 500] },
      { parent: 2, tag: 'div', rect: [0, 0, 1280, 500] },
      { parent: 3, tag: 'p', rect: [0, 0, 1280, 500], text: prose('short', 5) },
      { parent: 1, tag: 'section', rect: [0, 500, 1280, 500] },
      { parent: 5, tag: 'p', rect: [0, 500, 1280, 500], text: prose('long', 30) },
    ]);
    expect(articleOf(allHinted).article).toBe(5);
  });

  it('does not take a menu for the article however many characters its links hold', () => {
    const s = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
      { parent: 0, tag: 'ul', rect: [0, 0, 1280, 100] },
      ...Array.from({ length: 12 }, (_, k): NodeSpec => (
        { parent: 1, tag: 'a', rect: [100 * k, 0, 100, 100], text: `Section number ${k} of the site`, link: 'intra' })),
      { parent: 0, tag: 'div', rect: [0, 100, 900, 900] },
      { parent: 14, tag: 'p', rect: [0, 100, 900, 900], text: prose('story', 12) },
    ]);
    expect(articleOf(s).article).toBe(14);
  });

  it('takes the parent when the story\'s paragraphs are sibling <div>s (one SD region each)', () => {
    const nodes: NodeSpec[] = [
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
      { parent: 0, tag: 'div', rect: [0, 0, 900, 1500] },
    ];
    for (let k = 0; k < 3; k++) nodes.push({ parent: 1, tag: 'div', rect: [0, 300 * k, 900, 300], text: prose(`p${k}`, 12 + k) });
    expect(articleOf(buildSnapshot(nodes)).article).toBe(1);
  });

  it('finds no article on a page of several areas, and protects every area, comments included', () => {
    // A forum thread: posts (poster · body) inside a container named "discussion".
    const nodes: NodeSpec[] = [
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
      { parent: 0, tag: 'div', rect: [0, 0, 1280, 2000], hints: HintBit.COMMENT },
    ];
    for (let k = 0; k < 3; k++) {
      const post = nodes.push({ parent: 1, tag: 'div', rect: [0, 400 * k, 1280, 400] }) - 1;
      const body = nodes.push({ parent: post, tag: 'div', rect: [200, 400 * k, 1080, 400] }) - 1;
      nodes.push({ parent: body, tag: 'p', rect: [200, 400 * k, 1080, 400], text: prose(`post${k}`, 12) });
    }
    const r = articleOf(buildSnapshot(nodes));
    expect(r.article).toBe(-1);
    expect(Array.from(r.protect)).toEqual([1, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0]);
  });

  it('insideHinted marks a hinted node and its whole subtree', () => {
    const s = storyAndAside(10, 10, HintBit.SIDEBAR);
    expect(Array.from(insideHinted(s, HintBit.SIDEBAR | HintBit.AD))).toEqual([0, 0, 0, 0, 0, 1, 1, 1]);
  });
});
