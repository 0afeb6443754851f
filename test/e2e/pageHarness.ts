import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, offlineContext, openPage } from '../../src/cli/browser/chromium.ts';

/** One shared headless Chromium for a test file, pages opened from disk with the Winnow page script injected. */
export class PageHarness {
  private browser!: Browser;
  private context!: BrowserContext;

  async start(): Promise<void> {
    this.browser = await launchBrowser();
    this.context = await offlineContext(this.browser);
  }

  async open(path: string): Promise<Page> {
    return openPage(this.context, pathToFileURL(resolve(path)).href, 20_000);
  }

  async stop(): Promise<void> {
    await this.context?.close();
    await this.browser?.close();
  }
}
