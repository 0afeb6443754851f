import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  containsTemplate, decodeSkeleton, emptySkeletonStore, encodeSkeleton, extractSubTree, findTemplate, rememberPage,
  removeTemplate, rtdmTd, storeFromJson, storeToJson, checkSkeleton, type Skeleton,
} from '../../src/site/rtdm/index.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

/**
 * FindTemplate, template removal and the skeleton codec on random "sites": one random base tree, and pages made from
 * it by relabelling nodes, dropping subtrees and adding new ones, as the pages of a site differ in their content.
 */

interface Node { label: number; children: Node[] }

function toSkeleton(root: Node): Skeleton {
  const parent: number[] = [];
  const label: number[] = [];
  const visit = (node: Node, p: number) => {
    const at = parent.length;
    parent.push(p);
    label.push(node.label);
    for (const c of node.children) visit(c, at);
  };
  visit(root, -1);
  return { parent: Int32Array.from(parent), label: Uint32Array.from(label) };
}

/** A random tree of `size` nodes: node i hangs under a random earlier node (appended last among its siblings). */
function randomTree(size: number, labels: number, random: () => number): Node {
  const nodes: Node[] = [{ label: Math.floor(random() * labels), children: [] }];
  for (let i = 1; i < size; i++) {
    const node = { label: Math.floor(random() * labels), children: [] };
    nodes[Math.floor(random() * i)].children.push(node);
    nodes.push(node);
  }
  return nodes[0];
}

/** A page of the site: the base with some nodes relabelled, some subtrees dropped, some new subtrees inserted. */
function mutate(base: Node, rate: number, labels: number, random: () => number): Node {
  const copy = (node: Node): Node => {
    const children: Node[] = [];
    for (const c of node.children) {
      if (random() < rate) continue; // dropped
      if (random() < rate) children.push(randomTree(1 + Math.floor(random() * 4), labels, random)); // inserted
      children.push(copy(c));
    }
    if (random() < rate) children.push(randomTree(1 + Math.floor(random() * 4), labels, random));
    return { label: random() < rate ? Math.floor(random() * labels) : node.label, children };
  };
  const root = copy(base);
  root.label = base.label; // a site's pages share their root element
  return root;
}

const siteArb = fc.record({
  seed: fc.integer(),
  baseSize: fc.integer({ min: 1, max: 40 }),
  labels: fc.integer({ min: 2, max: 6 }),
  pages: fc.integer({ min: 2, max: 6 }),
  rate: fc.constantFrom(0.05, 0.1, 0.2, 0.4),
}).map(({ seed, baseSize, labels, pages, rate }) => {
  const random = seededRandom(seed);
  const base = randomTree(baseSize, labels, random);
  return Array.from({ length: pages }, () => toSkeleton(mutate(base, rate, labels, random)));
});

const sizeOf = (s: Skeleton) => s.parent.length;
const ones = (mask: Uint8Array) => mask.reduce((a, b) => a + b, 0);

describe('findTemplate on random sites', () => {
  it('returns a tree contained in every page it examined (a full restricted top-down mapping exists)', () => {
    fc.assert(
      fc.property(siteArb, fc.integer(), (pages, seed) => {
        const template = findTemplate(pages, { random: seededRandom(seed) });
        checkSkeleton(template);
        for (const page of pages) {
          expect(rtdmTd(template, page).cost).toBe(sizeOf(page) - sizeOf(template));
        }
      }),
      { numRuns: 400, seed: 23 },
    );
  });

  it('skipping pages that already contain the template changes nothing (the linear Match short-cut)', () => {
    fc.assert(
      fc.property(siteArb, (pages) => {
        let folded = extractSubTree(pages[0], pages[1]);
        for (const page of pages.slice(2)) folded = extractSubTree(folded, page);
        expect(findTemplate(pages)).toEqual(folded);
      }),
      { numRuns: 400, seed: 29 },
    );
  });
});

describe('removeTemplate on random sites', () => {
  it('marks a tree from the root, no bigger than the template, and only where the template really is', () => {
    fc.assert(
      fc.property(siteArb, (pages) => {
        // The last page is new to the template when there are more than two.
        const template = findTemplate(pages.length > 2 ? pages.slice(0, -1) : pages);
        for (const page of pages) {
          const found = removeTemplate(template, page);
          expect(ones(found)).toBeLessThanOrEqual(sizeOf(template));
          for (let i = 1; i < found.length; i++) if (found[i]) expect(found[page.parent[i]]).toBe(1);
          // When the linear walk finds the whole template, the optimal mapping agrees that the page contains it.
          if (containsTemplate(template, page)) expect(rtdmTd(template, page).cost).toBe(sizeOf(page) - sizeOf(template));
        }
        // A page is its own template.
        expect(ones(removeTemplate(pages[0], pages[0]))).toBe(sizeOf(pages[0]));
      }),
      { numRuns: 400, seed: 31 },
    );
  });
});

describe('skeleton codec and store', () => {
  it('round-trip any skeleton and any store', () => {
    fc.assert(
      fc.property(siteArb, fc.integer({ min: 1, max: 4 }), fc.array(fc.nat(), { maxLength: 40 }), (pages, limit, raw) => {
        for (const page of pages) {
          // Arbitrary 32-bit labels too, not only small ones.
          const wide = { parent: page.parent, label: page.label.map((l, i) => (raw[i % Math.max(1, raw.length)] ?? 0) * 7919 + l) };
          expect(decodeSkeleton(encodeSkeleton(wide))).toEqual(wide);
        }
        let store = emptySkeletonStore(limit);
        pages.forEach((p, k) => { store = rememberPage(store, k % 3, p); });
        expect(store.pages.length).toBeLessThanOrEqual(limit);
        expect(storeFromJson(JSON.parse(JSON.stringify(storeToJson(store))))).toEqual(store);
      }),
      { numRuns: 300, seed: 37 },
    );
  });
});
