// Backdrops: the picture or panel under text hide mode keeps stays with it (src/reader/backdrops.ts).
import { describe, expect, it } from 'vitest';
import { backdrops } from '../../src/reader/backdrops.ts';
import { showOnScreen } from '../../src/reader/leadMedia.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { StyleBit } from '../../src/snapshot/styleBits.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

type Spec = NodeSpec & { name?: string; shown?: boolean };

function pageOf(nodes: Spec[]): { s: PageSnapshot; at: Record<string, number>; shown: Uint8Array } {
  const at: Record<string, number> = {};
  nodes.forEach((n, i) => { if (n.name) at[n.name] = i; });
  return { s: buildSnapshot(nodes, { width: 1280, height: 3000 }), at, shown: Uint8Array.from(nodes, (n) => (n.shown ? 1 : 0)) };
}

const story = 'Plan the perfect trip with reviews from travellers who went before you, and more words of the story.';

/**
 * kreuzer-popular's tripadvisor.com, reduced: a hero box holds the heading and search form (kept, positioned over the
 * photo) and, beside them in the tree, a div named "promo" with the photo laid under them; then the kept body.
 */
function heroPage(options: { photoStyle?: number; promoHints?: number; photoTag?: string } = {}) {
  return pageOf([
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000], shown: true },
    { parent: 0, tag: 'div', rect: [0, 0, 1280, 116], hints: HintBit.HEADER, name: 'masthead' },
    { parent: 1, tag: 'img', rect: [40, 20, 300, 80], name: 'logo' },
    { parent: 0, tag: 'div', rect: [152, 124, 977, 347], style: StyleBit.BLOCK | StyleBit.BACKGROUND, shown: true, name: 'hero' },
    { parent: 3, tag: 'div', rect: [152, 175, 977, 141], style: StyleBit.BLOCK | StyleBit.POSITION_ABSOLUTE, shown: true },
    { parent: 4, tag: 'h1', rect: [190, 175, 901, 35], text: 'Plan the perfect trip', shown: true, name: 'heading' },
    { parent: 3, tag: 'div', rect: [152, 124, 977, 347], style: StyleBit.BLOCK | StyleBit.POSITION_ABSOLUTE,
      hints: options.promoHints ?? HintBit.AD, name: 'promo' },
    { parent: 6, tag: options.photoTag ?? 'img', rect: [152, 124, 977, 347], style: options.photoStyle ?? StyleBit.BLOCK, name: 'photo' },
    { parent: 0, tag: 'div', rect: [152, 500, 650, 1200], shown: true, name: 'body' },
    { parent: 8, tag: 'p', rect: [152, 500, 650, 1200], text: story, shown: true },
  ]);
}

describe('backdrops', () => {
  it('finds the photo laid under a kept heading, whatever its container is named', () => {
    const { s, at, shown } = heroPage();
    expect(backdrops(s, shown)).toEqual([at.photo]);
    // Named as a share bar or related links instead of an ad: the text still needs it.
    const related = heroPage({ promoHints: HintBit.RELATED });
    expect(backdrops(related.s, related.shown)).toEqual([related.at.photo]);
  });

  it('showOnScreen keeps the photo and its container, so the heading is not left on the bare page', () => {
    const { s, at, shown } = heroPage();
    const show = showOnScreen(s, shown, -1, -1, -1);
    expect(show[at.photo]).toBe(1);
    expect(show[at.promo]).toBe(1);
    expect(show[at.masthead]).toBe(0);
    expect(show[at.logo]).toBe(0);
  });

  it('takes no picture that is not painted, sits in a fixed layer or floats beside the text', () => {
    for (const photoStyle of [
      StyleBit.BLOCK | StyleBit.TEXT_HIDDEN, // visibility: hidden
      StyleBit.BLOCK | StyleBit.POSITION_FIXED, // a fixed layer over the page, not under a text
      StyleBit.BLOCK | StyleBit.FLOAT,
    ]) {
      const { s, shown } = heroPage({ photoStyle });
      expect(backdrops(s, shown)).toEqual([]);
    }
    const popup = heroPage({ promoHints: HintBit.OVERLAY });
    expect(backdrops(popup.s, popup.shown)).toEqual([]);
  });

  it('needs the text to lie on it: a picture beside a paragraph, or under a sliver of it, is not its backdrop', () => {
    const { s, shown } = pageOf([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000], shown: true },
      { parent: 0, tag: 'div', rect: [100, 100, 600, 600], shown: true },
      // A paragraph's box spans its column; a picture beside its lines covers half of it.
      { parent: 1, tag: 'p', rect: [100, 100, 600, 250], text: story, shown: true },
      { parent: 1, tag: 'div', rect: [100, 100, 300, 250], style: StyleBit.BLOCK | StyleBit.POSITION_ABSOLUTE },
      { parent: 3, tag: 'img', rect: [100, 100, 300, 250] },
    ]);
    expect(backdrops(s, shown)).toEqual([]);
  });

  it('keeps a painted panel under the text without the rest of what it holds', () => {
    const { s, at, shown } = pageOf([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000], shown: true },
      { parent: 0, tag: 'div', rect: [0, 100, 1280, 400], shown: true },
      { parent: 1, tag: 'h2', rect: [100, 200, 600, 40], text: 'White on the dark band', shown: true, name: 'title' },
      { parent: 1, tag: 'div', rect: [0, 100, 1280, 400], style: StyleBit.BLOCK | StyleBit.BACKGROUND, name: 'band' },
      { parent: 3, tag: 'a', rect: [1000, 120, 200, 30], text: 'Subscribe', link: 'intra', name: 'link' },
    ]);
    expect(backdrops(s, shown)).toEqual([at.band]);
    const show = showOnScreen(s, shown, -1, -1, -1);
    expect(show[at.band]).toBe(1);
    expect(show[at.link]).toBe(0); // the band's own link still goes
  });

  it('leaves out icons, and nodes the text is part of or that are shown already', () => {
    const { s, shown } = pageOf([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000], shown: true },
      { parent: 0, tag: 'span', rect: [100, 100, 40, 20], text: 'New', shown: true },
      { parent: 0, tag: 'img', rect: [96, 96, 48, 28] }, // 1344 px²: a badge behind a word, not a surface
      { parent: 0, tag: 'p', rect: [100, 200, 600, 400], text: story, shown: true },
      { parent: 3, tag: 'img', rect: [100, 200, 600, 400] }, // inside the text's own node
    ]);
    expect(backdrops(s, shown)).toEqual([]);
  });
});
