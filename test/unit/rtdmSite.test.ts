import { describe, expect, it } from 'vitest';
import {
  containsTemplate, findTemplate, removeTemplate, rtdmTd, skeletonFromSnapshot, ownTexts, labelTag, labelHints,
  labelHasText, type Skeleton,
} from '../../src/site/rtdm/index.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { tagId } from '../../src/snapshot/tags.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

/**
 * Hand-made pages of one site: the same header with navigation, sidebar and footer around an article of its own.
 * Each node records which part it belongs to, so the tests can say what must come out as template.
 */
type Part = 'frame' | 'article';
interface Page { snapshot: PageSnapshot; part: Part[] }

function sitePage(k: number, opts: { paragraphs: number; banner?: boolean; figure?: boolean }): Page {
  const nodes: NodeSpec[] = [];
  const part: Part[] = [];
  const add = (p: Part, parent: number, tag: string, extra: Partial<NodeSpec> = {}) => {
    nodes.push({ parent, tag, rect: [0, 0, 100, 20], ...extra });
    part.push(p);
    return nodes.length - 1;
  };
  const body = add('frame', -1, 'body');
  if (opts.banner) add('article', body, 'div', { text: `Cookie notice ${k}` });
  const header = add('frame', body, 'header', { hints: HintBit.HEADER });
  add('frame', header, 'img');
  const nav = add('frame', header, 'nav', { hints: HintBit.NAV });
  const menu = add('frame', nav, 'ul');
  for (const item of ['Home', 'News', 'Sport', 'About']) add('frame', add('frame', menu, 'li'), 'a', { text: item, link: 'intra' });
  const main = add('frame', body, 'div', { hints: HintBit.CONTENT });
  add('article', main, 'h1', { text: `Headline number ${k}` });
  for (let p = 0; p < opts.paragraphs; p++) add('article', main, 'p', { text: `Story ${k} paragraph ${p} says something new.` });
  if (opts.figure) add('article', add('article', main, 'figure'), 'img');
  const aside = add('frame', body, 'aside', { hints: HintBit.SIDEBAR });
  add('frame', aside, 'h2', { text: 'Most read' });
  const list = add('frame', aside, 'ul');
  for (const t of ['Rates rise', 'Cup final']) add('frame', add('frame', list, 'li'), 'a', { text: t, link: 'intra' });
  const footer = add('frame', body, 'footer', { hints: HintBit.FOOTER });
  add('frame', footer, 'p', { text: '© Example News 2026' });
  return { snapshot: buildSnapshot(nodes), part };
}

const pages = [
  sitePage(1, { paragraphs: 3 }),
  sitePage(2, { paragraphs: 5, figure: true }),
  sitePage(3, { paragraphs: 2 }),
  sitePage(4, { paragraphs: 4, figure: true }),
];
const skeletons = (mode: 'text' | 'structure') => pages.map((p) => skeletonFromSnapshot(p.snapshot, { labels: mode }));

describe('skeletonFromSnapshot', () => {
  it('keeps the tree, and labels by tag and hint bits, with a hash of the node\'s own text in text mode', () => {
    const s = pages[0].snapshot;
    const structure = skeletonFromSnapshot(s, { labels: 'structure' });
    expect(Array.from(structure.parent)).toEqual(Array.from(s.parent));
    expect(labelTag(structure.label[0])).toBe(tagId('body'));
    const navAt = [...s.tag.keys()].find((i) => s.tag[i] === tagId('nav'))!;
    expect(labelHints(structure.label[navAt])).toBe(HintBit.NAV);
    const text = skeletonFromSnapshot(s);
    const h1 = [...s.tag.keys()].find((i) => s.tag[i] === tagId('h1'))!;
    expect(labelHasText(text.label[h1])).toBe(true);
    expect(text.label[navAt]).toBe(structure.label[navAt]); // no own text: the structure label
    expect(labelTag(text.label[h1])).toBe(-1);
  });

  it('takes a node\'s own text without its children\'s', () => {
    const s = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 1, 1] },
      { parent: 0, tag: 'p', rect: [0, 0, 1, 1], text: 'Hello  world' },
      { parent: 1, tag: 'a', rect: [0, 0, 1, 1], text: 'link' },
    ]);
    expect(ownTexts(s)).toEqual(['', 'Hello world', 'link']);
    // Equal own text, equal label; a word more, another label.
    const t = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 1, 1] },
      { parent: 0, tag: 'p', rect: [0, 0, 1, 1], text: 'Hello world!' },
      { parent: 1, tag: 'a', rect: [0, 0, 1, 1], text: 'link' },
    ]);
    const [a, b] = [skeletonFromSnapshot(s), skeletonFromSnapshot(t)];
    expect(a.label[2]).toBe(b.label[2]);
    expect(a.label[1]).not.toBe(b.label[1]);
  });
});

describe('findTemplate and removeTemplate on the pages of one site', () => {
  it('finds header, navigation, sidebar and footer as the template, and no article node', () => {
    const sk = skeletons('text');
    const template = findTemplate(sk.slice(0, 3));
    for (const [k, page] of pages.entries()) {
      const found = removeTemplate(template, sk[k]);
      page.part.forEach((p, i) => {
        // The article's container div is the frame; everything in it is the article.
        expect([i, found[i]]).toEqual([i, p === 'frame' ? 1 : 0]);
      });
    }
  });

  it('finds the same template whatever order the pages are picked in', () => {
    const sk = skeletons('text');
    const reference = findTemplate(sk);
    for (let seed = 1; seed <= 5; seed++) {
      const t = findTemplate(sk, { random: seededRandom(seed) });
      expect(Array.from(t.parent)).toEqual(Array.from(reference.parent));
      expect(Array.from(t.label)).toEqual(Array.from(reference.label));
    }
  });

  it('removes the template from a new page with a banner the template has never seen', () => {
    const template = findTemplate(skeletons('text'));
    const fresh = sitePage(9, { paragraphs: 6, banner: true, figure: true });
    const found = removeTemplate(template, skeletonFromSnapshot(fresh.snapshot));
    fresh.part.forEach((p, i) => expect([i, found[i]]).toEqual([i, p === 'frame' ? 1 : 0]));
    expect(containsTemplate(template, skeletonFromSnapshot(fresh.snapshot))).toBe(true);
  });

  it('agrees with the full RTDM-TD mapping of the template into the page', () => {
    const template = findTemplate(skeletons('text'));
    const page = skeletonFromSnapshot(sitePage(9, { paragraphs: 6, banner: true }).snapshot);
    const r = rtdmTd(template, page);
    expect(r.cost).toBe(page.parent.length - template.parent.length); // the template is all found, nothing replaced
    expect(removeTemplate(template, page).reduce((a, b) => a + b, 0)).toBe(template.parent.length);
  });

  it('with structure-only labels, article nodes of the same shape count as template (why text is the default)', () => {
    const sk = skeletons('structure');
    const template = findTemplate(sk);
    const found = removeTemplate(template, sk[0]);
    const h1 = [...pages[0].snapshot.tag.keys()].find((i) => pages[0].snapshot.tag[i] === tagId('h1'))!;
    expect(pages[0].part[h1]).toBe('article');
    expect(found[h1]).toBe(1);
  });

  it('finds nothing common when the roots differ, and needs two pages', () => {
    const a: Skeleton = { parent: Int32Array.of(-1, 0), label: Uint32Array.of(1, 2) };
    const b: Skeleton = { parent: Int32Array.of(-1, 0), label: Uint32Array.of(3, 2) };
    expect(findTemplate([a, b]).parent.length).toBe(0);
    expect(removeTemplate(findTemplate([a, b]), a)).toEqual(new Uint8Array(2));
    expect(() => findTemplate([a])).toThrow(/two pages/);
    expect(() => findTemplate([a, b, a], { maxPages: 1 })).toThrow(/two pages/);
  });
});
