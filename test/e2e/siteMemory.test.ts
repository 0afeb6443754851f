// Site memory in the real browser: visiting pages of one served site makes their shared navigation a site-level
// template on the next page (dashed "site template" box, popup count), "forget this site" undoes it, and what is
// stored holds none of the pages' text and survives the browser being closed and opened again.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import type { SiteMemoryExport } from '../../extension/shared/siteMemoryApi.ts';
import { validateAnnotationExport, type AnnotationExport } from '../../src/labels/annotationFile.ts';
import { runFromPopup, winnowShadowHtml } from './extensionHarness.ts';
import { useExtensionBrowser } from './useExtensionBrowser.ts';

/** Five articles that share no distinctive words with each other or with the site's template. */
const ARTICLES = [
  { title: 'Harbour cranes stand idle', words: 'dockworkers gusts berth freighter containers tugboats quay hawser' },
  { title: 'Orchard yields climb again', words: 'farmers apples frosts blossoms cider pickers ladders pruning' },
  { title: 'Library reopens its doors', words: 'librarians shelves manuscripts atlas readers skylight catalogue reading' },
  { title: 'Cyclists ask for safer lanes', words: 'commuters bollards junctions petition saddles helmets kerbs pedals' },
  { title: 'Bakery wins a regional prize', words: 'sourdough crusts ovens rye flour leaven bakers loaves' },
];

/** A few paragraphs per article, built from its own words so no sentence repeats across pages. */
function articleHtml(k: number): string {
  const words = ARTICLES[k].words.split(' ');
  const paragraphs = Array.from({ length: 5 }, (_, p) => {
    const sentence = (s: number) => `The ${words[(p + s) % 8]} and the ${words[(p + 2 * s + 1) % 8]} met ` +
      `${words[(p + 3 * s + 2) % 8]} near ${words[(s + 5) % 8]}, said observer ${k * 10 + p}-${s}.`;
    return `<p>${Array.from({ length: 6 }, (_, s) => sentence(s)).join(' ')}</p>`;
  });
  return `<h1>${ARTICLES[k].title}</h1>${paragraphs.join('')}`;
}

/** Page k of the Alder Gazette: the same header, navigation, sidebar and footer on every page. */
function sitePage(k: number): string {
  const nav = ['Home', 'World', 'Business', 'Science', 'Sport', 'Culture', 'Opinion']
    .map((s) => `<a href="/gazette/${s.toLowerCase()}">${s}</a>`).join('');
  const mostRead = ['Council budget vote', 'Weather warning lifted', 'Festival dates announced', 'Train timetable changes']
    .map((s, i) => `<li><a href="/gazette/read-${i}">${s}</a></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${ARTICLES[k].title} — Alder Gazette</title>
<style>
  body { margin: 0; font: 17px/1.6 Georgia, serif; color: #222; }
  header { background: #1d3557; color: #fff; padding: 12px 24px; }
  .logo { font: 700 24px/1.2 sans-serif; }
  nav a { color: #fff; margin-right: 18px; font: 15px sans-serif; }
  .wrap { display: flex; gap: 32px; max-width: 1100px; margin: 0 auto; padding: 24px; }
  article { flex: 1; }
  aside { width: 260px; font: 14px/1.5 sans-serif; }
  footer { background: #eee; padding: 16px 24px; font: 13px sans-serif; }
  footer a { margin-right: 14px; }
</style></head><body>
<header><div class="logo">Alder Gazette</div><nav id="site-nav">${nav}</nav></header>
<div class="wrap"><article id="story">${articleHtml(k)}</article>
<aside><h2>Most read</h2><ul>${mostRead}</ul></aside></div>
<footer><a href="/gazette/about">About us</a><a href="/gazette/contact">Contact</a><a href="/gazette/privacy">Privacy policy</a>
<p>© 2026 Alder Gazette, a made-up newspaper</p></footer>
</body></html>`;
}

const { server, b } = useExtensionBrowser((server) => {
  ARTICLES.forEach((_, k) => server.routes.set(`/gazette/story-${k + 1}.html`, { html: sitePage(k) }));
});

interface Run {
  page: Page;
  popup: Page;
  tabId: number;
  status: RunStatus;
}

async function visitAndRun(k: number): Promise<Run> {
  const page = await b.open(server.url(`/gazette/story-${k}.html`));
  const { tabId, popup } = await runFromPopup(b, page);
  await popup.waitForSelector('#site-pages[data-pages]');
  return { page, popup, tabId, status: await b.content<RunStatus>(tabId, 'status') };
}

async function closeRun(r: Run): Promise<void> {
  await r.popup.close();
  await r.page.close();
}

/** The overlay's boxes with their document rectangles (from the closed shadow root, via the DevTools protocol). */
async function overlayBoxes(page: Page): Promise<Array<{ site: boolean; x: number; y: number; w: number; h: number; label: string }>> {
  const html = await winnowShadowHtml(page);
  const box = new RegExp('<div class="(box(?: site)?)" style="left: ?([\\d.-]+)px; ?top: ?([\\d.-]+)px; ' +
    '?width: ?([\\d.]+)px; ?height: ?([\\d.]+)px;[^"]*"><span class="label">([^<]*)<', 'g');
  return [...html.matchAll(box)]
    .map((m) => ({ site: m[1] === 'box site', x: +m[2], y: +m[3], w: +m[4], h: +m[5], label: m[6] }));
}

/**
 * The overlay's site-template boxes, after checking that the highlight layer is there and that the box pattern read
 * every box it holds (so "no site boxes" never comes from an overlay that is missing or was not parsed).
 */
async function siteBoxes(page: Page) {
  const html = await winnowShadowHtml(page);
  expect(html).toContain('class="layer highlight"');
  const boxes = await overlayBoxes(page);
  expect(boxes).toHaveLength((html.match(/class="box[ "]/g) ?? []).length);
  return boxes.filter((x) => x.site);
}

async function rectOf(page: Page, selector: string) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height };
  });
}

async function storedSiteMemory(): Promise<Record<string, unknown>> {
  return b.serviceWorker.evaluate(() => (globalThis as any).chrome.storage.local.get(null));
}

const popupPages = (popup: Page) => popup.$eval('#site-pages', (el) => Number((el as HTMLElement).dataset.pages));

describe('site memory in the built extension', () => {
  it('learns the shared navigation from three pages, shows it as a site template, and forgets it', async () => {
    // The first page of a site has nothing to compare with.
    const first = await visitAndRun(1);
    expect(first.status.site).toMatchObject({ host: '127.0.0.1', pagesSeen: 0, pagesRemembered: 1, templateSegments: 0 });
    expect(await siteBoxes(first.page)).toEqual([]);
    await closeRun(first);
    for (const k of [2, 3]) await closeRun(await visitAndRun(k));

    // The fourth page: its navigation repeats on the three pages seen, so it is a site-level template.
    const fourth = await visitAndRun(4);
    const site = fourth.status.site!;
    expect(site).toMatchObject({ pagesSeen: 3, pagesRemembered: 4, problem: null, setAside: null });
    expect(site.methods).toContain('siteLevel');
    expect(site.templateSegments).toBeGreaterThan(0);
    const boxes = await overlayBoxes(fourth.page);
    const nav = await rectOf(fourth.page, '#site-nav');
    const story = await rectOf(fourth.page, '#story');
    const covers = (x: { x: number; y: number; w: number; h: number }, r: typeof nav) =>
      x.x <= r.x + 1 && x.y <= r.y + 1 && x.x + x.w >= r.x + r.w - 1 && x.y + x.h >= r.y + r.h - 1;
    const siteTemplateBoxes = boxes.filter((x) => x.site);
    expect(siteTemplateBoxes.length).toBe(site.templateSegments);
    expect(siteTemplateBoxes.some((x) => covers(x, nav))).toBe(true);
    expect(siteTemplateBoxes.every((x) => /^site template \d\.\d\d$/.test(x.label))).toBe(true);
    expect(siteTemplateBoxes.some((x) => covers(x, story))).toBe(false);
    // The popup says how many pages of this site it has seen, and counts the site templates.
    expect(await popupPages(fourth.popup)).toBe(4);
    expect(await fourth.popup.textContent('#site-pages')).toBe('4 pages of this site seen');
    expect(await fourth.popup.textContent('#site-templates')).toBe(String(site.templateSegments));

    // Moving the penalty slider re-smooths without a new capture and keeps the site evidence.
    await fourth.popup.$eval('#penalty', (el) => {
      (el as HTMLInputElement).value = '520';
      el.dispatchEvent(new Event('input'));
    });
    await expect.poll(async () => (await b.content<RunStatus>(fourth.tabId, 'status')).smooths).toBe(fourth.status.smooths + 1);
    const resmoothed = await b.content<RunStatus>(fourth.tabId, 'status');
    expect(resmoothed.captures).toBe(fourth.status.captures);
    expect(resmoothed.site!.templateSegments).toBeGreaterThan(0);

    // Nothing of the articles (nor their addresses) is stored: hashes and structure only.
    const stored = JSON.stringify(await storedSiteMemory());
    expect(stored).toContain('winnow-site-memory:127.0.0.1');
    for (const a of ARTICLES.slice(0, 4)) {
      for (const w of [a.title, ...a.words.split(' ')]) expect(stored).not.toContain(w);
    }
    for (const t of ['Alder Gazette', 'Most read', 'Privacy policy', 'story-1', '/gazette/']) expect(stored).not.toContain(t);

    // "Export site memory" downloads every site's store, which holds no text either.
    const [download] = await Promise.all([fourth.popup.waitForEvent('download'), fourth.popup.click('#export-site-memory')]);
    expect(download.suggestedFilename()).toMatch(/^winnow-site-memory-.*\.json$/);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as SiteMemoryExport;
    expect(exported.format).toBe('winnow-site-memory-export');
    expect(exported.sites.map((x) => [x.host, x.pages])).toEqual([['127.0.0.1', 4]]);
    expect(JSON.stringify(exported)).not.toContain(ARTICLES[0].words.split(' ')[0]);

    // A misclick loses nothing: the question takes the focus on "Keep it", and Escape keeps.
    await fourth.popup.click('#forget-site');
    expect(await fourth.popup.evaluate(() => document.activeElement?.id)).toBe('forget-no');
    await fourth.popup.keyboard.press('Escape');
    expect(await fourth.popup.isHidden('#forget-confirm')).toBe(true);
    expect(await fourth.popup.evaluate(() => document.activeElement?.id)).toBe('forget-site');
    expect(await popupPages(fourth.popup)).toBe(4);

    // Forgetting, by keyboard: the page is shown again without site templates, and the count is 0.
    await fourth.popup.keyboard.press('Enter');
    await fourth.popup.focus('#forget-yes');
    await fourth.popup.keyboard.press('Enter');
    await expect.poll(() => popupPages(fourth.popup)).toBe(0);
    expect(await fourth.popup.textContent('#site-pages')).toBe('0 pages of this site seen');
    const forgotten = await b.content<RunStatus>(fourth.tabId, 'status');
    expect(forgotten.site).toMatchObject({ pagesSeen: 0, pagesRemembered: 0, templateSegments: 0 });
    expect(forgotten.captures).toBe(fourth.status.captures);
    expect(await siteBoxes(fourth.page)).toEqual([]);
    expect(JSON.stringify(await storedSiteMemory())).not.toContain('winnow-site-memory:127.0.0.1');
    await closeRun(fourth);

    // The next page of the site starts from nothing.
    const fifth = await visitAndRun(5);
    expect(fifth.status.site).toMatchObject({ pagesSeen: 0, pagesRemembered: 1, templateSegments: 0 });
    expect(await siteBoxes(fifth.page)).toEqual([]);
    expect(await popupPages(fifth.popup)).toBe(1);
    await closeRun(fifth);
  });

  it('drops damaged stored data for its site only, says so in the popup, and starts that site afresh', async () => {
    await b.serviceWorker.evaluate(async () => {
      const local = (globalThis as any).chrome.storage.local;
      const index = (await local.get('winnow-site-memory-index'))['winnow-site-memory-index'] ?? {};
      await local.set({
        'winnow-site-memory:127.0.0.1': { format: 'winnow-site-memory', version: 1, siteLevel: 'damaged' },
        'winnow-site-memory:other.example': { format: 'winnow-site-memory', version: 99 },
        'winnow-site-memory-index': { ...index, 'other.example': { lastUsed: 1, bytes: 10, pages: 3 } },
      });
    });
    const run = await visitAndRun(2);
    expect(run.status.site!.problem).toMatch(/The stored memory of 127\.0\.0\.1 was damaged .*: it was cleared\./);
    expect(run.status.site).toMatchObject({ pagesSeen: 0, pagesRemembered: 1 });
    expect(await run.popup.isVisible('#site-problem')).toBe(true);
    expect(await run.popup.textContent('#site-problem')).toContain('was damaged');
    expect(await popupPages(run.popup)).toBe(1);
    // The other site's entry was not touched (it is only checked when that site is used).
    const stored = await storedSiteMemory();
    expect(stored['winnow-site-memory:other.example']).toEqual({ format: 'winnow-site-memory', version: 99 });

    // "Forget everything" asks first too, then clears every site's memory and keeps the site settings.
    await run.popup.click('#forget-all');
    expect(await run.popup.textContent('#forget-question')).toBe('Forget what Winnow remembers of all 2 sites? Your settings are kept.');
    await run.popup.click('#forget-yes');
    await expect.poll(() => popupPages(run.popup)).toBe(0);
    const after = Object.keys(await storedSiteMemory());
    expect(after.filter((k) => k.startsWith('winnow-site-memory'))).toEqual([]);
    expect(after).toContain('site:http://127.0.0.1:' + new URL(server.origin).port);
    expect(await run.popup.isDisabled('#export-site-memory')).toBe(true);
    await closeRun(run);
  });

  it('still knows the site after the browser is closed and opened again', async () => {
    for (const k of [1, 2, 3]) await closeRun(await visitAndRun(k));
    await b.restart();
    const fourth = await visitAndRun(4);
    expect(fourth.status.site).toMatchObject({ pagesSeen: 3, pagesRemembered: 4, problem: null });
    expect(fourth.status.site!.templateSegments).toBeGreaterThan(0);
    expect(await popupPages(fourth.popup)).toBe(4);
    // The annotation export says which segments are site templates.
    const [download] = await Promise.all([fourth.popup.waitForEvent('download'), fourth.popup.click('#export')]);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as AnnotationExport;
    expect(validateAnnotationExport(file)).toEqual([]);
    expect(file.segments.filter((g) => g.siteTemplate).length).toBe(fourth.status.site!.templateSegments);
    await closeRun(fourth);
  });
});
