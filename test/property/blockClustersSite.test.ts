import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SiteBlockStore, templateBlocks, blocksOf, type TemplateOptions } from '../../src/site/blockClusters/index.ts';
import { blockTree } from '../../src/site/blockClusters/blockTree.ts';
import { blockWords } from '../../src/site/blockClusters/blockWords.ts';
import { attributeArray, clusterKey } from '../../src/site/blockClusters/styleKey.ts';
import { StyleBit } from '../../src/snapshot/styleBits.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';

/**
 * A random site: every page has the same slots (blocks under the body); each slot shows one of two texts shared
 * across the site (so some blocks repeat exactly) or a text of its own, from a vocabulary of eight words (so the same
 * words recur at the same or other offsets by chance). A slot is sometimes drawn with a background, which puts it in
 * another block style cluster.
 */
const VOCAB = ['alpha', 'beta', 'gamma', 'delta', 'eps', 'zeta', 'eta', 'theta'];
const textArb = fc.array(fc.constantFrom(...VOCAB), { maxLength: 14 });
const siteArb = fc.record({
  pool: fc.array(fc.tuple(textArb, textArb), { minLength: 1, maxLength: 3 }),
  pages: fc.array(fc.array(fc.record({ pick: fc.nat(2), own: textArb, styled: fc.boolean() }), { minLength: 3, maxLength: 3 }),
    { minLength: 2, maxLength: 7 }),
  lanes: fc.integer({ min: 1, max: 3 }),
});
const optionsArb: fc.Arbitrary<Partial<TemplateOptions>> = fc.record({
  similarity: fc.constantFrom(0.5, 0.8, 1), theta: fc.constantFrom(0, 0.3, 0.6), minSupport: fc.constantFrom(1, 2),
  threshold: fc.constantFrom(0.3, 0.5, 1),
});
type Site = { pool: [string[], string[]][]; pages: { pick: number; own: string[]; styled: boolean }[][]; lanes: number };

function pagesOf(site: Site): PageSnapshot[] {
  return site.pages.map((slots, k) => {
    const nodes: NodeSpec[] = [{ parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] }];
    site.pool.forEach((texts, j) => {
      const slot = slots[j];
      const words = slot.pick < 2 ? texts[slot.pick] : slot.own;
      nodes.push({ parent: 0, tag: 'div', rect: [0, 100 * j, 1280, 100], text: words.join(' '),
        style: slot.styled ? StyleBit.BLOCK | StyleBit.BACKGROUND : StyleBit.BLOCK });
    });
    const s = buildSnapshot(nodes);
    s.url = `https://site.test/${k}`;
    return s;
  });
}

function storeOf(pages: PageSnapshot[], lanes: number): SiteBlockStore {
  const store = SiteBlockStore.create({ lanes });
  for (const p of pages) store.addPage(p);
  return store;
}

/** Per block of `page`: its key and, per word, the exact offset sequence (no bit arrays). */
function exactBlocks(page: PageSnapshot) {
  const tree = blockTree(page);
  return Array.from(tree.node, (node, b) => {
    const w = blockWords(page, tree, b);
    return { key: clusterKey(tree.positions[b], attributeArray(page, node)), count: w.count,
      offsets: new Map([...w.offsets].map(([h, o]) => [h, o.join(',')])) };
  });
}

/**
 * Template words of each block of pages[k] by the paper's definition with exact offset-sequence equality instead
 * of bit arrays: the reference the Bloom-style comparison must never fall below.
 */
function exactTemplateWords(pages: PageSnapshot[], k: number, o: TemplateOptions): number[] {
  const all = pages.map(exactBlocks);
  return all[k].map((block) => {
    const others = all.filter((_, q) => q !== k).map((blocks) => blocks.find((b) => b.key === block.key && b.count > 0))
      .filter((b) => b !== undefined);
    const needed = Math.max(1, o.minSupport, Math.ceil(o.theta * others.length - 1e-9));
    let n = 0;
    for (const [word, seq] of block.offsets) {
      if (others.filter((b) => b.offsets.get(word) === seq).length >= needed) n++;
    }
    return n;
  });
}

const DEFAULTS: TemplateOptions = { threshold: 0.5, similarity: 0.8, theta: 0.3, minSupport: 2 };

describe('block clusters on random sites', () => {
  it('never finds fewer template words than exact offset-sequence equality does (no false negatives)', () => {
    fc.assert(fc.property(siteArb, optionsArb, (site, options) => {
      const o = { ...DEFAULTS, ...options };
      const pages = pagesOf(site);
      const store = storeOf(pages, site.lanes);
      pages.forEach((page, k) => {
        const exact = exactTemplateWords(pages, k, o);
        const found = templateBlocks(store, page, o).blocks;
        found.forEach((b, i) => {
          expect(b.templateWords).toBeGreaterThanOrEqual(exact[i]);
          expect(b.templateWords).toBeLessThanOrEqual(b.words);
        });
      });
    }), { numRuns: 150 });
  });

  it('never reports fewer shared words between two blocks than have equal offset sequences', () => {
    fc.assert(fc.property(textArb, textArb, fc.integer({ min: 1, max: 4 }), fc.constantFrom(0.3, 0.8, 1), (a, b, lanes, sim) => {
      const one = (words: string[]) => buildSnapshot([{ parent: -1, tag: 'div', rect: [0, 0, 9, 9], text: words.join(' ') }]);
      const [ea] = exactBlocks(one(a));
      const [eb] = exactBlocks(one(b));
      const [ba] = blocksOf(one(a), lanes);
      const [bb] = blocksOf(one(b), lanes);
      let equal = 0;
      let similar = 0;
      for (const [word, seq] of ea.offsets) if (eb.offsets.get(word) === seq) equal++;
      for (const [word, bits] of ba.words) {
        const other = bb.words.get(word);
        if (!other) continue;
        const shared = bits.reduce((n, x, l) => n + popcount(x & other[l]), 0);
        const larger = Math.max(bits.reduce((n, x) => n + popcount(x), 0), other.reduce((n, x) => n + popcount(x), 0));
        if (shared >= sim * larger - 1e-9) similar++;
      }
      expect(similar).toBeGreaterThanOrEqual(equal);
    }), { numRuns: 300 });
  });

  it('judges every page the same whatever order the pages were added in', () => {
    fc.assert(fc.property(siteArb, optionsArb, fc.infiniteStream(fc.nat()), (site, o, randomness) => {
      const pages = pagesOf(site);
      const shuffled = [...pages];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = randomness.next().value % (i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
      }
      const a = storeOf(pages, site.lanes);
      const b = storeOf(shuffled, site.lanes);
      for (const page of pages) expect(templateBlocks(b, page, o)).toEqual(templateBlocks(a, page, o));
    }), { numRuns: 100 });
  });

  it('judges a stored page exactly as a store without it would', () => {
    fc.assert(fc.property(siteArb, optionsArb, (site, o) => {
      const pages = pagesOf(site);
      const all = storeOf(pages, site.lanes);
      pages.forEach((page, k) => {
        const without = storeOf(pages.filter((_, q) => q !== k), site.lanes);
        expect(templateBlocks(all, page, o)).toEqual(templateBlocks(without, page, o));
      });
    }), { numRuns: 60 });
  });
});

function popcount(x: number): number {
  let n = 0;
  for (let v = x >>> 0; v; v >>>= 1) n += v & 1;
  return n;
}
