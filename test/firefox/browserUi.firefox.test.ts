// Issue 17: the ways a person starts Winnow in Firefox besides the keyboard command (extension.firefox.test.ts),
// and Firefox's MV3 background, an event page that Firefox stops when idle.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import { textOfHtml } from '../e2e/extensionHarness.ts';
import { useFirefoxBrowser } from './useFirefoxBrowser.ts';

const HAND_PAGE = '/fixtures/article-with-template.html';
const REAL_PAGE = '/readability/bbc-1/';

const { server, b } = useFirefoxBrowser();

describe('Firefox: context menu, event page, always run here', () => {
  it('the page\'s context menu opens the reader ("Winnow: reader view")', async () => {
    const page = await b.open(server.url(HAND_PAGE));
    expect(await b.pickFromContextMenu(page, 'winnow-reader')).toBe('Winnow: reader view');
    const tabId = await b.waitForRun(page);
    expect((await b.content<RunStatus>(tabId, 'status')).mode).toBe('reader');
    const text = textOfHtml(await b.shadowHtml(page));
    expect(text).toContain('Flood waters recede in Alder Creek');
    expect(text).not.toContain('Privacy policy');
    await page.close();
  });

  it('"Winnow: save clean page as Markdown" runs Winnow and downloads the article from the page', async () => {
    const page = await b.open(server.url(REAL_PAGE));
    const file = await b.download(/^winnow-127\.0\.0\.1-.*\.md$/, async () => {
      expect(await b.pickFromContextMenu(page, 'winnow-save-markdown')).toBe('Winnow: save clean page as Markdown');
    });
    expect(file).toMatch(/obama-admits-us-gun-laws/);
    const markdown = readFileSync(file, 'utf8');
    expect(markdown).toMatch(/^# Obama admits US gun laws/m);
    expect(markdown).toContain('President Barack Obama has admitted');
    await page.close();
  });

  it('the background page, stopped as Firefox stops an idle event page, wakes for the command, the popup and the menu', async () => {
    expect(await b.terminateBackground()).toBe('stopped');
    const page = await b.open(server.url(HAND_PAGE));
    expect(await b.backgroundState()).toBe('stopped'); // opening a page does not wake it
    const tabId = await b.runByShortcut(page);
    expect(await b.backgroundState()).toBe('running');
    const status = await b.content<RunStatus>(tabId, 'status');
    // The event page just woken runs the pipeline for this small page itself.
    expect(status).toMatchObject({ firstEngine: 'background', engine: 'background' });
    // What the background keeps in storage.local outlived it: the site's memory of the pages seen before.
    expect(status.site?.pagesSeen).toBeGreaterThan(0);
    // The popup's requests wake it too.
    expect(await b.terminateBackground()).toBe('stopped');
    const popup = await b.openPopup(tabId);
    expect(await popup.evaluate(() => document.body.dataset.state)).toBe('ready');
    expect(await b.backgroundState()).toBe('running');
    // The page's session in the background went with it: the slider's re-smoothing replays the page in the new one.
    const moved = await b.content<RunStatus>(tabId, 'setOptions', { penaltyFactor: 0.2, threshold: 0.5 });
    expect(moved).toMatchObject({ engine: 'background', captures: status.captures, smooths: status.smooths + 1 });
    await popup.close();
    await page.close();
    // So do the context menu's items, which outlive it (created once, at install).
    expect(await b.terminateBackground()).toBe('stopped');
    const other = await b.open(server.url(REAL_PAGE));
    expect(await b.pickFromContextMenu(other, 'winnow-hide')).toBe('Winnow: hide template parts');
    const otherTab = await b.waitForRun(other);
    expect((await b.content<RunStatus>(otherTab, 'status')).mode).toBe('hide');
    expect(await b.backgroundState()).toBe('running');
    await other.close();
  });

  // Last: once allowed, every page of the test server's origin runs Winnow by itself.
  it('"always run here": once the person allows it in the popup, the site\'s pages run Winnow by themselves', async () => {
    const page = await b.open(server.url(HAND_PAGE));
    const tabId = await b.runByShortcut(page);
    const popup = await b.openPopup(tabId);
    // Highlight, kept as the site's mode (the menu above left it at reader), so the next page shows its boxes.
    await popup.click('input[name=mode][value=highlight]');
    await b.statusWhen(tabId, (s) => s.mode === 'highlight');
    await popup.click('#always-run');
    await popup.waitForFunction(() => (document.getElementById('always-run') as HTMLInputElement).checked);
    expect(await popup.evaluate(() => document.body.dataset.state)).toBe('ready');
    await popup.close();
    await page.close();
    // Another page of the site, opened as a person would open it: no command, no menu.
    const next = await b.open(server.url(REAL_PAGE));
    const nextTab = await b.waitForRun(next, 15_000);
    const status = await b.content<RunStatus>(nextTab, 'status');
    expect(status.url).toBe(server.url(REAL_PAGE));
    expect(status.captures).toBe(1);
    expect(status.mode).toBe('highlight');
    expect((await b.shadowHtml(next)).match(/class="box"/g)?.length ?? 0).toBeGreaterThan(0);
    await next.close();
  });
});
