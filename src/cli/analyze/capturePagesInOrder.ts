import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser, offlineContext, openPage } from '../browser/chromium.ts';
import { oneLine } from '../browser/oneLine.ts';
import type { InputItem } from './inputFiles.ts';
import { callPage } from '../browser/pageScript.ts';
import { snapshotFromJson } from '../../snapshot/snapshotJson.ts';
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';

export type CapturedInput = { page: Page; snapshot: PageSnapshot } | { error: string };

/**
 * Renders the files one after another and hands each captured page to `handle` in the order given, the page still
 * open (for selectors). The pages of one site must be handled in order, because each is cleaned with what the pages
 * before it taught the site memory; the next page renders while the current one is handled. A file that fails to
 * load is handed over with its one-line reason and the others still run.
 */
export async function capturePagesInOrder(items: InputItem[], timeoutMs: number,
  handle: (item: InputItem, captured: CapturedInput) => Promise<void>): Promise<void> {
  const browser = await launchBrowser();
  try {
    const context = await offlineContext(browser);
    const open = async (item: InputItem): Promise<CapturedInput> => {
      if (!item.path) return { error: item.error ?? 'unreadable' };
      let page: Page | null = null;
      try {
        page = await openPage(context, pathToFileURL(item.path).href, timeoutMs);
        const json = await callPage(page, 'capture');
        return { page, snapshot: snapshotFromJson(json) };
      } catch (e) {
        await page?.close().catch(() => {});
        return { error: oneLine(e) };
      }
    };
    let next = items.length > 0 ? open(items[0]) : null;
    for (let i = 0; i < items.length; i++) {
      const current = await next!;
      next = i + 1 < items.length ? open(items[i + 1]) : null;
      try {
        await handle(items[i], current);
      } finally {
        if ('page' in current) await current.page.close().catch(() => {});
      }
    }
  } finally {
    await browser.close().catch(() => {});
  }
}

/** One page's result, or why there is none (it did not load, or the work on it threw). */
export type CapturedOutcome<T extends object> = ({ item: InputItem } & T) | { item: InputItem; error: string };

/**
 * capturePagesInOrder for work that gives one result per page: a page that fails to load, or whose work throws,
 * becomes `{ item, error }` with the one-line reason, and the others still run. Results come in input order.
 */
export async function mapCapturedPages<T extends object>(items: InputItem[], timeoutMs: number,
  work: (item: InputItem, captured: { page: Page; snapshot: PageSnapshot }) => Promise<T>):
  Promise<Array<CapturedOutcome<T>>> {
  const outcomes: Array<CapturedOutcome<T>> = [];
  await capturePagesInOrder(items, timeoutMs, async (item, captured) => {
    if ('error' in captured) {
      outcomes.push({ item, error: captured.error });
      return;
    }
    try {
      outcomes.push({ item, ...(await work(item, captured)) });
    } catch (e) {
      outcomes.push({ item, error: oneLine(e) });
    }
  });
  return outcomes;
}
