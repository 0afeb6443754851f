import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GOLD_ALIGNMENT, goldNodeLabels, goldTokenMask, labelOf, ownedTokens, type TextTree,
} from '../../src/eval/goldAlignment.ts';
import { tokenize } from '../../src/eval/shingles.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

const box: NodeSpec['rect'] = [0, 0, 600, 40];

const PARA_1 = 'Heavy rain overnight pushed the river over its banks, and by dawn the lower town was under a metre of water.';
const PARA_2 = 'Emergency crews from Smith & Sons evacuated 340 residents; the mayor said “nobody was hurt”.';
const TITLE = 'Storm floods the valley';

/** A news page of 2012: menu, breadcrumb echoing the title, the story, a related list echoing it again, a footer. */
function newsPage() {
  const nodes: NodeSpec[] = [
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
    { parent: 0, tag: 'nav', rect: box }, //                          1
    { parent: 1, tag: 'a', rect: box, text: 'Home', link: 'intra' }, // 2
    { parent: 1, tag: 'a', rect: box, text: 'World', link: 'intra' }, // 3
    { parent: 1, tag: 'a', rect: box, text: 'Sport', link: 'intra' }, // 4
    { parent: 0, tag: 'div', rect: box, text: `Home › World › ${TITLE}` }, // 5 breadcrumb
    { parent: 0, tag: 'article', rect: box }, //                      6
    { parent: 6, tag: 'h1', rect: box, text: TITLE }, //              7
    { parent: 6, tag: 'p', rect: box, text: 'By Jane Doe | 3 March 2012' }, // 8 byline
    { parent: 6, tag: 'p', rect: box, text: PARA_1 }, //              9
    { parent: 6, tag: 'p', rect: box, text: PARA_2 }, //              10
    { parent: 0, tag: 'aside', rect: box, text: 'Related stories' }, // 11
    { parent: 11, tag: 'a', rect: box, text: TITLE, link: 'intra' }, // 12
    { parent: 11, tag: 'a', rect: box, text: 'Floods: how to protect your home', link: 'intra' }, // 13
    { parent: 0, tag: 'footer', rect: box, text: '© 2012 Valley News. All rights reserved.' }, // 14
  ];
  return buildSnapshot(nodes);
}

/** The gold as a dataset writes it: other whitespace, straight quotes, an escaped ampersand, no byline. */
const GOLD = `${TITLE}\n\n  ${PARA_1.replace(/ /g, '  ')}\n\n${PARA_2.replace('“', '"').replace('”', '"').replace('&', '&amp;')}\n`;

describe('goldNodeLabels on a realistic page', () => {
  const s = newsPage();
  const { labels, tokens, goldTokens } = goldNodeLabels(s, GOLD);

  it('calls the story and its paragraphs content, despite whitespace, quotes and entities', () => {
    for (const i of [7, 9, 10, 6]) expect(labels[i], `node ${i}`).toBe(0);
    expect(goldTokens[9]).toBe(tokens[9]);
    expect(goldTokens[10]).toBe(tokens[10]);
  });

  it('gives a repeated title to the story, not to the breadcrumb or the related list before or after it', () => {
    expect(goldTokens[7]).toBe(tokens[7]);
    expect(labels[5]).toBe(1);
    expect(goldTokens[5]).toBe(0);
    expect(labels[12]).toBe(1);
  });

  it('calls menu, byline, related list and footer template', () => {
    for (const i of [1, 2, 3, 4, 8, 11, 13, 14]) expect(labels[i], `node ${i}`).toBe(1);
  });

  it('calls the body content: most of its text is the story', () => {
    expect(goldTokens[0] / tokens[0]).toBeGreaterThan(0.5);
    expect(labels[0]).toBe(0);
  });
});

describe('goldNodeLabels edge cases', () => {
  it('uses up a sentence the gold has once: a second copy on the page is not content', () => {
    const sentence = 'the quick brown fox jumps over the lazy dog';
    const s = buildSnapshot([
      { parent: -1, tag: 'body', rect: box },
      { parent: 0, tag: 'p', rect: box, text: `${sentence}, said the keeper of the zoo on Monday morning` },
      { parent: 0, tag: 'div', rect: box, text: `Most read: ${sentence}` },
    ]);
    const { labels } = goldNodeLabels(s, `${sentence}, said the keeper of the zoo on Monday morning.`);
    expect(Array.from(labels)).toEqual([0, 0, 1]);
    // Twice in the gold: both copies are content.
    expect(goldNodeLabels(s, `${sentence}, said the keeper of the zoo on Monday morning. ${sentence}`).labels[2]).toBe(0);
  });

  it('leaves a node unlabelled when its share of gold text is neither low nor high', () => {
    const gold = 'one two three four five six seven eight nine ten';
    const s = buildSnapshot([
      { parent: -1, tag: 'body', rect: box },
      { parent: 0, tag: 'div', rect: box },
      { parent: 1, tag: 'p', rect: box, text: 'one two three four' },
      { parent: 1, tag: 'ul', rect: box, text: 'alpha beta gamma delta epsilon zeta eta theta iota kappa kappa lambda' },
    ]);
    const { labels, tokens, goldTokens } = goldNodeLabels(s, gold);
    expect([goldTokens[1], tokens[1]]).toEqual([4, 16]); // 25%: between 15% and 30%
    expect(Array.from(labels)).toEqual([-1, -1, 0, 1]);
  });

  it('leaves nodes without text, or with fewer tokens than asked, unlabelled', () => {
    const s = buildSnapshot([
      { parent: -1, tag: 'body', rect: box },
      { parent: 0, tag: 'img', rect: box },
      { parent: 0, tag: 'a', rect: box, text: 'Share', link: 'external' },
    ]);
    expect(Array.from(goldNodeLabels(s, 'anything at all here').labels)).toEqual([1, -1, 1]);
    expect(Array.from(goldNodeLabels(s, 'anything', { ...DEFAULT_GOLD_ALIGNMENT, minTokens: 2 }).labels)).toEqual([-1, -1, -1]);
  });

  it('gives a word split by an inline element to the node it starts in, and matches it whole', () => {
    // <p>Hello wor<b>ld again</b> and more</p>: capture puts no gap between inline elements.
    const tree: TextTree = { count: 2, parent: [-1, 0], text: 'Hello world again and more', textStart: [0, 9], textEnd: [26, 17] };
    const { tokens, owner } = ownedTokens(tree);
    expect(tokens).toEqual(['hello', 'world', 'again', 'and', 'more']);
    expect(Array.from(owner)).toEqual([0, 0, 1, 0, 0]);
    const r = goldNodeLabels(tree, 'hello WORLD again, and more!');
    expect(Array.from(r.labels)).toEqual([0, 0]);
    expect(Array.from(r.tokens)).toEqual([5, 1]);
  });

  it('compares short texts with shorter shingles', () => {
    expect(Array.from(goldTokenMask(tokenize('Contact us today'), tokenize('contact')))).toEqual([1, 0, 0]);
    expect(Array.from(goldTokenMask(tokenize('Contact'), tokenize('contact us today')))).toEqual([1]);
    expect(Array.from(goldTokenMask([], tokenize('a b c')))).toEqual([]);
  });

  it('labels by the share of gold tokens with the L3S 85% rule', () => {
    expect(labelOf(100, 15)).toBe(1);
    expect(labelOf(100, 16)).toBe(-1);
    expect(labelOf(100, 30)).toBe(0);
    expect(labelOf(0, 0)).toBe(-1);
  });
});
