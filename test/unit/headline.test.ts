import { describe, expect, it } from 'vitest';
import { findByline, findHeadline } from '../../src/reader/headline.ts';
import { readerDecision } from '../../src/reader/readerDecision.ts';
import { readerText } from '../../src/reader/readerText.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { StyleBit } from '../../src/snapshot/styleBits.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

const prose = (seed: string, n = 16) => Array.from({ length: n }, (_, k) => `${seed}${k % 5} words`).join(' ');

type Spec = NodeSpec & { font?: number; template?: boolean };

/** A snapshot with per-node font sizes (buildSnapshot gives every node 16 px). */
function snapshotOf(nodes: Spec[]): PageSnapshot {
  const s = buildSnapshot(nodes);
  nodes.forEach((n, i) => { if (n.font) s.fontSize[i] = n.font; });
  return s;
}

/**
 * body > nav · header(h1, div.meta(p byline, time)) · article(3 p) · aside.related(h2 repeating the title);
 * returns the snapshot and the node ids.
 */
function newsPage(opts: { byline?: string; headTag?: string } = {}) {
  const nodes: Spec[] = [];
  const push = (n: Spec) => nodes.push(n) - 1;
  const body = push({ parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] });
  const nav = push({ parent: body, tag: 'nav', rect: [0, 0, 1280, 60], hints: HintBit.NAV, template: true });
  push({ parent: nav, tag: 'a', rect: [0, 0, 90, 60], text: 'World', link: 'intra', template: true });
  const header = push({ parent: body, tag: 'header', rect: [0, 60, 900, 200], hints: HintBit.HEADER, template: true });
  const h1 = push({ parent: header, tag: opts.headTag ?? 'h1', rect: [0, 60, 900, 80], text: 'River peaks at record height',
    font: 40, template: true });
  const meta = push({ parent: header, tag: 'div', rect: [0, 140, 900, 40], template: true });
  const by = push({ parent: meta, tag: 'p', rect: [0, 140, 400, 40], text: opts.byline ?? 'By Ana Lima', template: true });
  const time = push({ parent: meta, tag: 'time', rect: [400, 140, 200, 40], text: 'March 5, 2024', template: true,
    style: StyleBit.INLINE });
  const article = push({ parent: body, tag: 'article', rect: [0, 260, 900, 1200], hints: HintBit.CONTENT });
  for (let k = 0; k < 3; k++) push({ parent: article, tag: 'p', rect: [0, 260 + 300 * k, 900, 300], text: prose(`p${k}`) });
  const aside = push({ parent: body, tag: 'aside', rect: [900, 60, 380, 600], hints: HintBit.RELATED, template: true });
  const related = push({ parent: aside, tag: 'h2', rect: [900, 60, 380, 40], text: 'River peaks at record height',
    template: true });
  const s = snapshotOf(nodes);
  return { s, values: nodes.map((n) => (n.template ? 0.9 : 0.1)), ids: { header, h1, meta, by, time, article, related } };
}

describe('findHeadline', () => {
  it('takes the heading that matches the title near the article, not its twin in a "related" box', () => {
    const { s, ids } = newsPage();
    expect(findHeadline(s, ids.article, 'River peaks at record height')).toBe(ids.h1);
    // An uncleaned document title still finds it; so does no title at all (the h1 opening the article).
    expect(findHeadline(s, ids.article, 'River peaks at record height - The Daily News')).toBe(ids.h1);
    expect(findHeadline(s, ids.article, null)).toBe(ids.h1);
    expect(findHeadline(s, ids.article, 'Nothing like it')).toBe(ids.h1);
  });

  it('prefers, among matching headings, the one near the article top over one far after it', () => {
    const nodes: Spec[] = [
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] },
      { parent: 0, tag: 'div', rect: [0, 0, 900, 2000] },
      { parent: 1, tag: 'h2', rect: [0, 0, 900, 40], text: 'Budget passes' },
      ...Array.from({ length: 8 }, (_, k): Spec => ({ parent: 1, tag: 'p', rect: [0, 40 + 200 * k, 900, 200], text: prose(`p${k}`) })),
      { parent: 1, tag: 'h1', rect: [0, 1800, 900, 40], text: 'Budget passes' },
    ];
    const s = snapshotOf(nodes);
    expect(findHeadline(s, 1, 'Budget passes')).toBe(2);
  });

  it('without an h1 or a title, takes the largest heading at the top only when clearly larger than the text', () => {
    const page = (font: number) => snapshotOf([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] },
      { parent: 0, tag: 'div', rect: [0, 0, 900, 2000], font: 16 },
      { parent: 1, tag: 'h3', rect: [0, 0, 900, 40], text: 'Small print', font: 16 },
      { parent: 1, tag: 'h2', rect: [0, 40, 900, 40], text: 'Introduction', font },
      { parent: 1, tag: 'p', rect: [0, 80, 900, 400], text: prose('p') },
    ]);
    expect(findHeadline(page(28), 1, null)).toBe(3);
    expect(findHeadline(page(18), 1, null)).toBe(-1);
  });

  it('takes a large-font block that is not a heading only when it matches the title', () => {
    const s = snapshotOf([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] },
      { parent: 0, tag: 'div', rect: [0, 0, 900, 2000] },
      { parent: 1, tag: 'div', rect: [0, 0, 900, 40], text: 'Budget passes after long night', font: 32 },
      { parent: 1, tag: 'p', rect: [0, 40, 900, 400], text: prose('p') },
    ]);
    expect(findHeadline(s, 1, 'Budget passes after long night')).toBe(2);
    expect(findHeadline(s, 1, 'Something else entirely')).toBe(-1);
  });

  it('does not take the layout names of the article\'s own containers for chrome', () => {
    const s = snapshotOf([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] },
      { parent: 0, tag: 'div', rect: [0, 0, 1280, 2000], hints: HintBit.SIDEBAR }, // "primary-and-secondary-columns"
      { parent: 1, tag: 'div', rect: [0, 0, 900, 2000] },
      { parent: 2, tag: 'h1', rect: [0, 0, 900, 40], text: 'Budget passes' },
      { parent: 2, tag: 'p', rect: [0, 40, 900, 400], text: prose('p') },
      { parent: 1, tag: 'aside', rect: [900, 0, 380, 400], hints: HintBit.SIDEBAR },
      { parent: 5, tag: 'h2', rect: [900, 0, 380, 40], text: 'Budget passes' },
    ]);
    expect(findHeadline(s, 2, 'Budget passes')).toBe(3);
    // The aside's twin stays chrome: it does not hold the article.
    expect(findHeadline(s, 2, 'Budget passes')).not.toBe(6);
  });

  it('finds nothing on a page with no article and no title to match', () => {
    const { s } = newsPage();
    expect(findHeadline(s, -1, null)).toBe(-1);
  });
});

describe('findByline', () => {
  it('finds the line naming the metadata author and widens it to its short block (with the date)', () => {
    const { s, ids } = newsPage({ byline: 'Reporting by Ana Lima' });
    expect(findByline(s, ids.h1, ids.article, 'Ana Lima')).toBe(ids.meta);
  });

  it('finds a "By …" line without metadata, else a date line; never a story sentence', () => {
    const { s, ids } = newsPage();
    expect(findByline(s, ids.h1, ids.article, null)).toBe(ids.meta);
    const story = (first: string, extra: Spec[] = []) => snapshotOf([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] },
      { parent: 0, tag: 'article', rect: [0, 0, 900, 2000] },
      { parent: 1, tag: 'h1', rect: [0, 0, 900, 40], text: 'Budget passes' },
      { parent: 1, tag: 'p', rect: [0, 40, 900, 40], text: first },
      ...extra,
      { parent: 1, tag: 'p', rect: [0, 80, 900, 400], text: prose('p') },
    ]);
    expect(findByline(story('By the time the vote came, the hall was empty.'), 2, 1, null)).toBe(-1);
    expect(findByline(story('Updated 5 March 2024'), 2, 1, null)).toBe(3);
    // A <time> inside a sentence of the story is not a date line.
    const inSentence = story('The council met on a long evening and voted on the budget after a debate.',
      [{ parent: 3, tag: 'time', rect: [0, 40, 100, 20], text: 'Tuesday', style: StyleBit.INLINE }]);
    expect(findByline(inSentence, 2, 1, null)).toBe(-1);
  });
});

describe('readerDecision with headline and byline', () => {
  it('keeps the body without the headline and byline, and shows all three', () => {
    const { s, values, ids } = newsPage();
    const d = readerDecision(s, values, 0.5, { title: 'River peaks at record height', byline: 'Ana Lima' });
    expect(d.article).toBe(ids.article);
    expect([d.headline, d.byline]).toEqual([ids.h1, ids.meta]);
    const body = readerText(s, (i) => d.keep[i] === 0);
    expect(body.startsWith('p00 words')).toBe(true);
    expect(body).not.toContain('River peaks');
    expect(body).not.toContain('Ana Lima');
    for (const i of [ids.header, ids.h1, ids.by, ids.time, ids.article]) expect(d.show[i], `node ${i}`).toBe(1);
    expect(d.show[ids.related]).toBe(0);
  });

  it('drops the headline from the body also when the smoothing kept it (inside the article)', () => {
    const s = snapshotOf([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] },
      { parent: 0, tag: 'article', rect: [0, 0, 900, 2000] },
      { parent: 1, tag: 'h1', rect: [0, 0, 900, 40], text: 'Budget passes' },
      { parent: 1, tag: 'p', rect: [0, 80, 900, 400], text: prose('p') },
    ]);
    const d = readerDecision(s, [0.1, 0.1, 0.1, 0.1], 0.5, { title: 'Budget passes' });
    expect(Array.from(d.keep)).toEqual([1, 1, 0, 1]);
    expect(Array.from(d.show)).toEqual([1, 1, 1, 1]);
    expect(readerDecision(s, [0.1, 0.1, 0.1, 0.1], 0.5, {}).headline).toBe(2);
  });
});

describe('a headline inside a heading block with layout words', () => {
  it('is found although the block is also named like a sidebar', () => {
    const s = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] },
      { parent: 0, tag: 'header', rect: [0, 0, 900, 200], hints: HintBit.ARTICLE_HEAD | HintBit.SIDEBAR },
      { parent: 1, tag: 'h1', rect: [0, 0, 900, 60], text: 'Understanding Digital Marketing' },
      { parent: 0, tag: 'div', rect: [0, 200, 900, 2000], hints: HintBit.ARTICLE_BODY | HintBit.CONTENT },
      { parent: 3, tag: 'h2', rect: [0, 200, 900, 40], text: 'What Is Digital Marketing?' },
      { parent: 3, tag: 'p', rect: [0, 240, 900, 600], text: 'Digital marketing is the use of websites, apps and other digital means to sell products. '.repeat(4) },
    ]);
    expect(findHeadline(s, 3, 'Understanding Digital Marketing: Key Types, Channels, and Examples')).toBe(2);
  });
});
