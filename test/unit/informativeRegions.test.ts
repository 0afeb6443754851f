import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { informativeRegions, sdRegions } from '../../src/segment/informativeRegions.ts';
import { ownDensity } from '../../src/segment/sdTree.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

const words = (n: number, seed = 'story') =>
  Array.from({ length: n }, (_, k) => `${seed}${k % 7} text`).join(' ');

/** body > header(nav links) · div#article(h1, 5 long p) · aside(short items + one blurb) · footer. */
function articlePage(extra: (body: number, push: (n: NodeSpec) => number) => void = () => {}): {
  nodes: NodeSpec[]; article: number; aside: number;
} {
  const nodes: NodeSpec[] = [];
  const push = (n: NodeSpec) => nodes.push(n) - 1;
  const body = push({ parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] });
  const header = push({ parent: body, tag: 'header', rect: [0, 0, 1280, 100], hints: HintBit.HEADER });
  const nav = push({ parent: header, tag: 'ul', rect: [0, 0, 1280, 50], hints: HintBit.NAV });
  for (const label of ['Home', 'World', 'Politics', 'Sports', 'Culture']) {
    const li = push({ parent: nav, tag: 'li', rect: [0, 0, 100, 50] });
    push({ parent: li, tag: 'a', rect: [0, 0, 100, 50], text: label, link: 'intra' });
  }
  const article = push({ parent: body, tag: 'div', rect: [0, 100, 900, 1500], hints: HintBit.CONTENT });
  push({ parent: article, tag: 'h1', rect: [0, 100, 900, 60], text: 'Flood barriers hold as river peaks' });
  for (let k = 0; k < 5; k++) push({ parent: article, tag: 'p', rect: [0, 160 + 200 * k, 900, 200], text: words(20) });
  const aside = push({ parent: body, tag: 'aside', rect: [900, 100, 380, 1500], hints: HintBit.SIDEBAR });
  const list = push({ parent: aside, tag: 'ul', rect: [900, 100, 380, 300] });
  for (const label of ['Most read one', 'Most read two', 'Most read three']) {
    push({ parent: list, tag: 'li', rect: [900, 100, 380, 30], text: label });
  }
  push({ parent: aside, tag: 'p', rect: [900, 400, 380, 100], text: 'Subscribe to our newsletter for weekly news.' });
  extra(body, push);
  const footer = push({ parent: body, tag: 'footer', rect: [0, 2900, 1280, 100], hints: HintBit.FOOTER });
  push({ parent: footer, tag: 'p', rect: [0, 2900, 1280, 100], text: '© 2024 Example' });
  return { nodes, article, aside };
}

describe('ownDensity (SD step 1)', () => {
  it('counts direct text, folding inline children into their block and leaving block children out', () => {
    const s = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 100, 100] },
      { parent: 0, tag: 'p', rect: [0, 0, 100, 10], text: 'abc' },
      { parent: 1, tag: 'a', rect: [0, 0, 10, 10], text: 'de', link: 'intra', style: 0 },
      { parent: 1, tag: 'div', rect: [0, 0, 10, 10], text: 'fghi' },
    ]);
    expect(Array.from(ownDensity(s))).toEqual([0, 5, 0, 4]);
    expect(Array.from(ownDensity(s, true))).toEqual([0, 3, 0, 4]);
  });

  it('without link text, gives nothing to a block inside a link and never goes below zero', () => {
    const s = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 100, 100] },
      { parent: 0, tag: 'a', rect: [0, 0, 100, 10], link: 'intra', style: 0 },
      { parent: 1, tag: 'div', rect: [0, 0, 100, 10], text: 'headline' },
    ]);
    expect(Array.from(ownDensity(s, true))).toEqual([0, 0, 0]);
  });

  it('without link text, a paragraph keeps its own prose around a block inside a link', () => {
    const s = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 100, 100] },
      { parent: 0, tag: 'p', rect: [0, 0, 100, 30], text: 'Some prose here' },
      { parent: 1, tag: 'a', rect: [0, 10, 100, 10], link: 'intra', style: 0 },
      { parent: 2, tag: 'div', rect: [0, 10, 100, 10], text: 'a card title' },
    ]);
    // The paragraph's 13 visible characters outside the link are its prose; the card inside the link has none.
    expect(Array.from(ownDensity(s, true))).toEqual([0, 13, 0, 0]);
  });
});

describe('informativeRegions (SD algorithm)', () => {
  it('finds the article on an article page; nav, sidebar and footer are noise', () => {
    const { nodes, article, aside } = articlePage();
    const r = informativeRegions(buildSnapshot(nodes));
    expect(r).toEqual({ pageType: 'article', article, regions: [article], comments: [] });
    // With T1 = 100 every region is a candidate (§5.2: high T1 favours Multiple): the sidebar blurb joins and, being
    // at the article's level, turns the page into "multiple".
    const loose = informativeRegions(buildSnapshot(nodes), { t1: 100 });
    expect(loose).toEqual({ pageType: 'multiple', article: -1, regions: [article, aside], comments: [] });
  });

  it('reports comments: a section with the COMMENT class hint is a comment region', () => {
    let comments = -1;
    const { nodes, article } = articlePage((body, push) => {
      comments = push({ parent: body, tag: 'section', rect: [0, 1600, 900, 800], hints: HintBit.COMMENT });
      for (let k = 0; k < 4; k++) {
        push({ parent: comments, tag: 'p', rect: [0, 1600 + 200 * k, 900, 200], text: words(15, 'opinion') });
      }
    });
    const r = informativeRegions(buildSnapshot(nodes));
    expect(r).toEqual({ pageType: 'article-with-comments', article, regions: [article], comments: [comments] });
  });

  it('reports comments found by the text keywords (footnote 2) when there is no class hint', () => {
    let comments = -1;
    const { nodes, article } = articlePage((body, push) => {
      comments = push({ parent: body, tag: 'div', rect: [0, 1600, 900, 800] });
      for (let k = 0; k < 4; k++) {
        push({ parent: comments, tag: 'p', rect: [0, 1600 + 200 * k, 900, 200], text: `Reader${k} ${k % 2 ? 'Wrote:' : 'REPLIES'} ${words(14, 'view')}` });
      }
    });
    const r = informativeRegions(buildSnapshot(nodes));
    expect(r.pageType).toBe('article-with-comments');
    expect(r.article).toBe(article);
    expect(r.comments).toEqual([comments]);
  });

  it('a too-thin comment section falls outside T1 and the page stays an article', () => {
    const { nodes, article } = articlePage((body, push) => {
      const c = push({ parent: body, tag: 'section', rect: [0, 1600, 900, 200], hints: HintBit.COMMENT });
      push({ parent: c, tag: 'p', rect: [0, 1600, 900, 100], text: 'Great piece, thanks for writing it.' });
    });
    expect(informativeRegions(buildSnapshot(nodes))).toEqual({ pageType: 'article', article, regions: [article], comments: [] });
  });

  it('classifies a portal of equally dense blocks at one level as multiple', () => {
    const nodes: NodeSpec[] = [
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
      { parent: 0, tag: 'nav', rect: [0, 0, 1280, 60] },
      { parent: 1, tag: 'a', rect: [0, 0, 80, 60], text: 'Home', link: 'intra' },
      { parent: 1, tag: 'a', rect: [80, 0, 80, 60], text: 'Sections', link: 'intra' },
      { parent: 0, tag: 'main', rect: [0, 60, 1280, 1800] },
    ];
    const blocks: number[] = [];
    for (let k = 0; k < 4; k++) {
      blocks.push(nodes.push({ parent: 4, tag: 'div', rect: [320 * k, 60, 320, 600] }) - 1);
      const b = blocks[k];
      nodes.push({ parent: b, tag: 'h2', rect: [320 * k, 60, 320, 40], text: `Headline number ${k} today` });
      nodes.push({ parent: b, tag: 'p', rect: [320 * k, 100, 320, 200], text: words(12 + (k % 2), `teaser${k}`) });
      nodes.push({ parent: b, tag: 'a', rect: [320 * k, 300, 320, 20], text: 'More', link: 'intra' });
    }
    const r = informativeRegions(buildSnapshot(nodes));
    expect(r).toEqual({ pageType: 'multiple', article: -1, regions: blocks, comments: [] });
  });

  it('ignoreLinkText: a menu dense in link characters is no longer the article', () => {
    const nodes: NodeSpec[] = [
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
      { parent: 0, tag: 'ul', rect: [0, 0, 1280, 100] },
      ...Array.from({ length: 12 }, (_, k): NodeSpec => (
        { parent: 1, tag: 'a', rect: [100 * k, 0, 100, 100], text: `Section number ${k} of the site`, link: 'intra', style: 0 })),
      { parent: 0, tag: 'div', rect: [0, 100, 900, 900] },
      { parent: 14, tag: 'p', rect: [0, 100, 900, 900], text: words(12) },
    ];
    const s = buildSnapshot(nodes);
    expect(informativeRegions(s).article).toBe(1);
    expect(informativeRegions(s, { ignoreLinkText: true })).toEqual(
      { pageType: 'article', article: 14, regions: [14], comments: [] });
    // Steps 1–3 computed once and passed in give the same answer.
    expect(informativeRegions(s, { ignoreLinkText: true }, sdRegions(s, { ignoreLinkText: true })).article).toBe(14);
  });

  it('an empty page is multiple with no article, and so is a page with only noise', () => {
    const empty = buildSnapshot([{ parent: -1, tag: 'body', rect: [0, 0, 1280, 800] }]);
    expect(informativeRegions(empty)).toEqual({ pageType: 'multiple', article: -1, regions: [], comments: [] });
    const noise = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 800] },
      { parent: 0, tag: 'p', rect: [0, 0, 100, 20], text: 'short' },
    ]);
    expect(informativeRegions(noise).article).toBe(-1);
    const zero = { ...empty, count: 0 };
    expect(informativeRegions(zero).article).toBe(-1);
  });

  it('T2 prunes: raising it past every paragraph leaves nothing', () => {
    const { nodes } = articlePage();
    expect(informativeRegions(buildSnapshot(nodes), { t2: 10_000 }).pageType).toBe('multiple');
  });

  it('invariants hold on random trees', () => {
    const tags = ['div', 'p', 'span', 'a', 'ul', 'li', 'h2', 'section', 'td', 'table'];
    const tree = fc.array(fc.tuple(fc.nat(), fc.constantFrom(...tags), fc.nat(80), fc.boolean()), { maxLength: 40 });
    fc.assert(fc.property(tree, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 60 }), (spec, t1, t2) => {
      const nodes: NodeSpec[] = [{ parent: -1, tag: 'body', rect: [0, 0, 100, 100] }];
      for (const [p, tag, len, comment] of spec) {
        nodes.push({ parent: p % nodes.length, tag, rect: [0, 0, 10, 10], text: 'x'.repeat(len),
          hints: comment ? HintBit.COMMENT : 0 });
      }
      const s = buildSnapshot(nodes);
      const r = informativeRegions(s, { t1, t2 });
      const all = [...r.regions, ...r.comments];
      expect(new Set(all).size).toBe(all.length);
      for (const i of all) expect(i >= 0 && i < s.count).toBe(true);
      if (r.pageType === 'multiple') expect(r.article).toBe(-1);
      else expect(r.regions).toContain(r.article);
      expect(r.comments.length > 0).toBe(r.pageType === 'article-with-comments');
    }));
  });
});
