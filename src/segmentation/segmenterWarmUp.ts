/**
 * Warms the segmenter's code up on a small made-up page, so that the first real segmentation in a new worker does not
 * run its hot loops cold. In a fresh worker V8 runs each function in its interpreter until it has seen enough calls
 * and types to compile it; on a 5k-node page GCuts' first call spends most of its time there. A call on the 143-node
 * warm-up page runs the same functions on the same kinds of values in a few tens of milliseconds, and the real call
 * after a few of them runs far faster (extension/README.md has the bench figures). The worker runs it right after its
 * first smoothing of a page of 1,000 elements or more (extension/shared/segmenterWarmUp.ts); the result is thrown
 * away.
 *
 * The page is laid out like a news article (a header with navigation, the article, a sidebar of link lists, a comment
 * thread, a footer), with templateness scores by region and more internal nodes than the model has labels, so the
 * labels are drawn as on a real page; nothing about it is measured or learned from.
 */
import { buildSnapshot, type NodeSpec } from '../snapshot/buildSnapshot.ts';
import { HintBit } from '../snapshot/hintBits.ts';
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { StyleBit } from '../snapshot/styleBits.ts';
import { segmentPage } from './segmentPage.ts';
import type { SegmentationModel } from './segmentationModel.ts';

export interface WarmUpPage {
  snapshot: PageSnapshot;
  /** Templateness per node, as the classifier would give: high in the chrome, low in the article. */
  scores: Float64Array;
}

const WIDTH = 1280;
const PROSE = 'The river rose overnight and the town council met at dawn to decide what to do about the bridge.';

/** Builds the page: node specs in pre-order, each region's nodes scored alike. */
export function warmUpPage(): WarmUpPage {
  const nodes: NodeSpec[] = [];
  const scores: number[] = [];
  const add = (spec: NodeSpec, score: number): number => {
    nodes.push(spec);
    scores.push(score);
    return nodes.length - 1;
  };
  const body = add({ parent: -1, tag: 'body', rect: [0, 0, WIDTH, 3000] }, 0.5);

  const header = add({ parent: body, tag: 'header', rect: [0, 0, WIDTH, 120], hints: HintBit.HEADER }, 0.9);
  const nav = add({ parent: header, tag: 'nav', rect: [40, 60, 1200, 40], hints: HintBit.NAV }, 0.9);
  linkList(add, nav, 40, 60, 8, 0.9, true);

  const main = add({ parent: body, tag: 'main', rect: [40, 140, 820, 1700], hints: HintBit.ROLE_MAIN }, 0.2);
  const article = add({ parent: main, tag: 'article', rect: [40, 140, 820, 1300], hints: HintBit.ARTICLE_BODY }, 0.1);
  add({ parent: article, tag: 'h1', rect: [40, 140, 820, 60], text: 'Flood closes the old bridge', style: StyleBit.BLOCK | StyleBit.BOLD }, 0.1);
  add({ parent: article, tag: 'p', rect: [40, 210, 820, 24], text: 'By A. Writer' }, 0.3);
  add({ parent: article, tag: 'img', rect: [40, 240, 820, 400] }, 0.2);
  for (let k = 0; k < 12; k++) {
    const p = add({ parent: article, tag: 'p', rect: [40, 660 + 64 * k, 820, 56], text: PROSE }, 0.05);
    if (k % 3 === 0) add({ parent: p, tag: 'a', rect: [120, 680 + 64 * k, 140, 20], text: 'the bridge', link: 'intra', style: StyleBit.INLINE }, 0.1);
  }
  const comments = add({ parent: main, tag: 'section', rect: [40, 1460, 820, 380], hints: HintBit.COMMENT }, 0.5);
  for (let k = 0; k < 8; k++) {
    const y = 1460 + 46 * k;
    const comment = add({ parent: comments, tag: 'div', rect: [40, y, 820, 44] }, 0.5);
    const meta = add({ parent: comment, tag: 'div', rect: [40, y, 820, 18] }, 0.6);
    add({ parent: meta, tag: 'span', rect: [40, y, 200, 18], text: `Reader ${k}`, style: StyleBit.INLINE | StyleBit.BOLD }, 0.6);
    const said = add({ parent: comment, tag: 'div', rect: [40, y + 20, 820, 24] }, 0.4);
    add({ parent: said, tag: 'p', rect: [40, y + 20, 820, 22], text: PROSE.slice(0, 40 + 6 * k) }, 0.4);
  }

  const aside = add({ parent: body, tag: 'aside', rect: [900, 140, 340, 1200], hints: HintBit.SIDEBAR }, 0.85);
  for (let k = 0; k < 3; k++) {
    const section = add({ parent: aside, tag: 'section', rect: [900, 140 + 400 * k, 340, 380], hints: HintBit.RELATED }, 0.85);
    add({ parent: section, tag: 'h3', rect: [900, 140 + 400 * k, 340, 30], text: `More stories ${k}`, style: StyleBit.BLOCK | StyleBit.BOLD }, 0.8);
    linkList(add, section, 900, 180 + 400 * k, 6, 0.85, false);
  }

  const footer = add({ parent: body, tag: 'footer', rect: [0, 2880, WIDTH, 120], hints: HintBit.FOOTER }, 0.95);
  linkList(add, footer, 40, 2890, 6, 0.95, true);
  add({ parent: footer, tag: 'p', rect: [40, 2960, 600, 20], text: '© The Town Paper' }, 0.95);

  return { snapshot: buildSnapshot(nodes, { width: WIDTH, height: 3000 }, 'Flood closes the old bridge'), scores: Float64Array.from(scores) };
}

let built: WarmUpPage | null = null;

/** Segments the warm-up page by GCuts once (the page is built on the first call); answers its segment count. */
export function warmUpSegmenter(model: SegmentationModel): number {
  built ??= warmUpPage();
  return segmentPage(built.snapshot, model, 'gcuts', { scores: built.scores }).segmentCount;
}

/** A ul of `count` li > a, in a row (`across`) or a column from (x, y). */
function linkList(add: (spec: NodeSpec, score: number) => number, parent: number, x: number, y: number, count: number,
  score: number, across: boolean): void {
  const list = add({ parent, tag: 'ul', rect: [x, y, across ? 150 * count : 340, across ? 30 : 50 * count] }, score);
  for (let k = 0; k < count; k++) {
    const rect: [number, number, number, number] = across ? [x + 150 * k, y, 140, 30] : [x, y + 50 * k, 340, 44];
    const item = add({ parent: list, tag: 'li', rect, style: StyleBit.BLOCK }, score);
    add({ parent: item, tag: 'a', rect, text: `Section ${k}`, link: 'intra', style: StyleBit.INLINE }, score);
  }
}
