import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, offlineContext, openPage } from '../browser/chromium.ts';
import { callPage, captureCodeHash } from '../browser/pageScript.ts';
import { mapWithConcurrency } from '../browser/concurrency.ts';
import { CACHE_DIR } from './dataPaths.ts';
import { oneLine } from '../browser/oneLine.ts';
import { siteOfUrl } from './siteOfUrl.ts';
import { snapshotFromJson } from '../../snapshot/snapshotJson.ts';
import type { TrainingCaptureJson } from '../../capture/page/pageApi.ts';
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import type { LabelledPage } from './labelledPage.ts';

export type CapturedPage = { page: LabelledPage; snapshot: PageSnapshot; labels: Int8Array; spans: Int8Array } |
  { page: LabelledPage; error: string };

/**
 * Captures each labelled page in Chromium. Captures are cached under .cache/capture keyed by the hash of the capture
 * code alone, so retraining after a feature change does not re-render hundreds of pages, and a capture change
 * invalidates it.
 */
export async function captureLabelledPages(pages: LabelledPage[], opts: {
  useCache: boolean;
  log: (s: string) => void;
  /** Filled in: how many pages were rendered now and how many came from the cache (for the model card's timing). */
  stats?: { rendered: number; cached: number };
}): Promise<CapturedPage[]> {
  const cacheDir = join(CACHE_DIR, 'capture', await captureCodeHash());
  await mkdir(cacheDir, { recursive: true });
  const browser = await launchBrowser();
  const context = await offlineContext(browser);
  await serveLocalResources(context, pages);
  let done = 0;
  try {
    return await mapWithConcurrency(pages, 2, async (page): Promise<CapturedPage> => {
      const cacheFile = join(cacheDir, `${page.id}.json`);
      try {
        let json: TrainingCaptureJson;
        if (opts.useCache && existsSync(cacheFile)) {
          json = JSON.parse(await readFile(cacheFile, 'utf8'));
          if (opts.stats) opts.stats.cached++;
        } else {
          const tab = await openPage(context, pathToFileURL(page.path).href, 20_000);
          try {
            const host = siteOfUrl(page.url);
            json = await callPage(tab, 'captureForTraining', host);
          } finally {
            await tab.close();
          }
          await writeFile(cacheFile, JSON.stringify(json));
          if (opts.stats) opts.stats.rendered++;
        }
        if (++done % 50 === 0) opts.log(`captured ${done}/${pages.length}`);
        return {
          page,
          snapshot: snapshotFromJson(json.snapshot),
          labels: Int8Array.from(json.labels),
          spans: Int8Array.from(json.spans),
        };
      } catch (e) {
        return { page, error: oneLine(e) };
      }
    });
  } finally {
    await context.close();
    await browser.close();
  }
}

/**
 * Answers a page's site-absolute requests (its CSS, for archives that ship it) from the local copies. Registered after
 * the offline route, so Playwright asks it first; everything else still goes through the offline rule.
 */
async function serveLocalResources(context: BrowserContext, pages: LabelledPage[]): Promise<void> {
  const files = new Map(pages.flatMap((p) => Object.entries(p.resources ?? {})));
  if (files.size === 0) return;
  await context.route((url) => files.has(url.href), (route) => route.fulfill({ path: files.get(route.request().url())! }));
}
