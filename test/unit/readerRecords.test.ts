import { describe, expect, it } from 'vitest';
import { keepRecords } from '../../src/reader/readerRecords.ts';
import { linkListMeasures } from '../../src/reader/readerDrops.ts';
import { ownDensity } from '../../src/segment/sdTree.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

const prose = (seed: string, n = 12) => Array.from({ length: n }, (_, k) => `${seed}${k % 5} words`).join(' ');

type Spec = NodeSpec & { kept?: boolean };

/** Runs keepRecords on nodes whose `kept` says what the earlier steps kept; returns the kept node indices. */
function keptAfter(nodes: Spec[], article = -1): number[] {
  const s: PageSnapshot = buildSnapshot(nodes);
  const keep = Uint8Array.from(nodes, (n) => (n.kept ? 1 : 0));
  keepRecords(s, keep, article, linkListMeasures(s, ownDensity(s, true)));
  return [...keep.keys()].filter((i) => keep[i] === 1);
}

/**
 * body > div#posts > n × div.post (h2 title link, p) ; div.sidebar (p) beside it. `keptPosts` are the posts the
 * earlier steps kept. Indices: body 0, posts 1, post k at 2 + 3k (its h2 at 3 + 3k, p at 4 + 3k), sidebar after.
 */
function blogFront(n: number, keptPosts: number[], options: { width?: (k: number) => number } = {}): Spec[] {
  const nodes: Spec[] = [
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 4000], kept: true },
    { parent: 0, tag: 'div', rect: [0, 0, 900, 4000], kept: true },
  ];
  for (let k = 0; k < n; k++) {
    const kept = keptPosts.includes(k);
    const w = options.width?.(k) ?? 900;
    nodes.push({ parent: 1, tag: 'div', rect: [0, 500 * k, w, 500], hints: HintBit.CONTENT, kept });
    nodes.push({ parent: 2 + 3 * k, tag: 'a', rect: [0, 500 * k, w, 40], text: `Post title ${k}`, link: 'intra',
      kept });
    nodes.push({ parent: 2 + 3 * k, tag: 'p', rect: [0, 500 * k + 40, w, 460], text: prose(`post${k}`), kept });
  }
  const side = nodes.push({ parent: 0, tag: 'div', rect: [900, 0, 380, 800] }) - 1;
  nodes.push({ parent: side, tag: 'p', rect: [900, 0, 380, 800], text: prose('about the author') });
  return nodes;
}

describe('keepRecords', () => {
  it('keeps the posts of a listing the smoothing half dropped, not the sidebar beside it', () => {
    const nodes = blogFront(5, [0, 1, 2]);
    const kept = keptAfter(nodes);
    for (let k = 0; k < 5; k++) expect(kept).toEqual(expect.arrayContaining([2 + 3 * k, 3 + 3 * k, 4 + 3 * k]));
    expect(kept).not.toContain(nodes.length - 2);
  });

  it('needs most records kept, or the article in one of them', () => {
    const few = blogFront(4, [0, 1]);
    expect(keptAfter(few)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The article (post 3's paragraph) makes it a listing with one record kept… by the article step.
    const withArticle = blogFront(5, [3]);
    expect(keptAfter(withArticle, 4 + 3 * 3)).toEqual(expect.arrayContaining([2, 3, 4, 14, 15, 16]));
  });

  it('needs three twins: two boxes, or boxes of another width, are no listing', () => {
    expect(keptAfter(blogFront(2, [0]))).toEqual([0, 1, 2, 3, 4]);
    const ragged = blogFront(4, [0, 1], { width: (k) => 900 - 40 * k });
    expect(keptAfter(ragged)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('leaves teaser boxes under the story, whose blurbs are much shorter than the story\'s paragraphs', () => {
    // body > div#main > [div(story: p), 3 × div(teaser box: a, p blurb)]; the story kept, the boxes not.
    const nodes: Spec[] = [
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 3000], kept: true },
      { parent: 0, tag: 'div', rect: [0, 0, 900, 3000], kept: true },
      { parent: 1, tag: 'div', rect: [0, 0, 900, 1200], kept: true },
      { parent: 2, tag: 'p', rect: [0, 0, 900, 1200], text: prose('the story itself', 20), kept: true },
    ];
    for (let k = 0; k < 3; k++) {
      const box = nodes.push({ parent: 1, tag: 'div', rect: [0, 1200 + 400 * k, 900, 400] }) - 1;
      nodes.push({ parent: box, tag: 'a', rect: [0, 1200 + 400 * k, 900, 40], text: `Other story ${k}`,
        link: 'intra' });
      nodes.push({ parent: box, tag: 'p', rect: [0, 1240 + 400 * k, 900, 360], text: prose(`blurb${k}`, 12) });
    }
    expect(keptAfter(nodes, 3)).toEqual([0, 1, 2, 3]);
  });

  it('leaves boxes stacked under the story: the record with most of the text is the story, not an item', () => {
    const nodes: Spec[] = [
      { parent: -1, tag: 'body', rect: [0, 0, 760, 3000], kept: true },
      { parent: 0, tag: 'table', rect: [0, 0, 760, 200], kept: true },
      { parent: 1, tag: 'td', rect: [0, 0, 760, 200], text: `Contact us: ${prose('phone', 5)}`, kept: true },
      { parent: 0, tag: 'table', rect: [0, 200, 760, 200] },
      { parent: 3, tag: 'td', rect: [0, 200, 760, 200], text: `Join our mailing list: ${prose('letter', 5)}` },
      { parent: 0, tag: 'table', rect: [0, 400, 760, 2600], kept: true },
      { parent: 5, tag: 'td', rect: [0, 400, 760, 2600], text: prose('the story itself', 60), kept: true },
    ];
    // Two of the three kept is most of them, but the story holds most of the text.
    expect(keptAfter(nodes, 6)).toEqual([0, 1, 2, 5, 6]);
  });

  it('keeps a record\'s title link and text, not its link lists or its share bar', () => {
    // body > table > 4 × tr (td title link, td description + td(2 links) + span.share)
    const nodes: Spec[] = [
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000], kept: true },
      { parent: 0, tag: 'table', rect: [0, 0, 1280, 2000], kept: true },
    ];
    const rows: number[] = [];
    for (let k = 0; k < 4; k++) {
      const tr = nodes.push({ parent: 1, tag: 'tr', rect: [0, 100 * k, 1280, 100] }) - 1;
      rows.push(tr);
      nodes.push({ parent: tr, tag: 'a', rect: [0, 100 * k, 300, 100], text: `Job title ${k}`, link: 'intra' });
      nodes.push({ parent: tr, tag: 'td', rect: [300, 100 * k, 600, 100], text: prose(`duties${k}`) });
      const tools = nodes.push({ parent: tr, tag: 'td', rect: [900, 100 * k, 200, 100] }) - 1;
      nodes.push({ parent: tools, tag: 'a', rect: [900, 100 * k, 100, 100], text: 'Save job', link: 'intra' });
      nodes.push({ parent: tools, tag: 'a', rect: [1000, 100 * k, 100, 100], text: 'Apply now', link: 'intra' });
      nodes.push({ parent: tr, tag: 'span', rect: [1100, 100 * k, 180, 100], text: 'Share', hints: HintBit.SOCIAL });
    }
    // The article step kept the first row's description and the path to it.
    for (const i of [rows[0], rows[0] + 2]) nodes[i].kept = true;
    const kept = keptAfter(nodes, rows[0] + 2);
    for (const tr of rows) {
      expect(kept).toEqual(expect.arrayContaining([tr, tr + 1, tr + 2]));
      expect(kept).not.toContain(tr + 3);
      expect(kept).not.toContain(tr + 6);
    }
  });

  it('does not take link lists for records, nor records under a dropped parent', () => {
    const teasers: Spec[] = [
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000], kept: true },
      { parent: 0, tag: 'ul', rect: [0, 0, 400, 400], kept: true },
    ];
    for (let k = 0; k < 4; k++) {
      const li = teasers.push({ parent: 1, tag: 'li', rect: [0, 100 * k, 400, 100], kept: k < 3 }) - 1;
      // A blurb of a sentence under a longer headline link: more than half the item is link text.
      teasers.push({ parent: li, tag: 'a', rect: [0, 100 * k, 400, 60], text: prose(`headline${k}`, 20), link: 'intra',
        kept: k < 3 });
      teasers.push({ parent: li, tag: 'span', rect: [0, 100 * k + 60, 400, 40], text: prose(`blurb${k}`, 8),
        kept: k < 3 });
    }
    expect(keptAfter(teasers)).not.toContain(11);
    const underDropped = blogFront(5, []);
    underDropped[1].kept = false;
    for (const k of [0, 1, 2]) for (const d of [2, 3, 4]) underDropped[d + 3 * k].kept = true;
    expect(keptAfter(underDropped)).not.toContain(14);
  });

  it('does not take items named as chrome (related stories, comments) for records', () => {
    const related = blogFront(5, [0, 1, 2]);
    for (let k = 0; k < 5; k++) related[2 + 3 * k].hints = HintBit.RELATED;
    expect(keptAfter(related)).not.toContain(14);
  });
});
