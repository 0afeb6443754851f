import { describe, expect, it } from 'vitest';
import { dropCommentSections, dropLinkLists, linkListMeasures, subtreeMaxProse } from '../../src/reader/readerDrops.ts';
import { subtreeEnd } from '../../src/snapshot/tree.ts';
import { ownDensity } from '../../src/segment/sdTree.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

const prose = (seed: string, n: number) => Array.from({ length: n }, (_, k) => `${seed}${k % 5} words`).join(' ');

/** body > div#story(p, h3 `heading`, p) ; node 1 is the story, everything kept, nothing protected but 0 and 1. */
function withHeading(heading: string) {
  const s = buildSnapshot([
    { parent: -1, tag: 'body', rect: [0, 0, 1000, 1000] },
    { parent: 0, tag: 'div', rect: [0, 0, 1000, 1000] },
    { parent: 1, tag: 'p', rect: [0, 0, 1000, 300], text: prose('story', 10) },
    { parent: 1, tag: 'h3', rect: [0, 300, 1000, 40], text: heading },
    { parent: 1, tag: 'p', rect: [0, 340, 1000, 300], text: prose('after', 10) },
  ]);
  const keep = new Uint8Array(s.count).fill(1);
  dropCommentSections(s, keep, Uint8Array.from([1, 1, 0, 0, 0]), 1);
  return Array.from(keep);
}

describe('dropCommentSections', () => {
  it('drops a comment heading and what follows it, for the usual wordings', () => {
    for (const h of ['Comments', '12 Comments', 'Comments (3)', '5 comments:', 'Leave a Reply', '3 Responses to “Floods”',
      'One thought on “Floods”', 'Reader comments', '2 Replies']) {
      expect(withHeading(h), h).toEqual([1, 1, 1, 0, 0]);
    }
  });

  it('leaves headings that only mention comments, and any heading before the article starts', () => {
    for (const h of ['Comments on the draft law', 'What users said', 'Reply to the minister', 'Response', 'Discussion']) {
      expect(withHeading(h), h).toEqual([1, 1, 1, 1, 1]);
    }
    const s = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 1000, 1000] },
      { parent: 0, tag: 'h2', rect: [0, 0, 1000, 40], text: 'Comments' },
      { parent: 0, tag: 'div', rect: [0, 40, 1000, 900], text: prose('story', 10) },
    ]);
    const keep = new Uint8Array(3).fill(1);
    dropCommentSections(s, keep, Uint8Array.from([1, 0, 1]), 2);
    expect(Array.from(keep)).toEqual([1, 1, 1]);
  });

  it('drops comment-named subtrees except what protects the article; no heading rule without an article', () => {
    const nodes: NodeSpec[] = [
      { parent: -1, tag: 'body', rect: [0, 0, 1000, 1000] },
      { parent: 0, tag: 'div', rect: [0, 0, 1000, 1000], hints: HintBit.COMMENT }, // wraps the story: protected
      { parent: 1, tag: 'p', rect: [0, 0, 1000, 300], text: prose('story', 10) },
      { parent: 1, tag: 'ol', rect: [0, 300, 1000, 600], hints: HintBit.COMMENT },
      { parent: 3, tag: 'li', rect: [0, 300, 1000, 300], text: prose('remark', 10) },
      { parent: 0, tag: 'h2', rect: [0, 900, 1000, 40], text: 'Comments' },
      { parent: 0, tag: 'p', rect: [0, 940, 1000, 60], text: 'After the heading' },
    ];
    const s = buildSnapshot(nodes);
    const keep = new Uint8Array(s.count).fill(1);
    dropCommentSections(s, keep, Uint8Array.from([1, 1, 1, 0, 0, 0, 0]), -1);
    expect(Array.from(keep)).toEqual([1, 1, 1, 0, 0, 1, 1]);
  });
});

describe('dropLinkLists', () => {
  // body > div#story(p, ul(2 links)) ; div(3 links) ; div(1 link) ; div(2 links + a sentence)
  const nodes: NodeSpec[] = [
    { parent: -1, tag: 'body', rect: [0, 0, 1000, 1000] },
    { parent: 0, tag: 'div', rect: [0, 0, 700, 1000] },
    { parent: 1, tag: 'p', rect: [0, 0, 700, 300], text: prose('story', 10) },
    { parent: 1, tag: 'ul', rect: [0, 300, 700, 100] },
    { parent: 3, tag: 'a', rect: [0, 300, 700, 50], text: 'Source one', link: 'external' },
    { parent: 3, tag: 'a', rect: [0, 350, 700, 50], text: 'Source two', link: 'external' },
    { parent: 0, tag: 'div', rect: [700, 0, 300, 300] },
    { parent: 6, tag: 'a', rect: [700, 0, 300, 100], text: 'Most read one', link: 'intra' },
    { parent: 6, tag: 'a', rect: [700, 100, 300, 100], text: 'Most read two', link: 'intra' },
    { parent: 6, tag: 'a', rect: [700, 200, 300, 100], text: 'Most read three', link: 'intra' },
    { parent: 0, tag: 'div', rect: [700, 300, 300, 100] },
    { parent: 10, tag: 'a', rect: [700, 300, 300, 100], text: 'Read the whole report', link: 'intra' },
    { parent: 0, tag: 'div', rect: [700, 400, 300, 300] },
    { parent: 12, tag: 'p', rect: [700, 400, 300, 200], text: prose('blurb', 6) },
    { parent: 12, tag: 'a', rect: [700, 600, 300, 50], text: 'Next', link: 'intra' },
    { parent: 12, tag: 'a', rect: [700, 650, 300, 50], text: 'Previous', link: 'intra' },
  ];
  const s = buildSnapshot(nodes);

  it('drops kept blocks of two or more links without a sentence of other text, outside the article only', () => {
    const keep = new Uint8Array(s.count).fill(1);
    const protect = new Uint8Array(s.count);
    protect[0] = protect[1] = 1;
    dropLinkLists(s, keep, protect, 1, linkListMeasures(s, ownDensity(s, true)));
    expect(Array.from(keep)).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
  });

  it('counts a linked picture beside a linked name as one entry: a forum author block stays', () => {
    // body > div#story(p) ; dl.postprofile(dt(a.avatar(img), a.username "jahboater"), dd "Posts: 9179") ;
    // div.share(a(img), a(img), a(img)): three linked pictures alone are still a list.
    const t = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 1000, 1000] },
      { parent: 0, tag: 'div', rect: [200, 0, 800, 1000] },
      { parent: 1, tag: 'p', rect: [200, 0, 800, 300], text: prose('story', 10) },
      { parent: 0, tag: 'dl', rect: [0, 0, 200, 200] },
      { parent: 3, tag: 'dt', rect: [0, 0, 200, 120] },
      { parent: 4, tag: 'a', rect: [0, 0, 90, 62], link: 'intra' },
      { parent: 5, tag: 'img', rect: [0, 0, 90, 62] },
      { parent: 4, tag: 'a', rect: [0, 62, 200, 20], text: 'jahboater', link: 'intra' },
      { parent: 3, tag: 'dd', rect: [0, 120, 200, 20], text: 'Posts: 9179' },
      { parent: 0, tag: 'div', rect: [0, 300, 200, 40] },
      { parent: 9, tag: 'a', rect: [0, 300, 40, 40], link: 'external' },
      { parent: 9, tag: 'a', rect: [40, 300, 40, 40], link: 'external' },
      { parent: 9, tag: 'a', rect: [80, 300, 40, 40], link: 'external' },
    ]);
    const keep = new Uint8Array(t.count).fill(1);
    const protect = new Uint8Array(t.count);
    protect[0] = protect[1] = 1;
    const measures = linkListMeasures(t, ownDensity(t, true));
    expect(Array.from(measures.textLinks)).toEqual([1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0]);
    dropLinkLists(t, keep, protect, 1, measures);
    expect(Array.from(keep)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
  });

  it('subtreeEnd is one past the last descendant', () => {
    expect([0, 1, 3, 6, 15].map((i) => subtreeEnd(s, i))).toEqual([16, 6, 6, 10, 16]);
  });
});

describe('subtreeMaxProse', () => {
  it('gives each node the largest own prose density in its subtree', () => {
    // body > [div > (p 30 chars, p 12 chars), p 5 chars]
    const s = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 100, 100] },
      { parent: 0, tag: 'div', rect: [0, 0, 100, 50] },
      { parent: 1, tag: 'p', rect: [0, 0, 100, 25], text: 'a'.repeat(30) },
      { parent: 1, tag: 'p', rect: [0, 25, 100, 25], text: 'b'.repeat(12) },
      { parent: 0, tag: 'p', rect: [0, 50, 100, 50], text: 'c'.repeat(5) },
    ]);
    expect(Array.from(subtreeMaxProse(s, ownDensity(s, true)))).toEqual([30, 30, 30, 12, 5]);
  });
});
