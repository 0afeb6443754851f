// Issue 15, inspect mode and labelling, in real Chromium with the built extension on a served fixture page: the card
// for a known segment (its smoothed score as exported, its raw score from the engine, its breadcrumb, off the
// segment's box), a label set by mouse and one by keyboard (arrows, T/C, Z undo), drawn apart from the model's boxes,
// kept through a reload and a slider move (and a reload at a penalty that nests another segment in a labelled one),
// carried by the exported annotations, and winning in hide mode and the reader. Read through the DevTools protocol (Winnow's shadow root is closed); no
// screenshots.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AnnotationExport } from '../../src/labels/annotationFile.ts';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import { runFromPopup, shadowComputedStyle, textOfHtml, winnowShadowHtml } from './extensionHarness.ts';
import { useExtensionBrowser } from './useExtensionBrowser.ts';

const PAGE = '/fixtures/inspect-label.html';
/** The segments labelled: the sidebar (by mouse) and the segment after it, the footer (by keyboard). */
const MOUSE_TARGET = '#sidebar';

const { server, b } = useExtensionBrowser();

interface Rect { x: number; y: number; w: number; h: number }

async function openInspect(page: Page): Promise<number> {
  await page.waitForTimeout(300);
  const { tabId, popup } = await runFromPopup(b, page);
  await popup.close();
  await b.content(tabId, 'setMode', { mode: 'inspect' });
  await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode, { timeout: 20_000 }).toBe('inspect');
  await page.bringToFront();
  return tabId;
}

/** The text of the card's part named `field`, '' when the card or the part is not there. */
async function cardField(page: Page, field: string): Promise<string> {
  const html = await winnowShadowHtml(page);
  const card = /<div class="inspect-card"[\s\S]*$/.exec(html)?.[0] ?? '';
  const m = new RegExp(`<(\\w+) data-field="${field}"[^>]*>([\\s\\S]*?)</\\1>`).exec(card);
  return m ? textOfHtml(m[2]) : '';
}

/** The tags of the labelled segments as drawn ("you: content"), in document order. */
async function labelTags(page: Page): Promise<string[]> {
  const html = await winnowShadowHtml(page);
  return [...html.matchAll(/<span class="tag">([^<]*)<\/span>/g)].map((m) => m[1]);
}

async function rectOf(page: Page, selector: string): Promise<Rect> {
  return page.evaluate((s) => {
    const r = document.querySelector(s)!.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  }, selector);
}

async function cardRect(page: Page): Promise<Rect> {
  const px = async (p: string) => parseFloat((await shadowComputedStyle(page, 'inspect-card', p)) ?? 'NaN');
  return { x: await px('left'), y: await px('top'), w: await px('width'), h: await px('height') };
}

const overlap = (a: Rect, b: Rect) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 0.5 &&
  Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0.5;

const humanLabels = (file: AnnotationExport) =>
  file.segments.filter((s) => s.humanLabel !== null).map((s) => `${s.selector}=${s.humanLabel}`).sort();

describe('inspect mode and labelling', () => {
  it('describes a segment, labels by mouse and keyboard, and keeps the labels through a reload and a slider move', async () => {
    const page = await b.open(server.url(PAGE));
    const tabId = await openInspect(page);
    const before = await b.content<AnnotationExport>(tabId, 'exportAnnotations');
    const k = before.segments.findIndex((s) => s.selector === MOUSE_TARGET);
    expect(k, `segments: ${before.segments.map((s) => s.selector).join(', ')}`).toBeGreaterThan(0);
    const target = before.segments[k];

    // The card: smoothed score as exported, the engine's raw score, the breadcrumb, beside the segment.
    await page.evaluate((s) => document.querySelector(s)!.scrollIntoView({ block: 'start' }), MOUSE_TARGET);
    const box = await rectOf(page, MOUSE_TARGET);
    const heading = await rectOf(page, `${MOUSE_TARGET} h3`);
    await page.mouse.move(heading.x + 5, heading.y + heading.h / 2);
    await expect.poll(() => cardField(page, 'smoothed'), { timeout: 10_000 }).toBe(`smoothed ${target.score.toFixed(2)}`);
    await expect.poll(() => cardField(page, 'raw'), { timeout: 10_000 }).toMatch(/^raw \d\.\d\d/);
    expect(await cardField(page, 'breadcrumb')).toMatch(/^page › .*aside#sidebar$/);
    expect(await cardField(page, 'merge')).toMatch(/c = 0\.01\)$/);
    expect(await cardField(page, 'features')).toMatch(/→ (template|content): /);
    expect(overlap(await cardRect(page), box)).toBe(false);

    // The page's own script clicking the heading (an untrusted event) labels nothing.
    await page.evaluate((s) => (document.querySelector(s) as HTMLElement).click(), `${MOUSE_TARGET} h3`);
    await page.waitForTimeout(200);
    expect(await labelTags(page)).toEqual([]);

    // By mouse: a click on the sidebar's heading labels it template (and the page stays where it was).
    const url = page.url();
    await page.mouse.click(heading.x + 5, heading.y + heading.h / 2);
    await expect.poll(() => labelTags(page)).toEqual(['you: template']);
    expect(page.url()).toBe(url);
    // By keyboard: the next segment, content; then template, undone back to content.
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300); // the page scrolls the footer into view under a pointer that did not move
    expect(await cardField(page, 'breadcrumb')).toBe('page › footer#footer');
    await page.keyboard.press('c');
    await expect.poll(() => labelTags(page)).toEqual(['you: template', 'you: content']);
    await page.keyboard.press('t');
    await expect.poll(() => labelTags(page)).toEqual(['you: template', 'you: template']);
    await page.keyboard.press('z');
    await expect.poll(() => labelTags(page)).toEqual(['you: template', 'you: content']);

    // Drawn apart from the model's boxes: a solid green outline, thicker than a model box's.
    expect(await shadowComputedStyle(page, 'content', 'outline-color')).toBe('rgb(20, 130, 50)');
    expect(await shadowComputedStyle(page, 'content', 'outline-style')).toBe('solid');
    expect(await shadowComputedStyle(page, 'content', 'outline-width')).toBe('3px');

    const labelled = humanLabels(await b.content<AnnotationExport>(tabId, 'exportAnnotations'));
    expect(labelled).toHaveLength(2);
    expect(labelled).toContain(`${MOUSE_TARGET}=template`);
    const exported = (await b.content<AnnotationExport>(tabId, 'exportAnnotations')).segments
      .find((s) => s.selector === MOUSE_TARGET)!;
    expect(Date.parse(exported.labelledAt ?? '')).not.toBeNaN();

    // Kept by the background: the same labels after a reload (inspect is not kept as the site's mode: asked again).
    await page.waitForTimeout(500); // the last save
    await page.reload({ waitUntil: 'load' });
    const again = await openInspect(page);
    await expect.poll(async () => humanLabels(await b.content<AnnotationExport>(again, 'exportAnnotations')),
      { timeout: 10_000 }).toEqual(labelled);
    expect(await labelTags(page)).toEqual(['you: template', 'you: content']);

    // A slider move re-smooths; the labels are put on the new segments.
    await b.content(again, 'setOptions', { penaltyFactor: 0.02, threshold: 0.5 });
    expect(humanLabels(await b.content<AnnotationExport>(again, 'exportAnnotations'))).toEqual(labelled);

    // A segment with others nested in it, labelled; then a penalty (kept for the site) that nests one more inside, so
    // its own text changes while its element and whole text do not. After a reload at that penalty the label is found
    // by the hash of its subtree text (src/labels/labelMapping.ts), not reported as changed.
    await page.evaluate(() => document.querySelector('#main-content h1')!.scrollIntoView({ block: 'center' }));
    const title = await rectOf(page, '#main-content h1');
    await page.mouse.move(title.x + 5, title.y + title.h / 2);
    await page.mouse.click(title.x + 5, title.y + title.h / 2);
    const withMain = [...labelled, '#main-content=template'].sort();
    await expect.poll(async () => humanLabels(await b.content<AnnotationExport>(again, 'exportAnnotations'))).toEqual(withMain);
    const mainAt = async (tab: number) => (await b.content<AnnotationExport>(tab, 'exportAnnotations')).segments
      .find((s) => s.selector === '#main-content')!;
    const ownTextBefore = (await mainAt(again)).textHash;
    await b.content(again, 'setOptions', { penaltyFactor: 0.005, threshold: 0.5 });
    await page.waitForTimeout(500); // the last save
    await page.reload({ waitUntil: 'load' });
    const atOtherPenalty = await openInspect(page);
    expect((await b.content<RunStatus>(atOtherPenalty, 'status')).penaltyFactor).toBe(0.005);
    await expect.poll(async () => humanLabels(await b.content<AnnotationExport>(atOtherPenalty, 'exportAnnotations')),
      { timeout: 10_000 }).toEqual(withMain);
    expect((await mainAt(atOtherPenalty)).textHash).not.toBe(ownTextBefore);

    // The labels win in hide mode and the reader: the footer (the model's template, labelled content) stays and is
    // read; the sidebar (labelled template) goes. The export still gives the model's verdict beside the label.
    const footer = (await b.content<AnnotationExport>(atOtherPenalty, 'exportAnnotations')).segments
      .find((s) => s.selector === '#footer')!;
    expect(footer).toMatchObject({ label: 'template', humanLabel: 'content' });
    await b.content(atOtherPenalty, 'setMode', { mode: 'hide' });
    const onScreen = (selector: string) => page.evaluate((sel) => {
      const el = document.querySelector(sel)!;
      return el.getBoundingClientRect().height > 0 && getComputedStyle(el).visibility === 'visible';
    }, selector);
    expect(await onScreen('#footer')).toBe(true);
    expect(await onScreen('#sidebar')).toBe(false);
    await b.content(atOtherPenalty, 'setMode', { mode: 'reader' });
    const read = textOfHtml(await winnowShadowHtml(page));
    expect(read).toContain('The Valley Courier. All rights reserved');
    expect(read).not.toContain('Popular story 1');
    await page.close();
  });
});
