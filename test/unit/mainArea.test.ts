import { describe, expect, it } from 'vitest';
import { mainArea } from '../../src/reader/mainArea.ts';
import { readerKeep } from '../../src/reader/readerKeep.ts';
import { readerText } from '../../src/reader/readerText.ts';
import { ownDensity } from '../../src/segment/sdTree.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

const prose = (seed: string, n = 16) => Array.from({ length: n }, (_, k) => `${seed}${k % 5} words`).join(' ');

/** body > header(menu) · main(3 posts as sibling sections, the classifier unsure of two) · footer(legal prose). */
function forumPage(mainTag: 'main' | 'div') {
  const nodes: NodeSpec[] = [];
  const push = (n: NodeSpec) => nodes.push(n) - 1;
  const body = push({ parent: -1, tag: 'body', rect: [0, 0, 1280, 4000] });
  const header = push({ parent: body, tag: 'div', rect: [0, 0, 1280, 300] });
  push({ parent: header, tag: 'p', rect: [0, 0, 1280, 300], text: prose('welcome') });
  const main = push({ parent: body, tag: mainTag, rect: [0, 300, 1280, 3000] });
  for (let k = 0; k < 3; k++) {
    const post = push({ parent: main, tag: 'section', rect: [0, 300 + 1000 * k, 1280, 1000] });
    push({ parent: post, tag: 'p', rect: [0, 300 + 1000 * k, 1280, 1000], text: prose(`post${k}x`, 30) });
  }
  const footer = push({ parent: body, tag: 'div', rect: [0, 3300, 1280, 700], hints: HintBit.FOOTER });
  push({ parent: footer, tag: 'p', rect: [0, 3300, 1280, 700], text: prose('legal') });
  return { s: buildSnapshot(nodes), main };
}

describe('mainArea', () => {
  it('finds the <main> that holds most of the page\'s prose', () => {
    const { s, main } = forumPage('main');
    expect(mainArea(s, ownDensity(s, true))).toBe(main);
  });

  it('finds none without a <main> or role=main', () => {
    const { s } = forumPage('div');
    expect(mainArea(s, ownDensity(s, true))).toBe(-1);
  });

  it('lets the reader drop what lies outside the main area and keep all of it, whatever the smoothing says', () => {
    const { s } = forumPage('main');
    // The classifier keeps the welcome banner and the legal text, and calls one post template.
    const values = Array.from({ length: s.count }, () => 0.1);
    values[6] = values[7] = 0.9;
    const keep = readerKeep(s, values, 0.5);
    const text = readerText(s, (i) => keep[i] === 0);
    expect(text).toContain('post0x');
    expect(text).toContain('post2x');
    expect(text).not.toContain('welcome');
    expect(text).not.toContain('legal');
  });
});

describe('a discussion page', () => {
  it('keeps the whole thread when the densest prose is itself a comment', () => {
    const nodes: NodeSpec[] = [];
    const push = (n: NodeSpec) => nodes.push(n) - 1;
    const body = push({ parent: -1, tag: 'body', rect: [0, 0, 1280, 4000] });
    push({ parent: body, tag: 'p', rect: [0, 0, 1280, 40], text: 'Rust goals 2024' });
    const thread = push({ parent: body, tag: 'ol', rect: [0, 40, 1280, 3900], hints: HintBit.COMMENT });
    for (let k = 0; k < 4; k++) {
      const li = push({ parent: thread, tag: 'li', rect: [0, 40 + 900 * k, 1280, 900], hints: HintBit.COMMENT });
      push({ parent: li, tag: 'p', rect: [0, 40 + 900 * k, 1280, 900], text: prose(`reply${k}x`, k === 1 ? 40 : 12) });
    }
    const s = buildSnapshot(nodes);
    // The classifier calls every reply but the longest template.
    const values = Array.from({ length: s.count }, (_, i) => (i >= 3 && i !== 5 && i !== 6 ? 0.9 : 0.1));
    const keep = readerKeep(s, values, 0.5);
    const text = readerText(s, (i) => keep[i] === 0);
    for (let k = 0; k < 4; k++) expect(text).toContain(`reply${k}x`);
  });
});
