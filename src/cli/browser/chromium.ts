import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { injectPageScript } from './pageScript.ts';

export const VIEWPORT = { width: 1280, height: 800 };

/** Debian's Chromium unless WINNOW_CHROMIUM says otherwise; nothing here ever downloads a browser. */
export function chromiumPath(): string {
  const path = process.env.WINNOW_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}: install it (apt-get install -y chromium) or set WINNOW_CHROMIUM`);
  }
  return path;
}

/** Flags that keep Chromium from reaching out to the network on its own (this machine has none). */
export const QUIET_CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: QUIET_CHROMIUM_ARGS });
}

export interface ContextOptions {
  /**
   * Whether the page's own scripts run (default true). Off, Chromium runs none of them (nor their timers or
   * animation frames), while page.evaluate, and so Winnow's injected script, still works.
   */
  scripts?: boolean;
}

/**
 * A context where only file: and data: URLs load: pages are rendered from disk with whatever CSS and images sit
 * beside them, and every other request is aborted so a page never waits on the network.
 */
export async function offlineContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT, deviceScaleFactor: 1, javaScriptEnabled: options.scripts ?? true,
  });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    // Only local files: a protocol-relative address (//cdn.example/x.png) in a saved page resolves to
    // file://cdn.example/x.png, a remote share that never answers (ehow-2 retried such an image forever).
    return url.startsWith('file:///') || url.startsWith('data:') ? route.continue() : route.abort();
  });
  return context;
}

/** After DOMContentLoaded, how long the load event may take (images and frames that never finish loading). */
export const LOAD_GRACE_MS = 5000;

/**
 * Waits for two painted frames: the page's own first style and layout are done, as they are long before a person runs
 * Winnow on a page they are reading, so capture timings measure Winnow and not the page's first layout.
 */
export const TWO_FRAMES = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))';

/** Opens a page and injects the Winnow page script. Throws a one-line message when the page does not load. */
export async function openPage(context: BrowserContext, url: string, timeoutMs: number): Promise<Page> {
  const page = await context.newPage();
  const started = Date.now();
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
  } catch (e) {
    await page.close();
    const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
    throw new Error(/Timeout/i.test(msg) ? `page did not finish loading within ${timeoutMs / 1000} s` : msg);
  }
  // A parsed page whose load event never comes (an image whose onerror handler retries forever) is still the page a
  // reader sees: give it a few seconds to finish, then take it as it is.
  const loadGraceMs = Math.max(0, Math.min(LOAD_GRACE_MS, timeoutMs - (Date.now() - started)));
  await page.waitForLoadState('load', { timeout: loadGraceMs }).catch(() => {});
  await page.evaluate(TWO_FRAMES);
  await injectPageScript(page);
  return page;
}
