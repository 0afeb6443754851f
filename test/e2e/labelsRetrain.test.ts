// Issue 15, "learn from your labels", the whole way a person goes in real Chromium: on two pages of one site the
// person labels, in inspect mode, two segments against the model (the masthead as content, the "More from the Ledger"
// list as template), presses "Improve the model with my labels" in the popup, and opens the site's third page, which
// was not labelled: both segments now come out as labelled (the masthead once the site memory, which marks it as a
// site template, is forgotten), where the bundled model put them the other way. Then "Reset to the bundled model"
// brings the model's verdicts back. Read through the content script's export, no
// screenshots.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AnnotationExport } from '../../src/labels/annotationFile.ts';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import { runFromPopup, textOfHtml, winnowShadowHtml } from './extensionHarness.ts';
import { useExtensionBrowser } from './useExtensionBrowser.ts';

const MASTHEAD = 'html > body > header';
const MORE = '#more-from-the-ledger';

const { server, b } = useExtensionBrowser();

/**
 * The model's label of the segments holding the masthead and the list, as the page's export gives them: the deepest
 * exported segment whose element contains the element (a segment merged into its parent has no entry of its own).
 */
async function verdicts(page: Page, tabId: number): Promise<Record<string, string | undefined>> {
  const file = await b.content<AnnotationExport>(tabId, 'exportAnnotations');
  const selectors = file.segments.map((s) => s.selector);
  const holder = async (selector: string) => page.evaluate(({ selector, selectors }) => {
    const el = document.querySelector(selector);
    let best = -1;
    selectors.forEach((s, k) => {
      const root = document.querySelector(s);
      if (el && root?.contains(el) && (best < 0 || document.querySelector(selectors[best])!.contains(root))) best = k;
    });
    return best;
  }, { selector, selectors });
  const of = async (selector: string) => file.segments[await holder(selector)]?.label;
  return { masthead: await of(MASTHEAD), more: await of(MORE), model: file.model.version };
}

async function openAndRun(path: string): Promise<{ page: Page; tabId: number }> {
  const page = await b.open(server.url(path));
  const { tabId, popup } = await runFromPopup(b, page);
  await popup.close();
  return { page, tabId };
}

/** The breadcrumb the inspect card shows, '' without a card. */
async function breadcrumb(page: Page): Promise<string> {
  const html = await winnowShadowHtml(page);
  const m = /<(\w+) data-field="breadcrumb"[^>]*>([\s\S]*?)<\/\1>/.exec(html);
  return m ? textOfHtml(m[2]) : '';
}

/** Hovers the segment in inspect mode until its card is up, then presses the label's key (T or C). */
async function label(page: Page, selector: string, key: 't' | 'c', crumb: RegExp): Promise<void> {
  const r = await page.evaluate((s) => {
    const box = document.querySelector(s)!.getBoundingClientRect();
    return { x: box.left + 8, y: box.top + 8 };
  }, selector);
  await page.mouse.move(r.x, r.y);
  await expect.poll(() => breadcrumb(page), { timeout: 10_000 }).toMatch(crumb);
  await page.keyboard.press(key);
}

async function humanLabels(tabId: number): Promise<string[]> {
  const file = await b.content<AnnotationExport>(tabId, 'exportAnnotations');
  return file.segments.filter((s) => s.humanLabel).map((s) => `${s.selector}=${s.humanLabel}`).sort();
}

describe('learning from a person\'s labels', () => {
  it('flips, on a page nobody labelled, the segments the person labelled against the model on two pages of its site', async () => {
    // The third page first, with the bundled model: the masthead is template, the list of stories content.
    const third = await openAndRun('/fixtures/ledger-3.html');
    const bundled = await verdicts(third.page, third.tabId);
    expect(bundled).toMatchObject({ masthead: 'template', more: 'content' });
    await third.page.close();

    for (const path of ['/fixtures/ledger-1.html', '/fixtures/ledger-2.html']) {
      const { page, tabId } = await openAndRun(path);
      await b.content(tabId, 'setMode', { mode: 'inspect' });
      await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode).toBe('inspect');
      await page.bringToFront();
      await label(page, MASTHEAD, 'c', /header$/);
      await label(page, MORE, 't', /section#more-from-the-ledger$/);
      await expect.poll(() => humanLabels(tabId)).toEqual([`${MORE}=template`, `${MASTHEAD}=content`].sort());
      await b.content(tabId, 'setMode', { mode: 'highlight' });
      await page.close();
    }

    const { page, popup } = await (async () => {
      const p = await b.open(server.url('/fixtures/ledger-2.html'));
      return { page: p, popup: (await runFromPopup(b, p)).popup };
    })();
    await popup.waitForSelector('#labels-summary[data-pages]');
    await expect.poll(() => popup.isEnabled('#improve-model'), { timeout: 10_000 }).toBe(true);
    await popup.click('#improve-model');
    await expect.poll(() => popup.getAttribute('#model-in-use', 'data-model'), { timeout: 20_000 }).toBe('personal');
    expect(await popup.textContent('#model-result')).toMatch(/^Fitted on 4 labelled segments \(\d+ elements\) on 2 pages\./);
    await popup.close();
    await page.close();

    const after = await openAndRun('/fixtures/ledger-3.html');
    const personal = await verdicts(after.page, after.tabId);
    expect(personal.model).toContain('+personal@');
    // The list flips at once. The masthead repeats on every page of the site, and the site memory's prior pulls a
    // block it marks as a site template to at least 0.5 (src/site/memory/sitePrior.ts): it stays template until the
    // site is forgotten, and then the personal model's verdict shows.
    expect(personal).toMatchObject({ masthead: 'template', more: 'template' });
    const { popup: again } = await runFromPopup(b, after.page);
    await again.click('#forget-site');
    await again.click('#forget-yes');
    await expect.poll(() => verdicts(after.page, after.tabId), { timeout: 20_000 })
      .toMatchObject({ masthead: 'content', more: 'template' });

    // Reset: the bundled model's verdicts again, on the same page.
    await again.click('#reset-model');
    await again.click('#reset-yes');
    await expect.poll(() => again.getAttribute('#model-in-use', 'data-model'), { timeout: 20_000 }).toBe('bundled');
    await expect.poll(() => verdicts(after.page, after.tabId), { timeout: 20_000 }).toEqual(bundled);
    await again.close();
    await after.page.close();
  });
});
