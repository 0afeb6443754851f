import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { sharedDataset } from '../../src/cli/datasets/dataPaths.ts';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import { validateAnnotationExport, type AnnotationExport } from '../../src/labels/annotationFile.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../src/pipeline/pipelineOptions.ts';
import type { WebisSegmentation } from '../../src/labels/webisSegmentation.ts';
import { pageFingerprint, relayOut, runFromPopup, shadowComputedStyle, textOfHtml, winnowShadowHtml } from './extensionHarness.ts';
import { useExtensionBrowser } from './useExtensionBrowser.ts';
import { expectHandPageReader, TEMPLATE_TEXTS } from './handPageExpectations.ts';

/** A real page from the Readability fixtures, and the hand-made page whose template parts are known. */
const REAL_PAGE = 'bbc-1';
const HAND_PAGE = '/fixtures/article-with-template.html';

const { server, b } = useExtensionBrowser();

async function openAndRun(path: string): Promise<{ page: Page; popup: Page; tabId: number; status: RunStatus }> {
  const page = await b.open(server.url(path));
  const { tabId, popup } = await runFromPopup(b, page);
  const status = await b.content<RunStatus>(tabId, 'status');
  return { page, popup, tabId, status };
}

describe('the built extension on real pages', () => {
  it('highlight: outlines template segments in a shadow root and leaves the page itself alone', async () => {
    const page = await b.open(server.url(HAND_PAGE));
    await relayOut(page);
    const before = await pageFingerprint(page);
    const { tabId, popup } = await runFromPopup(b, page);
    const status = await b.content<RunStatus>(tabId, 'status');
    expect(status.mode).toBe('highlight');
    // A small page: shown first as the background classified it, then held by a second session there with the site's
    // evidence. Nothing of the pipeline ran in the page, and no worker frame was needed.
    expect(status.firstEngine).toBe('background');
    expect(status.engine).toBe('background');
    expect(status.templateSegments).toBeGreaterThan(0);
    const shadow = await winnowShadowHtml(page);
    const boxes = shadow.match(/class="box"/g)?.length ?? 0;
    expect(boxes).toBeGreaterThan(0);
    expect(await pageFingerprint(page)).toEqual(before);
    // Page CSS cannot reach into the overlay, whose own outline is drawn.
    expect(await shadowComputedStyle(page, 'box', 'outline-style')).toBe('solid');
    await popup.close();
    await page.close();
  });

  it('highlight on a Readability fixture page', async () => {
    const { page, popup, status } = await openAndRun(`/readability/${REAL_PAGE}/`);
    expect(status.nodes).toBeGreaterThan(500);
    expect(status.segments).toBeGreaterThan(1);
    expect((await winnowShadowHtml(page)).match(/class="box"/g)?.length ?? 0).toBeGreaterThan(0);
    await popup.close();
    await page.close();
  });

  for (const path of [HAND_PAGE, `/readability/${REAL_PAGE}/`]) {
    it(`hide hides template segments and one click restores DOM and computed styles exactly (${path})`, async () => {
      const page = await b.open(server.url(path));
      await page.waitForTimeout(300); // let the page's own load-time scripts settle
      await relayOut(page);
      const before = await pageFingerprint(page);
      const { tabId, popup } = await runFromPopup(b, page);
      await popup.check('input[name=mode][value=hide]');
      await expect.poll(() => popup.evaluate(() => document.body.dataset.state)).toBe('ready');
      await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode).toBe('hide');
      const hidden = await page.evaluate(() => Array.from(document.body.querySelectorAll('*'))
        .filter((e) => (e as HTMLElement).style?.getPropertyPriority('display') === 'important' &&
          (e as HTMLElement).style.display === 'none').length);
      expect(hidden).toBeGreaterThan(0);
      if (path === HAND_PAGE) {
        const visible = await page.evaluate(() => document.body.innerText);
        for (const t of TEMPLATE_TEXTS) expect(visible).not.toContain(t);
        expect(visible).toContain('The river town of Alder Creek');
      }
      await popup.check('input[name=mode][value=off]');
      await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode).toBe('off');
      const after = await pageFingerprint(page);
      expect(after.html).toBe(before.html);
      expect(after.styles.length).toBe(before.styles.length);
      const changed = after.styles.filter((s, i) => s !== before.styles[i]).length;
      expect(changed).toBe(0);
      await popup.close();
      await page.close();
    });
  }

  it('reader: content with its headings, lazy images, figures, code, tables, lists and quotes; no template', async () => {
    const { page, popup, tabId } = await openAndRun(HAND_PAGE);
    await popup.check('input[name=mode][value=reader]');
    await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode).toBe('reader');
    const html = await winnowShadowHtml(page);
    const reader = html.slice(html.indexOf('<article'));
    expectHandPageReader(reader);
    expect(reader).toMatch(/<figcaption>Volunteers in boats/);
    // Keyboard: the reader has focus, Escape closes it and the page is as it was.
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode).toBe('off');
    expect(await winnowShadowHtml(page)).not.toContain('class="reader');
    await popup.close();
    await page.close();
  });

  it('reader on a Readability fixture page keeps the article text', async () => {
    const { page, popup, tabId } = await openAndRun(`/readability/${REAL_PAGE}/`);
    await popup.check('input[name=mode][value=reader]');
    await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode).toBe('reader');
    const html = await winnowShadowHtml(page);
    const text = textOfHtml(html.slice(html.indexOf('<article')));
    const expected = textOfHtml(readFileSync(join(sharedDataset('readability'), REAL_PAGE, 'expected.html'), 'utf8'));
    // The first sentence of Readability's own extraction is in our reader view.
    const firstSentence = expected.split(/(?<=\.)\s/)[0].slice(0, 120);
    expect(text).toContain(firstSentence);
    await popup.close();
    await page.close();
  });

  it('the popup slider re-smooths where the page is held: segment count changes, no second capture', async () => {
    const { page, popup, tabId } = await openAndRun(`/readability/${REAL_PAGE}/`);
    const segmentsAt = async (key: 'Home' | 'End') => {
      const before = Number(await popup.getAttribute('#status', 'data-smooths'));
      await popup.focus('#penalty');
      await popup.keyboard.press(key);
      await expect.poll(async () => Number(await popup.getAttribute('#status', 'data-smooths'))).toBeGreaterThan(before);
      return Number(await popup.textContent('#segments'));
    };
    const many = await segmentsAt('Home'); // smallest penalty: many small segments
    const few = await segmentsAt('End'); // largest penalty: few large ones
    expect(many).toBeGreaterThan(few);
    const status = await b.content<RunStatus>(tabId, 'status');
    expect(status.captures).toBe(1);
    expect(status.smooths).toBeGreaterThanOrEqual(3);
    expect(status.segments).toBe(few);
    await popup.close();
    await page.close();
  });

  it('a mode picked while the previous one is still being applied stays picked', async () => {
    const { page, popup, tabId } = await openAndRun(`/readability/${REAL_PAGE}/`);
    // Every frame, whether the highlight radio is checked, from the moment it is clicked.
    await popup.evaluate(() => {
      const w = window as unknown as { highlightChecks: boolean[] };
      w.highlightChecks = [];
      const radio = document.querySelector<HTMLInputElement>('input[name=mode][value=highlight]')!;
      const sample = () => {
        if (radio.checked || w.highlightChecks.length > 0) w.highlightChecks.push(radio.checked);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    // The reader takes longest to build, so its answer arrives after the second click.
    await popup.click('input[name=mode][value=reader]');
    await popup.click('input[name=mode][value=highlight]');
    await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode).toBe('highlight');
    await popup.waitForTimeout(300);
    const checks = await popup.evaluate(() => (window as unknown as { highlightChecks: boolean[] }).highlightChecks);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((c) => !c)).toEqual([]);
    await popup.close();
    await page.close();
  });

  it('export downloads a JSON file that validates against the annotation schema', async () => {
    const { page, popup, tabId } = await openAndRun(HAND_PAGE);
    // The slider test leaves this origin at the largest penalty (one segment): back to the default, so the page has
    // segments to export and the Webis checks below have rings to check.
    const { penaltyFactor, threshold } = DEFAULT_PIPELINE_OPTIONS;
    const status = await b.content<RunStatus>(tabId, 'setOptions', { penaltyFactor, threshold });
    expect(status.segments).toBeGreaterThan(3);
    const [download] = await Promise.all([popup.waitForEvent('download'), popup.click('#export')]);
    expect(download.suggestedFilename()).toMatch(/^winnow-127\.0\.0\.1-.*\.json$/);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as AnnotationExport;
    expect(validateAnnotationExport(file)).toEqual([]);
    expect(file.page.url).toBe(server.url(HAND_PAGE));
    expect(file.segments).toHaveLength(status.segments);
    expect(file.segments.every((s) => s.humanLabel === null)).toBe(true);
    // Every selector and XPath finds its element again on the live page.
    const found = await page.evaluate((segs) => segs.map((s) => {
      const byCss = document.querySelector(s.selector);
      const byXpath = document.evaluate(s.xpath!, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
      return byCss !== null && byCss === byXpath;
    }), file.segments);
    expect(found.every(Boolean)).toBe(true);
    // The same segments as a Webis-WebSeg-20 segmentation: closed rings of integer points inside the page.
    const [webis] = await Promise.all([popup.waitForEvent('download'), popup.click('#export-webis')]);
    expect(webis.suggestedFilename()).toMatch(/^winnow-webis-127\.0\.0\.1-.*\.json$/);
    const seg = JSON.parse(readFileSync(await webis.path(), 'utf8')) as WebisSegmentation;
    expect(seg.width).toBeGreaterThan(0);
    expect(seg.height).toBeGreaterThan(0);
    // Every segment but the page's root (all of this page's are on it).
    expect(seg.segmentations.winnow).toHaveLength(file.segments.length - 1);
    for (const ring of seg.segmentations.winnow.flat(2)) {
      expect(ring.length).toBe(5);
      expect(ring[0]).toEqual(ring.at(-1));
      expect(ring.every(([x, y]) => Number.isInteger(x) && x >= 0 && x <= seg.width && y >= 0 && y <= seg.height)).toBe(true);
    }
    await popup.close();
    await page.close();
  });
});
