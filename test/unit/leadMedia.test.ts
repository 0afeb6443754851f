import { describe, expect, it } from 'vitest';
import { leadMedia, showOnScreen, showWhole } from '../../src/reader/leadMedia.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { StyleBit } from '../../src/snapshot/styleBits.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

const prose = (seed: string, n = 20) => Array.from({ length: n }, (_, k) => `${seed}${k % 5} words`).join(' ');

type Spec = NodeSpec & { name?: string; shown?: boolean };

/** A page from named nodes: the snapshot, node indices by name, and a `shown` array from the nodes marked so. */
function pageOf(nodes: Spec[]): { s: PageSnapshot; at: Record<string, number>; shown: Uint8Array } {
  const at: Record<string, number> = {};
  nodes.forEach((n, i) => { if (n.name) at[n.name] = i; });
  return { s: buildSnapshot(nodes, { width: 1280, height: 4000 }), at, shown: Uint8Array.from(nodes, (n) => (n.shown ? 1 : 0)) };
}

/**
 * A news page: masthead (logo, menu) · main column [headline · box(lead figure(img, caption), optional standfirst) ·
 * story(p, p)] · sidebar with a teaser picture · footer. The story is the article; what the reader keeps is shown.
 */
function newsPage(options: { leadSize?: [number, number]; leadHints?: number; standfirstInBox?: boolean } = {}) {
  const [w, h] = options.leadSize ?? [760, 420];
  const nodes: Spec[] = [];
  const push = (n: Spec) => nodes.push(n) - 1;
  const body = push({ parent: -1, tag: 'body', rect: [0, 0, 1280, 4000], shown: true });
  const masthead = push({ parent: body, tag: 'header', rect: [0, 0, 1280, 120], hints: HintBit.HEADER, name: 'masthead' });
  push({ parent: masthead, tag: 'img', rect: [40, 20, 300, 80] });
  const nav = push({ parent: masthead, tag: 'nav', rect: [400, 20, 800, 80], hints: HintBit.NAV });
  push({ parent: nav, tag: 'a', rect: [400, 20, 100, 80], text: 'World', link: 'intra' });
  const main = push({ parent: body, tag: 'main', rect: [40, 140, 800, 3000], shown: true });
  push({ parent: main, tag: 'h1', rect: [40, 140, 760, 80], text: 'River peaks at record height', name: 'headline' });
  const box = push({ parent: main, tag: 'div', rect: [40, 240, w, h + 60], name: 'leadBox' });
  const figure = push({ parent: box, tag: 'figure', rect: [40, 240, w, h + 40], hints: options.leadHints ?? 0, name: 'figure' });
  push({ parent: figure, tag: 'img', rect: [40, 240, w, h], name: 'lead' });
  push({ parent: figure, tag: 'figcaption', rect: [40, 240 + h, w, 40], text: 'Volunteers fill sandbags on Mill Street.', name: 'caption' });
  if (options.standfirstInBox) {
    push({ parent: box, tag: 'p', rect: [40, 280 + h, w, 20], text: prose('standfirst', 40), shown: true });
  }
  const story = push({ parent: main, tag: 'div', rect: [40, 720, 760, 1200], hints: HintBit.CONTENT, shown: true, name: 'story' });
  push({ parent: story, tag: 'p', rect: [40, 720, 760, 600], text: prose('story'), shown: true });
  push({ parent: story, tag: 'p', rect: [40, 1320, 760, 600], text: prose('more'), shown: true });
  const aside = push({ parent: body, tag: 'aside', rect: [880, 140, 360, 1200], hints: HintBit.SIDEBAR });
  push({ parent: aside, tag: 'img', rect: [880, 140, 360, 240], name: 'teaserPhoto' });
  push({ parent: aside, tag: 'a', rect: [880, 380, 360, 40], text: 'Popular story', link: 'intra' });
  const footer = push({ parent: body, tag: 'footer', rect: [0, 3800, 1280, 200], hints: HintBit.FOOTER });
  push({ parent: footer, tag: 'p', rect: [0, 3800, 1280, 200], text: '© 2024 Example' });
  return pageOf(nodes);
}

describe('leadMedia', () => {
  it('finds the lead figure above the story, with its caption, and nothing in the masthead or the sidebar', () => {
    const { s, at, shown } = newsPage();
    // The figure's box holds nothing else, so the group is the box around it.
    expect(leadMedia(s, at.story, shown)).toEqual([at.leadBox]);
  });

  it('finds no lead when the picture is an icon-sized one', () => {
    const small = newsPage({ leadSize: [120, 90] });
    expect(leadMedia(small.s, small.at.story, small.shown)).toEqual([]);
    // Narrower than 40% of the story's column: a thumbnail beside the text, not its lead.
    const narrow = newsPage({ leadSize: [250, 200] });
    expect(leadMedia(narrow.s, narrow.at.story, narrow.shown)).toEqual([]);
  });

  it('without an article, takes the first big picture of the first screen inside kept content', () => {
    const { s, at, shown } = newsPage();
    expect(leadMedia(s, -1, shown)).toEqual([at.leadBox]);
    // Below the first screen it is one picture among the page's others, left to the reader's keep.
    for (const n of [at.leadBox, at.figure, at.lead]) s.rect[4 * n + 1] += 800;
    expect(leadMedia(s, -1, shown)).toEqual([]);
    // Not inside kept content (the main column is not shown): no lead either.
    const dropped = newsPage();
    dropped.shown[dropped.s.parent[dropped.at.leadBox]] = 0;
    expect(leadMedia(dropped.s, -1, dropped.shown)).toEqual([]);
  });

  it('leaves out a picture named as an ad or a share box', () => {
    for (const hint of [HintBit.AD, HintBit.SOCIAL, HintBit.RELATED]) {
      const { s, at, shown } = newsPage({ leadHints: hint });
      expect(leadMedia(s, at.story, shown)).toEqual([]);
    }
  });

  it('keeps the caption with the picture but stops below a container holding more text than a caption', () => {
    const { s, at, shown } = newsPage({ standfirstInBox: true });
    expect(leadMedia(s, at.story, shown)).toEqual([at.figure]);
  });

  it('skips media the body shows already', () => {
    const { s, at, shown } = newsPage();
    showWhole(s, shown, at.leadBox);
    expect(leadMedia(s, at.story, shown)).toEqual([]);
  });

  it('does not take a masthead banner for a lead: the menu, not the content, comes after it', () => {
    const { s, at, shown } = pageOf([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000], shown: true },
      { parent: 0, tag: 'div', rect: [0, 0, 1280, 300] },
      { parent: 1, tag: 'img', rect: [0, 0, 900, 200] },
      { parent: 0, tag: 'div', rect: [0, 300, 1280, 40] },
      { parent: 3, tag: 'span', rect: [0, 300, 200, 40], text: 'Search the site' },
      { parent: 0, tag: 'div', rect: [0, 340, 900, 1200], shown: true, name: 'story' },
      { parent: 5, tag: 'p', rect: [0, 340, 900, 1200], text: prose('story'), shown: true },
    ]);
    expect(leadMedia(s, at.story, shown)).toEqual([]);
  });

  it('does not lend the pictures of a teaser list before the story to it', () => {
    const { s, at, shown } = pageOf([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000], shown: true },
      { parent: 0, tag: 'div', rect: [40, 0, 800, 3000], shown: true },
      { parent: 1, tag: 'ul', rect: [40, 0, 800, 400] },
      { parent: 2, tag: 'li', rect: [40, 0, 800, 400] },
      { parent: 3, tag: 'img', rect: [40, 0, 800, 340], name: 'teaser' },
      { parent: 3, tag: 'a', rect: [40, 340, 800, 60], text: 'Another story people read today', link: 'intra' },
      { parent: 1, tag: 'div', rect: [40, 400, 800, 1200], shown: true, name: 'story' },
      { parent: 6, tag: 'p', rect: [40, 400, 800, 1200], text: prose('story'), shown: true },
    ]);
    expect(leadMedia(s, at.story, shown)).toEqual([]);
  });

  it('does not take a picture more than a viewport above the story', () => {
    const far = newsPage();
    far.s.rect[4 * far.at.story + 1] = 2000; // the story starts more than a viewport below the picture
    expect(leadMedia(far.s, far.at.story, far.shown)).toEqual([]);
  });

  it('finds a product gallery beside the description, cutting the slider strip to its frame', () => {
    // A product: gallery (slider frame clips a strip of pictures 3000 px wide) left, summary (title, price,
    // description) right; the description is the article.
    const { s, at, shown } = pageOf([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000], shown: true },
      { parent: 0, tag: 'div', rect: [64, 178, 1152, 1400], shown: true, name: 'product' },
      { parent: 1, tag: 'div', rect: [64, 178, 600, 700], name: 'gallery' },
      { parent: 2, tag: 'div', rect: [64, 178, 600, 600], style: StyleBit.BLOCK | StyleBit.OVERFLOW_CLIPS },
      { parent: 3, tag: 'div', rect: [-2336, 178, 3000, 600] },
      { parent: 4, tag: 'img', rect: [-2336, 178, 3000, 600], name: 'photo' },
      { parent: 2, tag: 'ul', rect: [64, 790, 600, 88] },
      { parent: 6, tag: 'li', rect: [64, 790, 88, 88] },
      { parent: 7, tag: 'img', rect: [64, 790, 88, 88] },
      { parent: 1, tag: 'div', rect: [700, 178, 516, 1000], shown: true },
      { parent: 9, tag: 'h1', rect: [700, 178, 516, 60], text: 'Engraved silver belt buckle', shown: true },
      { parent: 9, tag: 'div', rect: [700, 400, 516, 600], shown: true, name: 'story' },
      { parent: 11, tag: 'p', rect: [700, 400, 516, 600], text: prose('buckle'), shown: true },
    ]);
    expect(leadMedia(s, at.story, shown)).toEqual([at.gallery]);
    // A clipping frame too small to be a lead: the strip's 3000 px do not count.
    s.rect[4 * 3 + 2] = 100;
    expect(leadMedia(s, at.story, shown)).toEqual([]);
  });
});

describe('showOnScreen', () => {
  it('adds the headline, the byline and the lead media with their subtrees and ancestors to what the body keeps', () => {
    const { s, at, shown } = newsPage();
    const keep = shown.slice();
    const show = showOnScreen(s, keep, at.story, at.headline, -1);
    expect(show[at.headline]).toBe(1);
    for (const n of [at.leadBox, at.figure, at.lead, at.caption]) expect(show[n]).toBe(1);
    expect(show[at.masthead]).toBe(0);
    expect(show[at.teaserPhoto]).toBe(0);
    expect(Array.from(keep)).toEqual(Array.from(shown)); // keep itself is not changed
  });

  it('shows the body, the headline and the opening picture on a page without an article', () => {
    const { s, at, shown } = newsPage();
    const show = showOnScreen(s, shown, -1, at.headline, -1);
    const expected = shown.slice();
    for (const n of [at.headline, at.leadBox, at.figure, at.lead, at.caption]) expected[n] = 1;
    expect(Array.from(show)).toEqual(Array.from(expected));
  });
});
