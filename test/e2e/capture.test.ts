import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageHarness } from './pageHarness.ts';
import { callPage } from '../../src/cli/browser/pageScript.ts';
import { snapshotFromJson } from '../../src/snapshot/snapshotJson.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import { TAG } from '../../src/snapshot/tags.ts';
import { StyleBit } from '../../src/snapshot/styleBits.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';

const harness = new PageHarness();
let s: PageSnapshot;
/** Snapshot node index of the element with this id (found through the page's own element list). */
let indexOf: Record<string, number>;

beforeAll(async () => {
  await harness.start();
  const page = await harness.open('test/fixtures/capture-cases.html');
  s = snapshotFromJson(await callPage(page, 'capture'));
  indexOf = {};
  (await callPage(page, 'elementIds')).forEach((id, i) => { if (id) indexOf[id] = i; });
});
afterAll(() => harness.stop());

const subtreeText = (i: number) => s.text.slice(s.textStart[i], s.textEnd[i]);

describe('captureSnapshot in real Chromium', () => {
  it('orders nodes parents-first with the body as root', () => {
    expect(s.tag[0]).toBe(TAG.BODY);
    expect(s.parent[0]).toBe(-1);
    for (let i = 1; i < s.count; i++) expect(s.parent[i]).toBeLessThan(i);
  });

  it('reads layout in document coordinates', () => {
    const box = indexOf.box;
    expect(Array.from(s.rect.slice(4 * box, 4 * box + 4))).toEqual([100, 200, 300, 50]);
    expect(s.viewport).toEqual({ width: 1280, height: 800 });
    expect(s.page.height).toBeGreaterThanOrEqual(3000);
    expect(s.style[indexOf.fixed] & StyleBit.POSITION_FIXED).toBeTruthy();
  });

  it('counts text, words, anchors and links of a subtree', () => {
    const box = indexOf.box;
    expect(subtreeText(box).trim()).toBe('one two three four');
    expect(s.textChars[box]).toBe('onetwothreefour'.length);
    expect(s.words[box]).toBe(4);
    expect(s.anchorChars[box]).toBe('onetwofour'.length);
    expect(s.links[box]).toBe(2);
    expect(s.intraLinks[box]).toBe(1); // the relative link; other.example.com is another site
    expect(s.siteHost).toBe('example.org');
  });

  it('skips what is not rendered: display:none, visibility:hidden text, scripts', () => {
    expect(s.text).not.toContain('hidden text');
    expect(s.text).not.toContain('ghost text');
    expect(s.text).not.toContain('script text');
    expect(s.links[0]).toBe(2);
    // ...but their HTML still counts toward the page's HTML length
    expect(s.htmlLength[0]).toBeGreaterThan(s.textChars[0] + 'hidden text'.length + 'script text'.length);
  });

  it('follows open shadow roots and slots, and notes iframes without walking them', () => {
    expect(indexOf['shadow-section']).toBeGreaterThan(indexOf.host);
    expect(subtreeText(indexOf.host)).toContain('shadow words here');
    expect(subtreeText(indexOf.host)).toContain('slotted text');
    expect(s.iframes).toBe(1);
    expect(s.text).not.toContain('inside frame');
  });

  it('sums HTML length from the walk, at least the tags and text of the subtree', () => {
    const box = indexOf.box;
    const approx = '<div id="box"><a href="/a">one two</a> three <a href="https://other.example.com/x">four</a></div>'.length;
    expect(s.htmlLength[box]).toBeGreaterThanOrEqual(approx * 0.8);
    expect(s.htmlLength[box]).toBeLessThanOrEqual(approx * 1.3);
  });

  it('packs hints from class names and roles', async () => {
    const page = await harness.open('public/demo/article.html');
    const demo = snapshotFromJson(await callPage(page, 'capture'));
    const tags = Array.from(demo.tag);
    const nav = tags.indexOf(TAG.NAV);
    expect(demo.hints[nav] & HintBit.NAV).toBeTruthy();
    const footer = tags.indexOf(TAG.FOOTER);
    expect(demo.hints[footer] & HintBit.FOOTER).toBeTruthy();
    expect(demo.captureMs).toBeGreaterThan(0);
  });
});
