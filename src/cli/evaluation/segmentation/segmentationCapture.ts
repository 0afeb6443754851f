import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, offlineContext, openPage } from '../../browser/chromium.ts';
import { callPage, captureCodeHash, humanBlocksCodeHash } from '../../browser/pageScript.ts';
import { mapWithConcurrency } from '../../browser/concurrency.ts';
import { CACHE_DIR } from '../../datasets/dataPaths.ts';
import { oneLine } from '../../browser/oneLine.ts';
import { beforeDeadline, seconds } from '../../browser/deadline.ts';
import { snapshotFromJson } from '../../../snapshot/snapshotJson.ts';
import type { PageSnapshot } from '../../../snapshot/pageSnapshot.ts';
import type { KreuzerPage } from '../../datasets/kreuzerPages.ts';
import type { HumanBlock, HumanBlocksJson } from '../../../capture/page/pageApi.ts';
import { pinTopLevelNavigation } from './segmentationPageRoute.ts';

export type { HumanBlock };

/**
 * Per snapshot node, which human block it lies in (indices into `blocks`, -1 for none), at two granularities (see
 * readHumanBlocks in src/capture/page/humanBlocks.ts, which reads them in the page).
 */
export interface HumanBlocks {
  blocks: HumanBlock[];
  /** Innermost block containing the node (the node's own element counts): the finest human segmentation. */
  innermost: Int32Array;
  /** Outermost block containing the node: sub-blocks merged into the block they sit in. */
  outermost: Int32Array;
}

export type SegmentationCapture = { page: KreuzerPage; snapshot: PageSnapshot; truth: HumanBlocks; ms: number } |
  { page: KreuzerPage; error: string };

export interface SegmentationCaptureOptions {
  useCache?: boolean;
  timeoutMs?: number;
  log?: (s: string) => void;
}

/**
 * Renders each annotated page in Chromium (two at a time) and captures it with its human blocks. Captures are cached
 * under .cache/capture, keyed by the capture code and the human-block reader's, so a sweep or a re-run does not
 * render again. A page that fails (never loads, times out, throws) is returned with the reason; never fatal.
 */
export async function captureSegmentationPages(pages: KreuzerPage[], opts: SegmentationCaptureOptions = {}):
  Promise<SegmentationCapture[]> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const cacheDir = join(CACHE_DIR, 'capture', await captureCodeHash(), `kreuzer-${await humanBlocksCodeHash()}`);
  await mkdir(cacheDir, { recursive: true });
  const cacheFile = (page: KreuzerPage) => join(cacheDir, `${page.id.replace(/[^\w.-]+/g, '_')}.json`);
  const useCache = opts.useCache ?? true;
  const toRender = pages.filter((p) => !(useCache && existsSync(cacheFile(p))));
  const browser = toRender.length > 0 ? await launchBrowser() : null;
  const context = browser ? await offlineContext(browser) : null;
  if (context) await pinTopLevelNavigation(context, toRender.map((p) => pathToFileURL(p.blocksPath).href));
  let done = 0;
  try {
    return await mapWithConcurrency(pages, 2, async (page): Promise<SegmentationCapture> => {
      const t0 = Date.now();
      try {
        let json: HumanBlocksJson;
        if (useCache && existsSync(cacheFile(page))) {
          json = JSON.parse(await readFile(cacheFile(page), 'utf8'));
        } else {
          // A page whose script never returns would otherwise hold its worker forever.
          json = await beforeDeadline(renderAndCapture(context!, page, timeoutMs), Date.now() + timeoutMs * 2,
            `capture did not finish within ${seconds(timeoutMs * 2)}`);
          await writeFile(cacheFile(page), JSON.stringify(json));
        }
        if (++done % 10 === 0) opts.log?.(`kreuzer: captured ${done}/${pages.length}`);
        return {
          page,
          snapshot: snapshotFromJson(json.snapshot),
          truth: {
            blocks: json.blocks, innermost: Int32Array.from(json.innermost), outermost: Int32Array.from(json.outermost),
          },
          ms: Date.now() - t0,
        };
      } catch (e) {
        return { page, error: oneLine(e) };
      }
    });
  } finally {
    await context?.close();
    await browser?.close();
  }
}

async function renderAndCapture(context: BrowserContext, page: KreuzerPage,
  timeoutMs: number): Promise<HumanBlocksJson> {
  const tab = await openPage(context, pathToFileURL(page.blocksPath).href, timeoutMs);
  try {
    const json = await callPage(tab, 'captureHumanBlocks', page.siteHost);
    if (json.blocks.length === 0) throw new Error('no data-block elements in the page');
    return json;
  } finally {
    await tab.close();
  }
}
