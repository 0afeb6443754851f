// Segments mode (issue 16, part 4) in real Chromium with the built extension: paper 003's GCuts segments drawn as
// coloured boxes with a tag each (number and verdict in words), read from Winnow's closed shadow root through the
// DevTools protocol (computed colours, laid-out boxes); the page's own layout and styles untouched while it is on;
// nothing left once it is switched off; and the segmentation in the exported annotation file, valid by the code's
// validator and the published JSON Schema, its roots found again in the page by selector and XPath.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { borderRect, classOf, computedStyle, overlayBoxNodes, type Rect } from './overlayDom.ts';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import { validateAnnotationExport, type AnnotationExport } from '../../src/labels/annotationFile.ts';
import { schemaProblems } from '../unit/jsonSchemaSubset.ts';
import { pageFingerprint, relayOut, runFromPopup, winnowShadowHtml } from './extensionHarness.ts';
import { useExtensionBrowser } from './useExtensionBrowser.ts';
import { WARM_UP_MIN_ELEMENTS } from '../../extension/shared/segmenterWarmUp.ts';

const PAGE = '/fixtures/article-with-template.html';
/** A generated page GCuts cuts into hundreds of segments. */
const MANY_PAGE = '/generated/many-segments.html';
const SCHEMA = JSON.parse(readFileSync('src/labels/annotations.schema.json', 'utf8'));

/**
 * 200 blocks, stories and link menus in turn, each 240 px below the one before: GCuts gives the two kinds different
 * labels, and blocks of one kind are too far apart to be visual neighbours, so each block is a segment of its own.
 */
function manySegmentsPage(): string {
  const blocks = Array.from({ length: 200 }, (_, k) => k % 2 === 0
    ? `<section><h2>Story ${k} about the harbour</h2><p>The harbour ferry number ${k} left the quay at dawn while ` +
      'gulls circled the fish market and the tide turned against the breakwater, said the harbour master.</p></section>'
    : `<nav><ul>${Array.from({ length: 5 }, (_, j) => `<li><a href="/s/${k}/${j}">Section ${j}</a></li>`).join('')}` +
      '</ul></nav>').join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Many segments</title><style>
  body { margin: 0; font: 16px sans-serif; } section, nav { width: 900px; margin: 0 0 240px 40px; } nav { background: #eee; }
</style></head><body>${blocks}</body></html>`;
}

const { server, b } = useExtensionBrowser((s) => {
  s.routes.set(MANY_PAGE, { html: manySegmentsPage() });
});


/** One segment box as Chromium lays it out: its outline colour and style, and its tag. */
interface SegmentBox {
  rect: Rect;
  colour: string;
  dashed: boolean;
  tag: string;
  tagShown: boolean;
}

/** Where the page's own parts are: what the segments view must not move. */
function layoutOf(page: Page): Promise<Array<[string, number, number, number, number]>> {
  return page.evaluate(() => Array.from(document.body.querySelectorAll('*'), (el, k) => {
    const r = el.getBoundingClientRect();
    return [`${k}:${el.tagName}`, r.x + scrollX, r.y + scrollY, r.width, r.height] as [string, number, number, number, number];
  }));
}

function settle(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Picks a mode in the popup with the keyboard: arrow keys move the checked radio of the mode group. */
async function pickByKeyboard(popup: Page, page: Page, tabId: number, mode: RunStatus['mode']): Promise<RunStatus> {
  await popup.bringToFront();
  await popup.focus('input[name=mode]:checked');
  const order = await popup.$$eval('input[name=mode]', (inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const from = order.indexOf(await popup.$eval('input[name=mode]:checked', (i) => (i as HTMLInputElement).value));
  // The shorter way round the group (arrow keys wrap): each key picks the next radio, as a person's would.
  const down = (order.indexOf(mode) - from + order.length) % order.length;
  const keys = down <= order.length - down ? Array(down).fill('ArrowDown') : Array(order.length - down).fill('ArrowUp');
  for (const key of keys) await popup.keyboard.press(key);
  // The mode is set when its drawing starts; segments mode is drawn once its segmentation is in the status.
  await expect.poll(async () => {
    const status = await b.content<RunStatus>(tabId, 'status');
    return status.mode === mode && (mode !== 'segments' || status.graph !== null);
  }, { timeout: 30_000 }).toBe(true);
  // The popup sends one request per key; the last one answered is the mode asked for.
  await expect.poll(() => popup.evaluate(() => document.querySelector<HTMLInputElement>('input[name=mode]:checked')?.value))
    .toBe(mode);
  await page.bringToFront();
  await settle(page);
  return b.content<RunStatus>(tabId, 'status');
}

async function segmentBoxes(page: Page): Promise<SegmentBox[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const found = await overlayBoxNodes(cdp);
    const out: SegmentBox[] = [];
    for (const node of found) {
      expect(classOf(node)).toContain('segment'); // segments mode draws no other kind of box
      const style = await computedStyle(cdp, node.nodeId);
      const label = node.children!.find((c) => classOf(c).includes('label'))!;
      const rect = await borderRect(cdp, node.nodeId);
      if (!rect) throw new Error('a segment box is in the overlay but not rendered');
      out.push({
        rect,
        colour: style['outline-color'],
        dashed: style['outline-style'] === 'dashed',
        tag: (label.children ?? []).map((c) => c.nodeValue ?? '').join(''),
        tagShown: (await computedStyle(cdp, label.nodeId)).display !== 'none',
      });
    }
    return out;
  } finally {
    await cdp.detach();
  }
}



/** Whether two boxes touch or overlap (within a pixel). */
function touch(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.w + 1 && b.x <= a.x + a.w + 1 && a.y <= b.y + b.h + 1 && b.y <= a.y + a.h + 1;
}

describe('segments mode', () => {
  it('draws GCuts segments in colours with number-and-verdict tags, moves nothing, and leaves nothing behind', async () => {
    const page = await b.open(server.url(PAGE));
    const layoutBefore = await layoutOf(page);
    await relayOut(page);
    const before = await pageFingerprint(page);
    const { tabId, popup } = await runFromPopup(b, page);
    const status = await pickByKeyboard(popup, page, tabId, 'segments');
    const graph = status.graph!;
    expect(graph).toMatchObject({ method: 'gcuts', model: 'winnow-seg-v1' });
    console.info(`segments on ${PAGE}: ${graph.segments} segments, segmented in ${graph.segmentMs.toFixed(1)} ms ` +
      `(worker), the call ${graph.ms.toFixed(1)} ms; ${status.nodes} elements; engine ${status.engine}, ` +
      `page waited ${graph.answerMs.toFixed(1)} ms, warm-up ${JSON.stringify(graph.warmUp)}`);

    // A page this small is not worth warming GCuts up for (the next test's is). The page's wait includes the
    // segmentation itself.
    expect(status.nodes).toBeLessThan(WARM_UP_MIN_ELEMENTS);
    expect(graph.warmUp).toBeNull();
    expect(graph.answerMs).toBeGreaterThanOrEqual(graph.segmentMs);

    const boxes = await segmentBoxes(page);
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    expect(new Set(boxes.map((x) => x.colour)).size).toBeGreaterThanOrEqual(2);
    for (const x of boxes) expect(x.tag).toMatch(/^\d+ (template|content)$/);
    expect(boxes.filter((x) => x.tagShown).length).toBeGreaterThanOrEqual(3);
    const verdicts = new Set(boxes.map((x) => x.tag.split(' ')[1]));
    expect(verdicts).toEqual(new Set(['template', 'content']));
    // Dashed exactly when the tag says template: the verdict is in the words and the outline, not the colour.
    for (const x of boxes) expect(x.dashed).toBe(x.tag.endsWith('template'));
    // A segment's parts share its colour; segments whose boxes touch do not.
    const colourOf = new Map<string, string>();
    for (const x of boxes) {
      const n = x.tag.split(' ')[0];
      expect(colourOf.get(n) ?? x.colour).toBe(x.colour);
      colourOf.set(n, x.colour);
    }
    for (const x of boxes) {
      for (const y of boxes) {
        if (x.tag.split(' ')[0] !== y.tag.split(' ')[0] && touch(x.rect, y.rect)) expect(x.colour).not.toBe(y.colour);
      }
    }
    // The count and the time, on the page and in the popup.
    const said = `GCuts: ${graph.segments} segments (${graph.templateSegments} template), segmented in ` +
      `${Math.round(graph.segmentMs)} ms`;
    expect(await winnowShadowHtml(page)).toContain(said);
    expect(await popup.textContent('#segments-status')).toBe(said);

    // The page's own layout and styles are as the site made them.
    expect(await layoutOf(page)).toEqual(layoutBefore);
    expect(await pageFingerprint(page)).toEqual(before);

    // Off: nothing of the overlay remains, and the page is as before.
    await pickByKeyboard(popup, page, tabId, 'off');
    const shadow = await winnowShadowHtml(page);
    expect(shadow).not.toMatch(/class="(box|layer|toast)[ "]/);
    expect(await layoutOf(page)).toEqual(layoutBefore);
    expect(await pageFingerprint(page)).toEqual(before);
    expect(await popup.isHidden('#segments-status')).toBe(true);

    // The export has the segmentation that was shown, valid, its roots found again in the page.
    await popup.bringToFront();
    const [download] = await Promise.all([popup.waitForEvent('download'), popup.click('#export')]);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as AnnotationExport;
    expect(validateAnnotationExport(file)).toEqual([]);
    expect(schemaProblems(SCHEMA, file)).toEqual([]);
    const seg = file.segmentation!;
    expect(seg.method).toBe('gcuts');
    expect(seg.segments).toHaveLength(graph.segments);
    expect(seg.segments.filter((g) => g.label === 'template')).toHaveLength(graph.templateSegments);
    for (const g of seg.segments) expect(g.label === 'template').toBe(g.score >= file.options.threshold);
    const found = await page.evaluate((roots) => roots.map(({ selector, xpath }) => {
      const bySelector = document.querySelector(selector);
      const byXpath = document.evaluate(xpath!, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
      return bySelector !== null && bySelector === byXpath;
    }), seg.segments.flatMap((g) => g.roots));
    expect(found.every(Boolean)).toBe(true);
    // Numbered as the tags were: segment n of the view is segments[n − 1] of the file.
    for (const x of boxes) {
      const [n, verdict] = x.tag.split(' ');
      expect(seg.segments[Number(n) - 1].label).toBe(verdict);
    }
    await popup.close();
    await page.close();
  });

  it('exports the segmentation from a mode that never drew it (computed then)', async () => {
    const page = await b.open(server.url(PAGE));
    const tabId = await b.tabIdOf(page);
    await b.clickToolbarButton(page);
    await expect.poll(async () => (await b.content<RunStatus | null>(tabId, 'status'))?.mode, { timeout: 30_000 })
      .toBe('highlight');
    await b.content(tabId, 'setMode', { mode: 'hide' });
    expect((await b.content<RunStatus>(tabId, 'status')).graph).toBeNull();
    const file = await b.content<AnnotationExport>(tabId, 'exportAnnotations');
    expect(validateAnnotationExport(file)).toEqual([]);
    expect(file.segmentation?.segments.length).toBeGreaterThan(2);
    expect((await b.content<RunStatus>(tabId, 'status')).graph?.segments).toBe(file.segmentation!.segments.length);
    await page.close();
  });

  it('stays usable on a page with hundreds of segments, and goes away whole', async () => {
    const page = await b.open(server.url(MANY_PAGE));
    const layoutBefore = await layoutOf(page);
    const { tabId, popup } = await runFromPopup(b, page);
    await page.bringToFront();
    // Long tasks on the page's main thread (the content script's drawing is one of them) while the view comes up.
    await page.evaluate(() => {
      const w = window as unknown as { longest: number };
      w.longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
      }).observe({ type: 'longtask' });
    });
    const started = Date.now();
    await b.content(tabId, 'setMode', { mode: 'segments' });
    const roundTrip = Date.now() - started;
    await settle(page);
    const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
    const { graph, nodes, engine } = await b.content<RunStatus>(tabId, 'status');
    console.info(`segments on ${MANY_PAGE}: ${graph!.segments} segments of ${nodes} elements, segmented in ` +
      `${graph!.segmentMs.toFixed(1)} ms (${engine}); setMode round trip ${roundTrip} ms; longest task ${longest} ms; ` +
      `warm-up ${JSON.stringify(graph!.warmUp)}`);
    expect(graph!.segments).toBeGreaterThanOrEqual(100);
    // The worker warmed GCuts up after its first smoothing of this page, before the view was asked for (a round at
    // least); the in-page engine never does, it would spend the page's thread.
    expect(nodes).toBeGreaterThanOrEqual(WARM_UP_MIN_ELEMENTS);
    // Under 3,000 elements: the background holds the page, and warms GCuts up once for all the pages it serves.
    expect(engine).toBe('background');
    expect(graph!.warmUp).toMatchObject({ failed: false });
    expect(graph!.warmUp!.rounds).toBeGreaterThan(0);
    const boxes = await segmentBoxes(page);
    expect(boxes.length).toBe(graph!.segments);
    // Tags go where they cover no text and no other tag (highlight mode's rule): here every box has room for one.
    expect(boxes.filter((x) => x.tagShown).length).toBe(boxes.length);
    expect(new Set(boxes.map((x) => x.colour)).size).toBeGreaterThanOrEqual(5);
    // The page keeps answering: no task of a second or more while the view was drawn.
    expect(longest).toBeLessThan(1000);
    expect(await layoutOf(page)).toEqual(layoutBefore);
    await b.content(tabId, 'setMode', { mode: 'off' });
    expect(await winnowShadowHtml(page)).not.toMatch(/class="(box|layer|toast)[ "]/);
    await popup.close();
    await page.close();
  });
});
