import type { Page } from 'playwright-core';
import { callPage } from '../browser/pageScript.ts';

/** Selectors of the given nodes of the page's last capture (the page must have been captured: callPage 'capture'). */
export function segmentSelectors(page: Page, nodes: number[]): Promise<string[]> {
  return callPage(page, 'selectors', nodes);
}
