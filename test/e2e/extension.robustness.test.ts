import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/cli/datasets/dataPaths.ts';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import { IN_PAGE_MAX_ELEMENTS } from '../../extension/content/pageRun.ts';
import { runFromPopup, winnowShadowHtml } from './extensionHarness.ts';
import { useExtensionBrowser } from './useExtensionBrowser.ts';

const HAND_PAGE = readFileSync(join(REPO_ROOT, 'test/fixtures/extension/article-with-template.html'), 'utf8');
const STRICT_CSP = "default-src 'self'; worker-src 'self'";

/** About 100,000 elements: a long page of sections, each a heading, a paragraph and a list of links. */
function hugePage(targetNodes: number): string {
  const perSection = 2 + 1 + 1 + 24 * 2; // section, h2, p, ul + 24 × (li, a)
  const sections: string[] = [];
  for (let s = 0; s * perSection < targetNodes; s++) {
    const links = Array.from({ length: 24 }, (_, k) => `<li><a href="/item/${s}/${k}">Item ${k}</a></li>`).join('');
    sections.push(`<section><h2>Section ${s}</h2><p>Paragraph ${s} of a very long generated page.</p><ul>${links}</ul></section>`);
  }
  return `<!doctype html><html><head><title>Huge</title></head><body><nav><a href="/">Home</a></nav>` +
    `<main>${sections.join('')}</main></body></html>`;
}

/** What infinite scroll does: a section of 40 paragraphs appended to the article (41 elements); optionally restyles the footer. */
function appendLoadedLaterSection(page: Page, restyleFooter: boolean): Promise<void> {
  return page.evaluate((restyle) => {
    const more = document.createElement('section');
    for (let k = 0; k < 40; k++) {
      const p = document.createElement('p');
      p.textContent = `Loaded later, paragraph ${k}: the story goes on with more words about the flood and the town.`;
      more.append(p);
    }
    document.querySelector('article')!.append(more);
    if (restyle) document.querySelector('footer')!.classList.add('restyled');
  }, restyleFooter);
}

const { server, b } = useExtensionBrowser((server) => {
  server.routes.set('/csp/article.html', { html: HAND_PAGE, headers: { 'content-security-policy': STRICT_CSP } });
  server.routes.set('/huge.html', { html: hugePage(100_000) });
  server.routes.set('/csp/big.html', { html: hugePage(4000), headers: { 'content-security-policy': STRICT_CSP } });
});

describe('the built extension where pages make it hard', () => {
  it(`works on a page whose CSP is "${STRICT_CSP}" (worker in the extension frame, styles applied)`, async () => {
    // A page over IN_PAGE_MAX_ELEMENTS goes to the worker in its frame, which the page's CSP does not govern.
    const big = await b.open(server.url('/csp/big.html'));
    const bigViolations: string[] = [];
    big.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) bigViolations.push(m.text()); });
    const bigRun = await runFromPopup(b, big);
    const bigStatus = await b.content<RunStatus>(bigRun.tabId, 'status');
    expect(bigStatus.nodes).toBeGreaterThan(IN_PAGE_MAX_ELEMENTS);
    expect(bigStatus).toMatchObject({ engine: 'worker', firstEngine: 'worker' });
    expect(bigStatus.segments).toBeGreaterThan(1);
    expect(bigViolations).toEqual([]);
    await bigRun.popup.close();
    await big.close();

    // A small page is classified in the background: no frame, and no violation either.
    const page = await b.open(server.url('/csp/article.html'));
    const violations: string[] = [];
    page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
    const { tabId, popup } = await runFromPopup(b, page);
    const status = await b.content<RunStatus>(tabId, 'status');
    expect(status).toMatchObject({ engine: 'background', firstEngine: 'background' });
    expect(status.segments).toBeGreaterThan(1);
    expect((await winnowShadowHtml(page)).match(/class="box"/g)?.length ?? 0).toBeGreaterThan(0);
    await popup.check('input[name=mode][value=reader]');
    await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode).toBe('reader');
    expect(violations).toEqual([]);
    await popup.close();
    await page.close();
  });

  it('finishes on a generated page with 100k nodes without freezing it', async () => {
    const page = await b.open(server.url('/huge.html'));
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeGreaterThan(100_000);
    // The page's own heartbeat: the longest gap between animation frames while Winnow runs, and every long task
    // (over 50 ms) on the page's main thread, where the content script runs too.
    await page.evaluate(() => {
      const w = window as unknown as { maxGap: number; beating: boolean; longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push(e.duration);
      }).observe({ type: 'longtask' });
      w.maxGap = 0;
      w.beating = true;
      let last = performance.now();
      const beat = (t: number) => {
        w.maxGap = Math.max(w.maxGap, t - last);
        last = t;
        if (w.beating) requestAnimationFrame(beat);
      };
      requestAnimationFrame(beat);
    });
    const started = Date.now();
    // How long the whole run takes on a busy machine is not what this test is about (a 15 s wait for the popup failed
    // `npm test` once on a loaded 2-core machine): it waits as long as the test may, and asserts the page's freedom.
    const { tabId, popup } = await runFromPopup(b, page, { ownWindow: true, readyTimeoutMs: 150_000 });
    const status = await b.content<RunStatus>(tabId, 'status');
    const wall = Date.now() - started;
    const { maxGap, longTasks } = await page.evaluate(() => {
      const w = window as unknown as { maxGap: number; longTasks: number[] };
      return { maxGap: w.maxGap, longTasks: w.longTasks };
    });
    const longestTask = Math.max(0, ...longTasks);
    console.log(`100k-node page: ${status.nodes} nodes, capture ${status.timingsMs.capture.toFixed(0)} ms, ` +
      `classify ${status.timingsMs.classify.toFixed(0)} ms (worker), smooth ${status.timingsMs.smooth.toFixed(0)} ms, ` +
      `total ${status.timingsMs.total.toFixed(0)} ms, wall ${wall} ms, longest frame gap ${maxGap.toFixed(0)} ms, ` +
      `${longTasks.length} long tasks, longest ${longestTask.toFixed(0)} ms`);
    expect(status.nodes).toBeGreaterThan(90_000);
    expect(status.engine).toBe('worker');
    // The capture runs in slices that give the page its turn; classification and smoothing run in the worker. The
    // page keeps painting: no gap between frames longer than a few frames, although the whole run takes seconds.
    // Measured here on an idle machine: longest task 84–184 ms (inserting Winnow's UI into a 100k-element page),
    // frame gaps 117–183 ms, against a single 2.1–4.8 s freeze before capture and reader were sliced. The bounds
    // leave room for a busy 2-core machine while still failing on any freeze.
    expect(longestTask).toBeLessThan(400);
    expect(maxGap).toBeLessThan(500);
    await popup.close();
    await page.close();
  });

  it('issues zero network requests of its own', async () => {
    const page = await b.open(server.url('/fixtures/article-with-template.html'));
    await page.waitForTimeout(200);
    const foreignBefore = b.foreignRequests.length;
    const servedBefore = server.requests.length;
    const { tabId, popup } = await runFromPopup(b, page);
    for (const mode of ['hide', 'reader', 'highlight', 'off'] as const) {
      await popup.check(`input[name=mode][value=${mode}]`);
      await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode).toBe(mode);
    }
    await popup.focus('#penalty');
    await popup.keyboard.press('End');
    await Promise.all([popup.waitForEvent('download'), popup.click('#export')]);
    expect(b.foreignRequests.slice(foreignBefore)).toEqual([]);
    // What reached the page's own server afterwards is the reader view showing the page's lazy image.
    expect(new Set(server.requests.slice(servedBefore))).toEqual(new Set(['/fixtures/flood-photo.png']));
    // The service worker fetched only the extension's own files.
    const swFetches = await b.serviceWorker.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(swFetches.every((u) => u.startsWith('chrome-extension://'))).toBe(true);
    await popup.close();
    await page.close();
  });

  it('re-runs after a big page change (infinite scroll), keeping the mode', async () => {
    const page = await b.open(server.url('/fixtures/article-with-template.html'));
    const { tabId, popup } = await runFromPopup(b, page);
    await popup.check('input[name=mode][value=hide]');
    await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode).toBe('hide');
    await appendLoadedLaterSection(page, false);
    const first = await b.content<RunStatus>(tabId, 'status');
    await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).smooths, { timeout: 10_000 })
      .toBeGreaterThan(first.smooths);
    const after = await b.content<RunStatus>(tabId, 'status');
    expect(after.captures).toBe(2);
    expect(after.mode).toBe('hide');
    expect(after.nodes).toBeGreaterThanOrEqual(first.nodes + 40);
    // The re-run read computed styles for the new section and for what hide mode had touched, not for the rest.
    expect(after.stylesRead).toBeGreaterThanOrEqual(41);
    expect(after.stylesRead).toBeLessThan(after.nodes);
    await popup.close();
    await page.close();
  });

  it('a re-run reads computed styles only for the part of the page that changed', async () => {
    const page = await b.open(server.url('/fixtures/article-with-template.html'));
    const { tabId, popup } = await runFromPopup(b, page);
    await popup.check('input[name=mode][value=reader]'); // the reader leaves the page's own elements untouched
    await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode).toBe('reader');
    const runsAfter = async (captures: number) => {
      await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).captures, { timeout: 10_000 })
        .toBe(captures);
      await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).smooths, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(captures);
      return b.content<RunStatus>(tabId, 'status');
    };
    // First change: settles whatever the site's remembered mode (e.g. hide) had touched before the reader opened.
    const first = await b.content<RunStatus>(tabId, 'status');
    await appendLoadedLaterSection(page, false);
    await runsAfter(first.captures + 1);
    await appendLoadedLaterSection(page, true); // the footer's class changes too: its subtree is read again
    const after = await runsAfter(first.captures + 2);
    const footerElements = await page.evaluate(() => 1 + document.querySelector('footer')!.getElementsByTagName('*').length);
    console.log(`re-run: ${after.nodes} nodes, ${after.stylesRead} styles read (first run ${first.stylesRead}), ` +
      `${after.timingsMs.capture.toFixed(1)} ms capture`);
    expect(first.stylesRead).toBeGreaterThanOrEqual(first.nodes);
    expect(after.stylesRead).toBe(41 + footerElements);
    expect(after.mode).toBe('reader');
    await popup.close();
    await page.close();
  });

  it('explains kindly when the browser does not let extensions into a page', async () => {
    const page = await b.context.newPage();
    await page.goto('chrome://version/').catch(() => {});
    const tabId = await b.tabIdOf(page);
    const popup = await b.openPopup(tabId);
    expect(await popup.evaluate(() => document.body.dataset.state)).toBe('error');
    expect(await popup.textContent('#error')).toMatch(/cannot run on this page/);
    await popup.close();
    await page.close();
  });
  // Last in this file: Playwright loses its handle on the service worker it stops (ExtensionBrowser.stopServiceWorker).
  it('goes on when Chromium stops its idle service worker, and the page\'s session with it', async () => {
    const page = await b.open(server.url('/csp/article.html'));
    const { tabId, popup } = await runFromPopup(b, page);
    const before = await b.content<RunStatus>(tabId, 'status');
    expect(before.engine).toBe('background');
    const { runningAgain } = await b.stopServiceWorker(page);
    // The slider, from the popup (straight to the tab): the page's engine finds its port closed, connects again (which
    // starts the service worker) and replays the page there before it re-smooths.
    const reply = await popup.evaluate(([id]) => (globalThis as any).chrome.tabs.sendMessage(id, {
      ns: 'winnow/content', type: 'setOptions', payload: { penaltyFactor: 0.2, threshold: 0.5 } }, { frameId: 0 }),
    [tabId] as const) as { ok: boolean; value?: RunStatus; error?: string };
    expect(reply.error).toBeUndefined();
    expect(reply.value).toMatchObject({ engine: 'background', captures: before.captures, smooths: before.smooths + 1,
      penaltyFactor: 0.2 });
    expect(reply.value!.segments).toBeGreaterThan(1);
    await runningAgain;
    await popup.close();
    await page.close();
  });
});
