// Issue 17: the Firefox build, run in Firefox ESR — the core scenarios of the Chromium e2e tests
// (extension.modes.test.ts, extension.robustness.test.ts) on the same fixture pages.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { REPO_ROOT } from '../../src/cli/datasets/dataPaths.ts';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import type { Mode } from '../../extension/shared/settings.ts';
import { validateAnnotationExport, type AnnotationExport } from '../../src/labels/annotationFile.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../src/pipeline/pipelineOptions.ts';
import { pageFingerprint, styleChanges, textOfHtml } from '../e2e/extensionHarness.ts';
import { asEvaluator, relayOut } from './firefoxHarness.ts';
import { useFirefoxBrowser } from './useFirefoxBrowser.ts';
import { expectHandPageReader, TEMPLATE_TEXTS } from '../e2e/handPageExpectations.ts';
import { IN_PAGE_MAX_ELEMENTS } from '../../extension/content/pageRun.ts';

const HAND_PAGE = '/fixtures/article-with-template.html';
const REAL_PAGE = '/readability/bbc-1/';
const STRICT_CSP = "default-src 'self'; worker-src 'self'";

const { server, b } = useFirefoxBrowser((server) => {
  const html = readFileSync(join(REPO_ROOT, 'test/fixtures/extension/article-with-template.html'), 'utf8');
  server.routes.set('/csp/article.html', { html, headers: { 'content-security-policy': STRICT_CSP } });
  // Over IN_PAGE_MAX_ELEMENTS elements: classified by the worker in Winnow's frame, not by the background.
  const links = '<p><a href="/more">More</a></p>'.repeat(IN_PAGE_MAX_ELEMENTS / 2);
  server.routes.set('/csp/big.html', { html: html.replace('</body>', `<section>${links}</section></body>`),
    headers: { 'content-security-policy': STRICT_CSP } });
});

/** The page opened, Winnow run on it by its keyboard command, then the popup opened for its tab. */
async function openAndRun(path: string): Promise<{ page: Page; popup: Page; tabId: number }> {
  const page = await b.open(server.url(path));
  const tabId = await b.runByShortcut(page);
  const popup = await b.openPopup(tabId);
  expect(await popup.evaluate(() => document.body.dataset.state)).toBe('ready');
  return { page, popup, tabId };
}

/** Picks a mode in the popup (a click on its radio button) and waits until the page shows it. */
async function pickMode(popup: Page, tabId: number, mode: Mode): Promise<RunStatus> {
  await popup.click(`input[name=mode][value=${mode}]`);
  return b.statusWhen(tabId, (s) => s.mode === mode);
}

/** Elements hidden by hide mode (display: none !important in their style attribute). */
function hiddenCount(page: Page): Promise<number> {
  return page.evaluate(() => Array.from(document.body.querySelectorAll('*'))
    .filter((e) => (e as HTMLElement).style?.getPropertyPriority('display') === 'important' &&
      (e as HTMLElement).style.display === 'none').length);
}

async function closeAll(...pages: Page[]): Promise<void> {
  for (const p of pages) await p.close();
}

describe('the Firefox build in Firefox ESR', () => {
  it('the keyboard command runs it: highlight boxes in a closed shadow root, the page itself untouched', async () => {
    const page = await b.open(server.url(HAND_PAGE));
    await relayOut(page);
    const before = await pageFingerprint(asEvaluator(page));
    const tabId = await b.runByShortcut(page);
    const status = await b.content<RunStatus>(tabId, 'status');
    expect(status.mode).toBe('highlight'); // the first run on a fresh profile: no mode kept for the site yet
    // A small page: classified in the background (Firefox clones extension messages, typed arrays included), first
    // page-level, then in a second session there with the site's evidence. Nothing of the pipeline ran in the page.
    expect(status).toMatchObject({ firstEngine: 'background', engine: 'background' });
    expect(status.nodes).toBeGreaterThan(100);
    expect(status.templateSegments).toBeGreaterThan(0);
    const shadow = await b.shadowHtml(page);
    expect(shadow.match(/class="box"/g)?.length ?? 0).toBeGreaterThan(0);
    // Closed: the page's scripts cannot reach into it.
    expect(await page.evaluate(() => document.querySelector('winnow-ui')?.shadowRoot ?? null)).toBeNull();
    expect(await pageFingerprint(asEvaluator(page))).toEqual(before);
    // Page CSS cannot reach into the overlay, whose own outline is drawn.
    expect(await b.shadowComputedStyle(page, 'box', 'outline-style')).toBe('solid');
    await page.close();
  });

  for (const path of [HAND_PAGE, REAL_PAGE]) {
    it(`hide hides template segments and "off" restores DOM and computed styles exactly (${path})`, async () => {
      const page = await b.open(server.url(path));
      await new Promise((r) => setTimeout(r, 300)); // let the page's own load-time scripts settle
      await relayOut(page);
      const before = await pageFingerprint(asEvaluator(page));
      const tabId = await b.runByShortcut(page);
      const popup = await b.openPopup(tabId);
      await pickMode(popup, tabId, 'hide');
      expect(await hiddenCount(page)).toBeGreaterThan(0);
      if (path === HAND_PAGE) {
        const visible = await page.evaluate(() => document.body.innerText);
        for (const t of TEMPLATE_TEXTS) expect(visible).not.toContain(t);
        expect(visible).toContain('The river town of Alder Creek');
      }
      await pickMode(popup, tabId, 'off');
      const after = await pageFingerprint(asEvaluator(page));
      expect(after.html).toBe(before.html);
      expect(after.styles.length).toBe(before.styles.length);
      expect(styleChanges(before, after)).toEqual([]);
      await closeAll(popup, page);
    });
  }

  it('reader: the article with its headings, figure, code, table, list and quote; no template', async () => {
    const { page, popup, tabId } = await openAndRun(HAND_PAGE);
    await pickMode(popup, tabId, 'reader');
    const html = await b.shadowHtml(page);
    const reader = html.slice(html.indexOf('<article'));
    expectHandPageReader(reader);
    // Keyboard: the reader has focus, Escape closes it and the page is as it was.
    await page.keyboard.press('Escape');
    await b.statusWhen(tabId, (s) => s.mode === 'off');
    expect(await b.shadowHtml(page)).not.toContain('class="reader');
    await closeAll(popup, page);
  });

  it('the popup slider re-smooths where the page is held: segment count changes, no second capture', async () => {
    const { page, popup, tabId } = await openAndRun(REAL_PAGE);
    const segmentsAt = async (key: 'Home' | 'End') => {
      const before = Number(await popup.$eval('#status', (e) => e.getAttribute('data-smooths')));
      await popup.focus('#penalty');
      await popup.keyboard.press(key);
      await popup.waitForFunction((n) => Number(document.getElementById('status')!.dataset.smooths) > n, {}, before);
      return Number(await popup.$eval('#segments', (e) => e.textContent));
    };
    const many = await segmentsAt('Home'); // smallest penalty: many small segments
    const few = await segmentsAt('End'); // largest penalty: few large ones
    expect(many).toBeGreaterThan(few);
    const status = await b.content<RunStatus>(tabId, 'status');
    expect(status.captures).toBe(1);
    expect(status.smooths).toBeGreaterThanOrEqual(3);
    expect(status.segments).toBe(few);
    await closeAll(popup, page);
  });

  it('export downloads a JSON file that validates against the annotation schema', async () => {
    const { page, popup, tabId } = await openAndRun(HAND_PAGE);
    // Back to the default penalty (a site's last slider position is kept), so the page has segments to export.
    const { penaltyFactor, threshold } = DEFAULT_PIPELINE_OPTIONS;
    const status = await b.content<RunStatus>(tabId, 'setOptions', { penaltyFactor, threshold });
    expect(status.segments).toBeGreaterThan(3);
    const saved = await b.download(/^winnow-127\.0\.0\.1-.*\.json$/, () => popup.click('#export'));
    const file = JSON.parse(readFileSync(saved, 'utf8')) as AnnotationExport;
    expect(validateAnnotationExport(file)).toEqual([]);
    expect(file.page.url).toBe(server.url(HAND_PAGE));
    expect(file.segments).toHaveLength(status.segments);
    // Every selector and XPath finds its element again on the live page.
    const found = await page.evaluate((segs) => segs.map((s) => {
      const byCss = document.querySelector(s.selector);
      const byXpath = document.evaluate(s.xpath!, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
      return byCss !== null && byCss === byXpath;
    }), file.segments);
    expect(found.length).toBeGreaterThan(3);
    expect(found.every(Boolean)).toBe(true);
    await closeAll(popup, page);
  });

  it(`works on a page whose CSP is "${STRICT_CSP}" (worker in the extension frame, no violation)`, async () => {
    // A large page: the worker, in the extension's frame, which the page's CSP does not govern.
    const big = await b.open(server.url('/csp/big.html'));
    await big.evaluate(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const bigStatus = await b.content<RunStatus>(await b.runByShortcut(big), 'status');
    expect(bigStatus.nodes).toBeGreaterThan(IN_PAGE_MAX_ELEMENTS);
    expect(bigStatus).toMatchObject({ firstEngine: 'worker', engine: 'worker' });
    expect(bigStatus.segments).toBeGreaterThan(1);
    expect(await big.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await closeAll(big);

    // A small one: the background, no frame.
    const page = await b.open(server.url('/csp/article.html'));
    // What the page itself would see of a violation Winnow caused.
    await page.evaluate(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const tabId = await b.runByShortcut(page);
    const popup = await b.openPopup(tabId);
    // Highlight picked: the run shows the site's last mode (the tests before leave 127.0.0.1 in reader or off).
    const status = await pickMode(popup, tabId, 'highlight');
    expect(status.engine).toBe('background');
    expect(status.segments).toBeGreaterThan(1);
    expect((await b.shadowHtml(page)).match(/class="box"/g)?.length ?? 0).toBeGreaterThan(0);
    // Winnow's own styles apply inside its shadow root although the page allows no style but its own.
    expect(await b.shadowComputedStyle(page, 'box', 'outline-style')).toBe('solid');
    await pickMode(popup, tabId, 'reader');
    expect(textOfHtml(await b.shadowHtml(page))).toContain('The river town of Alder Creek');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await closeAll(popup, page);
  });

  it('sends nothing to any host but 127.0.0.1 while it runs, switches modes, re-smooths and exports', async () => {
    const page = await b.open(server.url(HAND_PAGE));
    await new Promise((r) => setTimeout(r, 200));
    const foreignBefore = b.foreignRequests.length;
    const servedBefore = server.requests.length;
    const tabId = await b.runByShortcut(page);
    const popup = await b.openPopup(tabId);
    for (const mode of ['hide', 'reader', 'highlight', 'off'] as const) await pickMode(popup, tabId, mode);
    await popup.focus('#penalty');
    await popup.keyboard.press('End');
    await b.statusWhen(tabId, (s) => s.penaltyFactor === 1);
    await b.download(/^winnow-webis-127\.0\.0\.1-.*\.json$/, () => popup.click('#export-webis'));
    expect(b.foreignRequests.slice(foreignBefore)).toEqual([]);
    // What reached the page's own server meanwhile is the reader view showing the page's lazy image.
    expect(new Set(server.requests.slice(servedBefore))).toEqual(new Set(['/fixtures/flood-photo.png']));
    await closeAll(popup, page);
  });
});
