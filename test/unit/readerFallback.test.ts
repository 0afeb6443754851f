import { describe, expect, it } from 'vitest';
import { fallBackWhenEmpty, keptText } from '../../src/reader/readerFallback.ts';
import { readerKeep } from '../../src/reader/readerKeep.ts';
import { readerText } from '../../src/reader/readerText.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

const prose = (seed: string, n = 16) => Array.from({ length: n }, (_, k) => `${seed}${k % 5} words`).join(' ');

/** body > nav(menu) · div(two paragraphs) · footer(legal). */
function page() {
  const nodes: NodeSpec[] = [];
  const push = (n: NodeSpec) => nodes.push(n) - 1;
  const body = push({ parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] });
  const nav = push({ parent: body, tag: 'nav', rect: [0, 0, 1280, 100], hints: HintBit.NAV });
  push({ parent: nav, tag: 'a', rect: [0, 0, 100, 100], text: 'Home', link: 'intra' });
  const story = push({ parent: body, tag: 'div', rect: [0, 100, 1280, 1700] });
  push({ parent: story, tag: 'p', rect: [0, 100, 1280, 800], text: prose('alpha') });
  push({ parent: story, tag: 'p', rect: [0, 900, 1280, 800], text: prose('beta') });
  const footer = push({ parent: body, tag: 'div', rect: [0, 1800, 1280, 200], hints: HintBit.FOOTER });
  push({ parent: footer, tag: 'p', rect: [0, 1800, 1280, 200], text: 'Copyright and every right reserved by the publisher' });
  return buildSnapshot(nodes);
}

describe('fallBackWhenEmpty', () => {
  it('shows the page minus its named chrome when the rules kept almost nothing', () => {
    const s = page();
    const keep = new Uint8Array(s.count);
    keep[0] = 1; // the body alone: no text
    expect(fallBackWhenEmpty(s, keep)).toBe(true);
    const text = readerText(s, (i) => keep[i] === 0);
    expect(text).toContain('alpha');
    expect(text).toContain('beta');
    expect(text).not.toContain('Home');
    expect(text).not.toContain('Copyright');
  });

  it('leaves a reader answer with real text alone', () => {
    const s = page();
    const keep = Uint8Array.from([1, 0, 0, 1, 1, 0, 0, 0]);
    expect(keptText(s, keep)).toBeGreaterThan(60);
    expect(fallBackWhenEmpty(s, keep)).toBe(false);
    expect(Array.from(keep)).toEqual([1, 0, 0, 1, 1, 0, 0, 0]);
  });
});

describe('a page that is a list of links', () => {
  it('keeps its links when dropping link lists would leave next to nothing', () => {
    const nodes: NodeSpec[] = [{ parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] }];
    const intro = nodes.push({ parent: 0, tag: 'div', rect: [0, 0, 1280, 80] }) - 1;
    nodes.push({ parent: intro, tag: 'p', rect: [0, 0, 1280, 40], text: 'Jobs at young companies, updated every morning.' });
    nodes.push({ parent: intro, tag: 'p', rect: [0, 40, 1280, 40], text: 'Apply directly to the founders of each company.' });
    const list = nodes.push({ parent: 0, tag: 'ol', rect: [0, 80, 1280, 1900] }) - 1;
    for (let k = 0; k < 20; k++) {
      const li = nodes.push({ parent: list, tag: 'li', rect: [0, 80 + 90 * k, 1280, 90] }) - 1;
      nodes.push({ parent: li, tag: 'a', rect: [0, 150 * k, 900, 40], text: `Story number ${k} about the harbour`, link: 'external' });
    }
    const s = buildSnapshot(nodes);
    const keep = readerKeep(s, new Array(s.count).fill(0.1), 0.5);
    const text = readerText(s, (i) => keep[i] === 0);
    expect(text).toContain('Apply directly');
    expect(text).toContain('Story number 11 about the harbour');
  });
});
