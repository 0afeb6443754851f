import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser, offlineContext, openPage } from '../../browser/chromium.ts';
import { oneLine } from '../../browser/oneLine.ts';
import { mapWithConcurrency } from '../../browser/concurrency.ts';
import { CACHE_DIR } from '../../datasets/dataPaths.ts';
import type { LabelledPage } from '../../datasets/labelledPage.ts';

/**
 * iana has no human labels. Its reference is the site's own markup, read off the pages the way Vieira et al. found
 * each site's template by looking at it (002 §6.1): every page puts its header (logo, top navigation) in `<header>`,
 * its footer (site map, custodian note) in `<footer>`, the section menu in `#sidebar_left`, and the page's own
 * content in `#main_right` (`#main` on the home page). The content element's text is the reference content; the
 * rest is template. None of the measured methods sees these names, so the reference is not one of them (the
 * model card's iana check uses SiteLevel itself, which would favour SiteLevel here).
 */
export const IANA_CONTENT_SELECTORS = ['#main_right', '#main'];

const CACHE_FILE = join(CACHE_DIR, 'site-eval', 'iana-reference.json');

export type ReferenceText = { text: string } | { error: string };

/** The content element's visible text of each iana page, rendered once and then read from .cache/site-eval. */
export async function ianaReferenceTexts(pages: LabelledPage[], log: (s: string) => void): Promise<Map<string, ReferenceText>> {
  if (pages.length === 0) return new Map();
  const key = JSON.stringify(IANA_CONTENT_SELECTORS);
  const cached = existsSync(CACHE_FILE)
    ? (JSON.parse(await readFile(CACHE_FILE, 'utf8')) as { key: string; texts: Record<string, string> })
    : null;
  if (cached?.key === key && pages.every((p) => p.id in cached.texts)) {
    return new Map(pages.map((p) => [p.id, { text: cached.texts[p.id] }]));
  }
  log(`iana: reading the content element of ${pages.length} pages`);
  const browser = await launchBrowser();
  const out = new Map<string, ReferenceText>();
  try {
    const context = await offlineContext(browser);
    const files = new Map(pages.flatMap((p) => Object.entries(p.resources ?? {})));
    await context.route((url) => files.has(url.href), (route) => route.fulfill({ path: files.get(route.request().url())! }));
    await mapWithConcurrency(pages, 2, async (p) => {
      try {
        const tab = await openPage(context, pathToFileURL(p.path).href, 20_000);
        try {
          const text = await tab.evaluate((selectors) => {
            for (const sel of selectors) {
              const el = (globalThis as any).document.querySelector(sel);
              if (el) return el.innerText as string;
            }
            return null;
          }, IANA_CONTENT_SELECTORS);
          out.set(p.id, text === null ? { error: `no ${IANA_CONTENT_SELECTORS.join(' or ')} element` } : { text });
        } finally {
          await tab.close();
        }
      } catch (e) {
        out.set(p.id, { error: oneLine(e) });
      }
    });
  } finally {
    await browser.close().catch(() => {});
  }
  const texts: Record<string, string> = {};
  for (const [id, r] of out) if ('text' in r) texts[id] = r.text;
  if (Object.keys(texts).length === pages.length) {
    await mkdir(join(CACHE_DIR, 'site-eval'), { recursive: true });
    await writeFile(CACHE_FILE, JSON.stringify({ key, texts }));
  }
  return out;
}
