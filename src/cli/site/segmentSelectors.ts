import type { Page } from 'playwright-core';

/** Selectors of the given nodes of the page's last capture (the page must have run `__winnow.capture()`). */
export function segmentSelectors(page: Page, nodes: number[]): Promise<string[]> {
  return page.evaluate((n) => (globalThis as any).__winnow.selectors(n) as string[], nodes);
}
