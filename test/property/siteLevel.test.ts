import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { siteLevelLabels } from '../../src/site/siteLevel.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

/**
 * A random site: each page is a body with some blocks drawn from a small shared pool (so some recur on several
 * pages) and a block of its own; a block is a div with one or two paragraphs.
 */
const blockArb = fc.record({
  tag: fc.constantFrom('div', 'nav', 'aside', 'ul'),
  texts: fc.array(fc.constantFrom('Home', 'News', 'Sport', 'About us', 'Contact', ''), { minLength: 1, maxLength: 2 }),
  html: fc.integer({ min: 10, max: 400 }),
});
type Block = { tag: string; texts: string[]; html: number };

const siteArb = fc.record({
  pool: fc.array(blockArb, { minLength: 1, maxLength: 5 }),
  pages: fc.array(fc.record({ picks: fc.array(fc.nat(4), { maxLength: 4 }), ownHtml: fc.integer({ min: 10, max: 400 }) }),
    { minLength: 1, maxLength: 8 }),
  theta: fc.constantFrom(0.1, 0.25, 0.5),
});

function pageOf(pool: Block[], picks: number[], k: number, ownHtml: number) {
  const nodes: NodeSpec[] = [{ parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] }];
  const addBlock = (b: Block) => {
    const at = nodes.length;
    nodes.push({ parent: 0, tag: b.tag, rect: [0, 0, 1280, 100], html: b.html });
    for (const t of b.texts) nodes.push({ parent: at, tag: 'p', rect: [0, 0, 1280, 50], text: t });
  };
  for (const p of picks) addBlock(pool[p % pool.length]);
  addBlock({ tag: 'article', texts: [`Story ${k}`], html: ownHtml });
  return buildSnapshot(nodes);
}

describe('siteLevelLabels', () => {
  it('labels each page the same whatever order the pages come in', () => {
    fc.assert(
      fc.property(siteArb, fc.infiniteStream(fc.nat()), ({ pool, pages, theta }, randomness) => {
        const snapshots = pages.map((p, k) => pageOf(pool, p.picks, k, p.ownHtml));
        const labels = siteLevelLabels(snapshots, { theta });
        // A permutation by sorting indices on random keys.
        const keys = snapshots.map(() => randomness.next().value as number);
        const order = snapshots.map((_, k) => k).sort((a, b) => keys[a] - keys[b] || a - b);
        const shuffled = siteLevelLabels(order.map((k) => snapshots[k]), { theta });
        order.forEach((k, j) => expect(Array.from(shuffled[j])).toEqual(Array.from(labels[k])));
      }),
      { numRuns: 200, seed: 20260101 },
    );
  });
});
