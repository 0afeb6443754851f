import { describe, expect, it } from 'vitest';
import { SiteBlockStore, templateBlocks } from '../../src/site/blockClusters/index.ts';
import { StyleBit } from '../../src/snapshot/styleBits.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';

const NAV = 'Home News Sport Weather Contact us';
const FOOTER = 'Copyright 2026 Example Org all rights reserved';
/** Node index of each block's element in `sitePage`. */
const HEADER_NODE = 1, MAIN_NODE = 2, PARA_NODE = 3, FOOTER_NODE = 4;

/** Deterministic article text of its own for page k: no two pages share a word sequence. */
function article(k: number, words = 40): string {
  return Array.from({ length: words }, (_, j) => `w${(k * 7919 + j * 104729) % 100_000}`).join(' ');
}

/** One page of a small site: a navigation bar, an article, a footer. */
function sitePage(k: number, opts: { nav?: string; footer?: string; navStyle?: number } = {}): PageSnapshot {
  const s = buildSnapshot([
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
    { parent: 0, tag: 'div', rect: [0, 0, 1280, 80], text: opts.nav ?? NAV, style: opts.navStyle },
    { parent: 0, tag: 'div', rect: [0, 80, 800, 1500] },
    { parent: 2, tag: 'p', rect: [0, 80, 800, 1500], text: article(k) },
    { parent: 0, tag: 'div', rect: [0, 1900, 1280, 100], text: opts.footer ?? FOOTER },
  ]);
  s.url = `https://example.org/story/${k}`;
  return s;
}

function storeOf(pages: PageSnapshot[]): SiteBlockStore {
  const store = SiteBlockStore.create();
  for (const p of pages) store.addPage(p);
  return store;
}

const verdictOf = (r: ReturnType<typeof templateBlocks>, node: number) => r.blocks.find((b) => b.node === node)!;

describe('templateBlocks (001 §3.2, template words and TWR)', () => {
  it('finds the repeated navigation and footer template, not the articles', () => {
    const store = storeOf([1, 2, 3, 4].map((k) => sitePage(k)));
    const r = templateBlocks(store, sitePage(5));
    expect(verdictOf(r, HEADER_NODE)).toMatchObject({ template: true, ratio: 1, templateWords: 6, words: 6, clusterPages: 4 });
    expect(verdictOf(r, FOOTER_NODE)).toMatchObject({ template: true, ratio: 1 });
    expect(verdictOf(r, MAIN_NODE)).toMatchObject({ template: false, templateWords: 0, words: 40 });
    expect(r.blocks.map((b) => b.node)).toEqual([0, HEADER_NODE, MAIN_NODE, FOOTER_NODE]); // the p is main's content
    // The body is a wordless wrapper whose sub-blocks are not all template; the p goes with its block.
    expect(Array.from(r.nodeTemplate)).toEqual([0, 1, 0, 0, 1]);
    expect(r.nodeTemplate[PARA_NODE]).toBe(0);
    expect(r.templateWordShare).toBeCloseTo((6 + 7) / (6 + 40 + 7));
  });

  it('marks a wordless wrapper template when all its word-holding sub-blocks are', () => {
    const page = (k: number) => {
      const s = buildSnapshot([
        { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
        { parent: 0, tag: 'header', rect: [0, 0, 1280, 80] },
        { parent: 1, tag: 'ul', rect: [0, 0, 1280, 40], text: NAV },
        { parent: 1, tag: 'div', rect: [0, 40, 1280, 40], text: 'Search the site' },
        { parent: 0, tag: 'main', rect: [0, 80, 1280, 900], text: article(k) },
      ]);
      s.url = `https://example.org/${k}`;
      return s;
    };
    const r = templateBlocks(storeOf([1, 2, 3].map(page)), page(4));
    expect(Array.from(r.nodeTemplate)).toEqual([0, 1, 1, 1, 0]);
  });

  it('needs a threshold share of template words: TWR decides', () => {
    // The footer keeps 8 words on every page and ends with 2 words of its own (a changing date): ratio 0.8.
    const pages = [1, 2, 3, 4, 5].map((k) => sitePage(k, { footer: `${FOOTER} updated day${k} month${k}` }));
    const store = storeOf(pages.slice(0, 4));
    const footer = (threshold: number) => verdictOf(templateBlocks(store, pages[4], { threshold }), FOOTER_NODE);
    expect(footer(0.5)).toMatchObject({ ratio: 0.8, template: true });
    expect(footer(0.8).template).toBe(true);
    expect(footer(0.81).template).toBe(false);
  });

  it('wants the same words at similar offsets, not just the same words', () => {
    const reversed = NAV.split(' ').reverse().join(' ');
    const store = storeOf([1, 2, 3, 4].map((k) => sitePage(k, { nav: reversed })));
    const nav = verdictOf(templateBlocks(store, sitePage(5)), HEADER_NODE);
    // Six words reversed: each keeps its offset only if it sits in the middle, and six has no middle word.
    expect(nav).toMatchObject({ templateWords: 0, template: false });
  });

  it('compares only blocks of one style cluster: the same words in a differently styled block are not evidence', () => {
    const store = storeOf([1, 2, 3, 4].map((k) => sitePage(k, { navStyle: StyleBit.BLOCK | StyleBit.BACKGROUND })));
    const nav = verdictOf(templateBlocks(store, sitePage(5)), HEADER_NODE);
    expect(nav).toMatchObject({ clusterPages: 0, template: false });
  });

  it('needs minSupport other pages and a theta share of the cluster', () => {
    const two = storeOf([1, 2].map((k) => sitePage(k)));
    expect(verdictOf(templateBlocks(two, sitePage(3)), HEADER_NODE).template).toBe(true);
    expect(verdictOf(templateBlocks(two, sitePage(3), { minSupport: 3 }), HEADER_NODE).template).toBe(false);
    // 2 of 10 pages share this navigation: enough at theta 0.2, not at 0.3.
    const mixed = storeOf([...[1, 2].map((k) => sitePage(k)), ...[3, 4, 5, 6, 7, 8, 9, 10].map((k) => sitePage(k, { nav: article(k, 6) }))]);
    expect(verdictOf(templateBlocks(mixed, sitePage(11), { theta: 0.2 }), HEADER_NODE).template).toBe(true);
    expect(verdictOf(templateBlocks(mixed, sitePage(11), { theta: 0.3 }), HEADER_NODE).template).toBe(false);
  });

  it('never lets a page support itself: a stored page is judged as if it were new, and reloads do not count', () => {
    const store = storeOf([1, 2, 3, 4].map((k) => sitePage(k)));
    const before = templateBlocks(store, sitePage(5));
    store.addPage(sitePage(5));
    store.addPage(sitePage(5)); // a reload replaces the page
    store.addPage(sitePage(5));
    expect(store.pageCount).toBe(5);
    const after = templateBlocks(store, sitePage(5));
    expect(after.blocks).toEqual(before.blocks);
    expect(verdictOf(after, MAIN_NODE).template).toBe(false);
  });

  it('rejects options out of range', () => {
    const store = storeOf([sitePage(1)]);
    expect(() => templateBlocks(store, sitePage(2), { similarity: 0 })).toThrow(/similarity/);
    expect(() => templateBlocks(store, sitePage(2), { threshold: Number.NaN })).toThrow(/threshold/);
  });
});
