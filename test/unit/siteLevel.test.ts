import { describe, expect, it } from 'vitest';
import { subtreeHashes } from '../../src/site/nodeHash.ts';
import {
  countPagesPerHash, labelsFromTemplateNodes, pagesNeeded, siteLevelLabels, siteTemplateNodes,
} from '../../src/site/siteLevel.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

/** Node indices of `articlePage`, named. */
const BODY = 0, NAV = 1, HOME = 2, NEWS = 3, ABOUT = 4, ARTICLE = 5, TITLE = 6, PARA = 7, LOGO = 8, FOOTER = 9;

/**
 * One page of a small news site: the same navigation and footer on every page, an article of its own, and an image
 * (no text) in the article. `shift` moves the navigation, as a taller header on another page would.
 */
function articlePage(k: number, shift = 0) {
  return buildSnapshot([
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
    { parent: 0, tag: 'nav', rect: [0, shift, 1280, 60], hints: HintBit.NAV },
    { parent: 1, tag: 'a', rect: [10, shift + 10, 80, 20], text: 'Home', link: 'intra' },
    { parent: 1, tag: 'a', rect: [100, shift + 10, 80, 20], text: 'News', link: 'intra' },
    { parent: 1, tag: 'a', rect: [200, shift + 10, 80, 20], text: 'About us', link: 'intra' },
    { parent: 0, tag: 'article', rect: [240, 100, 800, 1600] },
    { parent: 5, tag: 'h1', rect: [240, 100, 800, 60], text: `Story number ${k}` },
    { parent: 5, tag: 'p', rect: [240, 200, 800, 400], text: `Body text that only page ${k} has, ${'word '.repeat(k + 3)}` },
    { parent: 5, tag: 'img', rect: [240, 700, 800, 400] },
    { parent: 0, tag: 'footer', rect: [0, 1900, 1280, 100], text: 'Copyright 2026 Example News' },
  ]);
}

describe('subtreeHashes', () => {
  it('gives the same navigation the same hash on two pages, wherever it is drawn', () => {
    const a = subtreeHashes(articlePage(1));
    const b = subtreeHashes(articlePage(2, 40));
    expect(b[NAV]).toBe(a[NAV]);
    expect(b[HOME]).toBe(a[HOME]);
    expect(b[FOOTER]).toBe(a[FOOTER]);
  });

  it('gives articles that differ in one word different hashes, and so their ancestors too', () => {
    const a = subtreeHashes(articlePage(1));
    const b = subtreeHashes(articlePage(2));
    expect(b[PARA]).not.toBe(a[PARA]);
    expect(b[ARTICLE]).not.toBe(a[ARTICLE]);
    expect(b[BODY]).not.toBe(a[BODY]);
  });

  it('tells structure apart: the same text in another tag, as a link or not, or split across children', () => {
    const one = (nodes: NodeSpec[]) => subtreeHashes(buildSnapshot(nodes))[0];
    const root = { parent: -1, rect: [0, 0, 100, 100] as [number, number, number, number] };
    const plain = one([{ ...root, tag: 'div', text: 'Home News' }]);
    expect(one([{ ...root, tag: 'p', text: 'Home News' }])).not.toBe(plain);
    expect(one([{ ...root, tag: 'div', text: 'Home News', link: 'intra' }])).not.toBe(plain);
    expect(one([{ ...root, tag: 'div', text: 'Home' }, { parent: 0, tag: 'span', rect: [0, 0, 9, 9], text: 'News' }]))
      .not.toBe(plain);
    // Whitespace is not structure: capture collapses it relative to what precedes the node.
    expect(one([{ ...root, tag: 'div', text: '  Home \n News ' }])).toBe(plain);
  });

  it('hashes a list of links by its shape when link text is left out, but still tells other text apart', () => {
    const list = (titles: string[], note: string) => buildSnapshot([
      { parent: -1, tag: 'ul', rect: [0, 0, 300, 300], hints: HintBit.RELATED },
      ...titles.map((t) => ({ parent: 0, tag: 'a', rect: [0, 0, 300, 20] as [number, number, number, number], text: t, link: 'intra' as const })),
      { parent: 0, tag: 'span', rect: [0, 0, 300, 20], text: note },
    ]);
    const shape = { anchorText: false };
    const a = list(['Storm hits coast', 'Rates rise'], 'More stories');
    const b = list(['Team wins final', 'New phone out'], 'More stories');
    expect(subtreeHashes(b, shape)[0]).toBe(subtreeHashes(a, shape)[0]);
    expect(subtreeHashes(b)[0]).not.toBe(subtreeHashes(a)[0]);
    expect(subtreeHashes(list(['Storm hits coast', 'Rates rise'], 'Fewer stories'), shape)[0])
      .not.toBe(subtreeHashes(a, shape)[0]);
    expect(subtreeHashes(list(['Storm hits coast'], 'More stories'), shape)[0]).not.toBe(subtreeHashes(a, shape)[0]);
  });

  it('returns exact integers below 2^53, usable as Map keys', () => {
    for (const h of subtreeHashes(articlePage(3))) {
      expect(Number.isSafeInteger(h)).toBe(true);
      expect(h).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('siteLevelLabels', () => {
  const pages = Array.from({ length: 10 }, (_, k) => articlePage(k, k % 3 === 0 ? 30 : 0));
  const labels = siteLevelLabels(pages);

  it('labels the navigation and footer shared by the pages as template', () => {
    for (const l of labels) for (const i of [NAV, HOME, NEWS, ABOUT, FOOTER]) expect(l[i]).toBe(1);
  });

  it('labels each page\'s own article, and the page itself, as not template', () => {
    for (const l of labels) for (const i of [BODY, ARTICLE, TITLE, PARA]) expect(l[i]).toBe(0);
  });

  it('never takes a text-free node that recurs (every page has an <img>) as evidence by itself', () => {
    for (const l of labels) expect(l[LOGO]).toBe(0);
  });

  it('labels a text-free node inside a shared block as template', () => {
    const withIcon = (k: number) => buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
      { parent: 0, tag: 'header', rect: [0, 0, 1280, 80], text: 'Example News' },
      { parent: 1, tag: 'img', rect: [0, 0, 80, 80] },
      { parent: 0, tag: 'p', rect: [0, 100, 1280, 800], text: `Story ${k}` },
    ]);
    const [a, b] = siteLevelLabels([withIcon(1), withIcon(2)]);
    expect([a[1], a[2], b[1], b[2]]).toEqual([1, 1, 1, 1]);
    expect([a[3], b[3]]).toEqual([0, 0]);
  });

  it('needs the hash on at least θ·n pages: 3 of 30 is enough at θ = 0.1, 2 of 30 is not', () => {
    const page = (k: number) => {
      const nodes: NodeSpec[] = [
        { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
        { parent: 0, tag: 'p', rect: [0, 0, 1280, 100], text: `Unique story ${k}` },
      ];
      if (k < 3) nodes.push({ parent: 0, tag: 'aside', rect: [0, 100, 300, 300], text: 'On three pages' });
      if (k >= 3 && k < 5) nodes.push({ parent: 0, tag: 'aside', rect: [0, 100, 300, 300], text: 'On two pages' });
      return buildSnapshot(nodes);
    };
    const all = siteLevelLabels(Array.from({ length: 30 }, (_, k) => page(k)));
    expect(all[0][2]).toBe(1);
    expect(all[3][2]).toBe(0);
    expect(pagesNeeded(30, 0.1, 2)).toBe(3);
    expect(pagesNeeded(31, 0.1, 2)).toBe(4);
    // With θ = 0.05, 2 of 30 pages are enough.
    expect(siteLevelLabels(Array.from({ length: 30 }, (_, k) => page(k)), { theta: 0.05 })[3][2]).toBe(1);
  });

  it('never takes a node found on one page only as template, even when θ·n ≤ 1', () => {
    expect(pagesNeeded(10, 0.1, 2)).toBe(2);
    const [a] = siteLevelLabels([articlePage(1), articlePage(2)]);
    expect(a[PARA]).toBe(0);
    expect(a[NAV]).toBe(1);
  });

  it('counts a hash once per page, however often the page repeats it', () => {
    const counts = countPagesPerHash([[5, 5, 5, 7], [5, 9]]);
    expect(counts.get(5)).toBe(2);
    expect(counts.get(7)).toBe(1);
  });
});

describe('the 85% rule for internal nodes', () => {
  /** A wrapper holding a template block (800 characters of HTML) and a page-specific paragraph of `ownHtml`. */
  const wrapperPage = (k: number, ownHtml: number) => buildSnapshot([
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000], html: 10 },
    { parent: 0, tag: 'div', rect: [0, 0, 1280, 600], html: 10 },
    { parent: 1, tag: 'ul', rect: [0, 0, 1280, 300], html: 500 },
    { parent: 2, tag: 'li', rect: [0, 0, 1280, 100], text: 'Sections', html: 300 },
    { parent: 1, tag: 'p', rect: [0, 300, 1280, 300], text: `Teaser ${k}`, html: ownHtml },
    { parent: 0, tag: 'article', rect: [0, 600, 1280, 1400], text: `Article ${k}`, html: 5000 },
  ]);

  it('labels an internal node with more than 85% of its HTML in template nodes as template', () => {
    // 800 of 10 + 800 + 130 = 940 characters: 85.1%.
    const [l] = siteLevelLabels([wrapperPage(1, 130), wrapperPage(2, 130)]);
    expect(l[2]).toBe(1);
    expect(l[4]).toBe(0);
    expect(l[1]).toBe(1);
    expect(l[0]).toBe(0);
  });

  it('does not at 85% or below', () => {
    // 800 of 945 characters: 84.7%.
    const [l] = siteLevelLabels([wrapperPage(1, 135), wrapperPage(2, 135)]);
    expect(l[2]).toBe(1);
    expect(l[1]).toBe(0);
  });

  it('can measure the share in visible text instead of HTML', () => {
    // By HTML the wrapper is 84.7% template; by text, 'Sections' (8 characters) is 8 of 8 + 7 ('Teaser1').
    const pages = [wrapperPage(1, 135), wrapperPage(2, 135)];
    expect(siteLevelLabels(pages, { shareOf: 'text' })[0][1]).toBe(0);
    expect(siteLevelLabels(pages, { shareOf: 'text', innerShare: 0.5 })[0][1]).toBe(1);
    expect(siteLevelLabels(pages, { innerShare: 0.5 })[0][1]).toBe(1);
  });

  it('counts only site-level templates toward the share, not nodes labelled by the share rule', () => {
    const s = wrapperPage(1, 130);
    const template = new Uint8Array(s.count);
    template[2] = 1;
    template[3] = 1;
    const labels = labelsFromTemplateNodes(s, template, 0.85);
    expect(labels[1]).toBe(1);
    // The body holds 800 template characters of 10 + 940 + 5000: the wrapper's label does not lift it.
    expect(labels[0]).toBe(0);
  });
});

describe('siteTemplateNodes', () => {
  it('marks a node whose hash reaches the page count, with everything inside it', () => {
    const s = articlePage(1);
    const hashes = subtreeHashes(s);
    const counts = new Map([[hashes[NAV], 5]]);
    const marked = siteTemplateNodes(s, hashes, counts, 5);
    expect(Array.from(marked).flatMap((m, i) => (m ? [i] : []))).toEqual([NAV, HOME, NEWS, ABOUT]);
    expect(Array.from(siteTemplateNodes(s, hashes, counts, 6)).every((m) => m === 0)).toBe(true);
  });
});
