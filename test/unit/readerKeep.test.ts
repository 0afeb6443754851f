import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readerKeep } from '../../src/reader/readerKeep.ts';
import { readerText } from '../../src/reader/readerText.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

// body > article > [p, table > tr > td, pre, ul(links)] ; aside > table
const page = buildSnapshot([
  { parent: -1, tag: 'body', rect: [0, 0, 1000, 2000] },
  { parent: 0, tag: 'article', rect: [0, 0, 700, 1500] },
  { parent: 1, tag: 'p', rect: [0, 0, 700, 300], text: 'The story in plain words.' },
  { parent: 1, tag: 'table', rect: [0, 300, 300, 100] },
  { parent: 3, tag: 'td', rect: [0, 300, 300, 100], text: 'Tuesday 41 Wednesday 87' },
  { parent: 1, tag: 'pre', rect: [0, 400, 700, 100], text: 'levee height: 4.2 m' },
  { parent: 1, tag: 'table', rect: [0, 500, 700, 100] },
  { parent: 6, tag: 'a', rect: [0, 500, 700, 100], text: 'Related story one', link: 'intra' },
  { parent: 0, tag: 'aside', rect: [700, 0, 300, 1500] },
  { parent: 8, tag: 'table', rect: [700, 0, 300, 100], text: 'Weather 12 degrees' },
]);

const prose = (seed: string, n = 16) => Array.from({ length: n }, (_, k) => `${seed}${k % 5} words`).join(' ');

/** A page from nodes and, per node, whether the smoothing called it template (1) or content (0). */
function pageOf(nodes: Array<NodeSpec & { template?: boolean }>): { s: PageSnapshot; values: number[] } {
  return { s: buildSnapshot(nodes), values: nodes.map((n) => (n.template ? 0.9 : 0.1)) };
}

const read = (s: PageSnapshot, values: ArrayLike<number>) => {
  const keep = readerKeep(s, values, 0.5);
  return readerText(s, (i) => keep[i] === 0);
};

/** body > nav(links) · div#story(h1, 3 p) · ...extra · footer; nav and footer template, the rest content. */
function storyPage(extra: (push: (n: NodeSpec & { template?: boolean }) => number, story: number) => void) {
  const nodes: Array<NodeSpec & { template?: boolean }> = [];
  const push = (n: NodeSpec & { template?: boolean }) => nodes.push(n) - 1;
  const body = push({ parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] });
  const nav = push({ parent: body, tag: 'nav', rect: [0, 0, 1280, 60], hints: HintBit.NAV, template: true });
  for (const label of ['Home', 'World', 'Sports']) {
    push({ parent: nav, tag: 'a', rect: [0, 0, 90, 60], text: label, link: 'intra', template: true });
  }
  const story = push({ parent: body, tag: 'div', rect: [0, 60, 900, 1200], hints: HintBit.CONTENT });
  push({ parent: story, tag: 'h1', rect: [0, 60, 900, 60], text: 'River peaks at record height' });
  for (let k = 0; k < 3; k++) push({ parent: story, tag: 'p', rect: [0, 120 + 300 * k, 900, 300], text: prose('story') });
  extra(push, story);
  const footer = push({ parent: body, tag: 'footer', rect: [0, 2900, 1280, 100], hints: HintBit.FOOTER, template: true });
  push({ parent: footer, tag: 'p', rect: [0, 2900, 1280, 100], text: '© 2024 Example', template: true });
  return pageOf(nodes);
}

describe('readerKeep', () => {
  it('keeps content, and tables/code under content even when judged template; drops link tables and template', () => {
    const values = [0.1, 0.1, 0.1, 0.7, 0.8, 0.6, 0.9, 0.95, 0.9, 0.95];
    expect(Array.from(readerKeep(page, values, 0.5))).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
  });

  it('follows the threshold for everything but the article, which it keeps when the smoothing drops it', () => {
    const values = [0.1, 0.1, 0.1, 0.7, 0.8, 0.6, 0.9, 0.95, 0.9, 0.95];
    expect(Array.from(readerKeep(page, values, 0.99))).toEqual(new Array(10).fill(1));
    // Everything template: the article (the <article>, holding the one paragraph dense enough to be an SD region)
    // and its non-link parts stay; the link table inside it and the aside go.
    expect(Array.from(readerKeep(page, values, 0.05))).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
  });

  it('drops a comment section the smoothing kept (class names it comments)', () => {
    const { s, values } = storyPage((push) => {
      const comments = push({ parent: 0, tag: 'section', rect: [0, 1300, 900, 900], hints: HintBit.COMMENT });
      for (let k = 0; k < 3; k++) {
        const c = push({ parent: comments, tag: 'div', rect: [0, 1300 + 300 * k, 900, 300] });
        push({ parent: c, tag: 'p', rect: [0, 1300 + 300 * k, 900, 300], text: prose(`reader${k}remark`, 30) });
      }
    });
    const text = read(s, values);
    expect(text).toContain('River peaks at record height');
    expect(text).toContain(prose('story'));
    expect(text).not.toContain('reader0remark');
    expect(text).not.toContain('Home');
  });

  it('drops the comments after a "Comments" heading in the story\'s own container', () => {
    const { s, values } = storyPage((push, story) => {
      push({ parent: story, tag: 'h3', rect: [0, 1100, 900, 40], text: '12 Comments' });
      for (let k = 0; k < 3; k++) push({ parent: story, tag: 'p', rect: [0, 1140, 900, 100], text: prose(`visitor${k}says`) });
    });
    const text = read(s, values);
    expect(text).toContain(prose('story'));
    expect(text).not.toContain('12 Comments');
    expect(text).not.toContain('visitor1says');
  });

  it('brings back story parts the smoothing dropped, but not share bars or link lists inside the story', () => {
    const { s, values } = storyPage((push, story) => {
      push({ parent: story, tag: 'p', rect: [0, 1000, 900, 100], text: prose('ending'), template: true });
      const share = push({ parent: story, tag: 'div', rect: [0, 1100, 900, 40], hints: HintBit.SOCIAL, template: true });
      push({ parent: share, tag: 'span', rect: [0, 1100, 900, 40], text: 'Share this story', template: true });
      const links = push({ parent: story, tag: 'ul', rect: [0, 1140, 900, 100], template: true });
      for (const t of ['Earlier flood', 'Dam report']) {
        push({ parent: links, tag: 'a', rect: [0, 1140, 900, 50], text: t, link: 'intra', template: true });
      }
    });
    const text = read(s, values);
    expect(text).toContain(prose('ending'));
    expect(text).not.toContain('Share this story');
    expect(text).not.toContain('Dam report');
  });

  it('keeps the story when the smoothing calls the whole page template', () => {
    const { s } = storyPage(() => {});
    const text = read(s, new Array(s.count).fill(0.9));
    expect(text).toContain(prose('story'));
    expect(text).not.toContain('Home');
    expect(text).not.toContain('© 2024');
  });

  it('drops a link list outside the story the smoothing kept, and keeps one inside the story', () => {
    const { s, values } = storyPage((push, story) => {
      const sources = push({ parent: story, tag: 'ul', rect: [0, 1000, 900, 100] });
      for (const t of ['Gauge data', 'Weather service']) {
        push({ parent: sources, tag: 'a', rect: [0, 1000, 900, 50], text: t, link: 'external' });
      }
      const mostRead = push({ parent: 0, tag: 'div', rect: [900, 60, 380, 600] });
      for (const t of ['Mayor resigns over budget', 'Five walks for autumn', 'Prices fall again']) {
        const li = push({ parent: mostRead, tag: 'li', rect: [900, 60, 380, 60] });
        push({ parent: li, tag: 'a', rect: [900, 60, 380, 60], text: t, link: 'intra' });
      }
    });
    const text = read(s, values);
    expect(text).toContain('Weather service');
    expect(text).not.toContain('Five walks for autumn');
  });

  it('keeps every row of a listing whose one row SD picked as the article, though the smoothing dropped them all', () => {
    // body > nav ; table > 5 × tr (td > a title, td > div description) ; everything but the body called template.
    const nodes: Array<NodeSpec & { template?: boolean }> = [
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
      { parent: 0, tag: 'nav', rect: [0, 0, 1280, 60], hints: HintBit.NAV, template: true },
      { parent: 1, tag: 'a', rect: [0, 0, 90, 60], text: 'Home', link: 'intra', template: true },
      { parent: 0, tag: 'table', rect: [0, 60, 1000, 1000], template: true },
    ];
    for (let k = 0; k < 5; k++) {
      const tr = nodes.push({ parent: 3, tag: 'tr', rect: [0, 60 + 200 * k, 1000, 200], template: true }) - 1;
      const title = nodes.push({ parent: tr, tag: 'td', rect: [0, 60 + 200 * k, 300, 200], template: true }) - 1;
      nodes.push({ parent: title, tag: 'a', rect: [0, 60 + 200 * k, 300, 40], text: `Clerk job ${k}`, link: 'intra',
        template: true });
      const td = nodes.push({ parent: tr, tag: 'td', rect: [300, 60 + 200 * k, 700, 200], template: true }) - 1;
      // The first description is the longest, so SD's densest region (the article) is in the first row only.
      nodes.push({ parent: td, tag: 'div', rect: [300, 60 + 200 * k, 700, 200], text: prose(`duty${k}`, k === 0 ? 20 : 14),
        template: true });
    }
    const { s, values } = pageOf(nodes);
    const text = read(s, values);
    for (let k = 0; k < 5; k++) {
      expect(text).toContain(prose(`duty${k}`, k === 0 ? 20 : 14));
      expect(text).toContain(`Clerk job ${k}`);
    }
    expect(text).not.toContain('Home');
  });

  it('keeps every post of a page of several areas (no article), even when they are comments', () => {
    // A forum thread in a container named "discussion": the posts are the page. The smoothing dropped the last
    // post's body; it comes back as a twin of the other posts (readerRecords.ts).
    const nodes: Array<NodeSpec & { template?: boolean }> = [
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
      { parent: 0, tag: 'div', rect: [0, 0, 1280, 2000], hints: HintBit.COMMENT },
    ];
    for (let k = 0; k < 4; k++) {
      const post = nodes.push({ parent: 1, tag: 'div', rect: [0, 400 * k, 1280, 400] }) - 1;
      nodes.push({ parent: post, tag: 'span', rect: [0, 400 * k, 200, 40], text: `poster${k}` });
      const body = nodes.push({ parent: post, tag: 'div', rect: [200, 400 * k, 1080, 400], template: k === 3 }) - 1;
      nodes.push({ parent: body, tag: 'p', rect: [200, 400 * k, 1080, 400], text: prose(`post${k}`), template: k === 3 });
    }
    const { s, values } = pageOf(nodes);
    expect(Array.from(readerKeep(s, values, 0.5))).toEqual(values.map(() => 1));
  });

  it('keeps a node only when its parent is kept, so skipping dropped subtrees shows exactly the kept nodes', () => {
    const tags = ['div', 'p', 'span', 'a', 'ul', 'li', 'h2', 'h3', 'section', 'table', 'pre'];
    const node = fc.record({
      parent: fc.nat(), tag: fc.constantFrom(...tags), text: fc.constantFrom('', 'Comments', prose('x', 6), prose('y', 20)),
      link: fc.boolean(), hints: fc.constantFrom(0, HintBit.COMMENT, HintBit.SOCIAL, HintBit.SIDEBAR), value: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(fc.property(fc.array(node, { maxLength: 40 }), fc.double({ min: 0, max: 1, noNaN: true }), (spec, t) => {
      const nodes: NodeSpec[] = [{ parent: -1, tag: 'body', rect: [0, 0, 100, 100] }];
      const values = [t / 2];
      for (const x of spec) {
        const parent = x.parent % nodes.length;
        nodes.push({ parent, tag: x.tag, rect: [0, 0, 10, 10], text: x.text, link: x.link ? 'intra' : undefined,
          hints: x.hints });
        values.push(Math.max(values[parent], x.value)); // smoothed values never decrease from parent to child
      }
      const s = buildSnapshot(nodes);
      const keep = readerKeep(s, values, t);
      for (let i = 1; i < s.count; i++) if (keep[i]) expect(keep[s.parent[i]]).toBe(1);
    }));
  });
});
