import { chromium, type BrowserContext, type CDPSession, type Page, type Worker } from 'playwright-core';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { chromiumPath, QUIET_CHROMIUM_ARGS, VIEWPORT } from '../../src/cli/browser/chromium.ts';
import { REPO_ROOT, sharedDataset } from '../../src/cli/datasets/dataPaths.ts';

/**
 * The built extension (`npm run build`); e2e tests always load what would ship. WINNOW_DIST names another build
 * folder (`vite build --outDir dist-mine`), so two people can build and test in one checkout at once.
 */
export const DIST = resolve(REPO_ROOT, process.env.WINNOW_DIST || 'dist');

export function requireBuiltExtension(): void {
  if (!existsSync(join(DIST, 'manifest.json'))) {
    throw new Error(`no built extension in ${DIST}: run 'npm run build' first (npm test does)`);
  }
}

/** A page answered by the test server: a file, or generated HTML with its own headers. */
export type Route = { file: string } | { html: string; headers?: Record<string, string> };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.svg': 'image/svg+xml', '.json': 'application/json',
};

/**
 * Serves Readability fixture pages (`/readability/SLUG/`), hand-made pages (`/fixtures/NAME`), wcxb-dev pages
 * (`/wcxb/NNNN.html`, without their CSS and images), any file of kreuzer-popular (`/kreuzer/PATH`: its pages with the
 * CSS and images saved beside them, so they render styled) and generated ones (`routes`) on 127.0.0.1 with a port
 * of 0. The datasets are read where they are unpacked, never copied.
 */
export class FixtureServer {
  private server!: Server;
  origin = '';
  readonly routes = new Map<string, Route>();
  readonly requests: string[] = [];

  async start(): Promise<void> {
    const readability = sharedDataset('readability');
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      this.requests.push(path);
      const route = this.routes.get(path) ?? this.fileRoute(path, readability);
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      if ('html' in route) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...route.headers }).end(route.html);
        return;
      }
      res.writeHead(200, { 'content-type': TYPES[extname(route.file)] ?? 'application/octet-stream' })
        .end(readFileSync(route.file));
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no server address');
    this.origin = `http://127.0.0.1:${address.port}`;
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  private fileRoute(path: string, readability: string): Route | null {
    const m = /^\/readability\/([\w.-]+)\/$/.exec(path);
    if (m) {
      const file = join(readability, m[1], 'source.html');
      return existsSync(file) ? { file } : null;
    }
    const f = /^\/fixtures\/([\w.-]+)$/.exec(path);
    if (f) {
      const file = resolve(REPO_ROOT, 'test/fixtures/extension', f[1]);
      return existsSync(file) ? { file } : null;
    }
    const w = /^\/wcxb\/(\d+\.html)$/.exec(path);
    if (w) return fileIn(join(sharedDataset('wcxb-dev'), 'pages'), w[1]);
    const k = /^\/kreuzer\/(.+)$/.exec(path);
    if (k) return fileIn(sharedDataset('kreuzer-popular'), k[1]);
    return null;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server?.close(() => r()));
  }
}

/** A file under `dir` (never outside it, whatever `relative` holds), or null. */
function fileIn(dir: string, relative: string): Route | null {
  const file = resolve(dir, relative);
  if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) return null;
  return { file };
}

/** Chromium with the built extension; every request not for 127.0.0.1 is aborted and recorded. */
export class ExtensionBrowser {
  context!: BrowserContext;
  serviceWorker!: Worker;
  extensionId = '';
  /** Requests to anything but 127.0.0.1 (aborted), and every request seen, with the page that made it. */
  readonly foreignRequests: string[] = [];
  readonly allRequests: string[] = [];
  private profile = '';
  private browserSession: CDPSession | null = null;

  async start(): Promise<void> {
    requireBuiltExtension();
    this.profile = mkdtempSync(join(tmpdir(), 'winnow-e2e-'));
    await this.launch();
  }

  /** Closes the browser and starts it again on the same profile, as a person quitting and reopening it would. */
  async restart(): Promise<void> {
    this.browserSession = null;
    await this.context.close();
    await this.launch();
  }

  private async launch(): Promise<void> {
    this.context = await chromium.launchPersistentContext(this.profile, {
      executablePath: chromiumPath(),
      headless: true,
      viewport: VIEWPORT,
      acceptDownloads: true,
      args: [
        ...QUIET_CHROMIUM_ARGS,
        `--disable-extensions-except=${DIST}`,
        `--load-extension=${DIST}`,
        // Lets the DevTools protocol press the toolbar button (Extensions.triggerAction), which is what grants
        // activeTab to the extension for a tab, as a person's click does.
        '--enable-unsafe-extension-debugging',
      ],
    });
    this.context.on('request', (r) => {
      this.allRequests.push(r.url());
    });
    await this.context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      // The extension's own files and in-memory URLs are not network requests; nor is a *.localhost name, which
      // Chromium resolves to the loopback address without asking (the bench's --own-sites gives each page one).
      const local = url.hostname === '127.0.0.1' || url.hostname.endsWith('.localhost') ||
        ['chrome-extension:', 'data:', 'blob:'].includes(url.protocol);
      if (local) return route.continue();
      this.foreignRequests.push(url.href);
      return route.abort();
    });
    this.serviceWorker = this.context.serviceWorkers()[0] ?? (await this.context.waitForEvent('serviceworker'));
    this.extensionId = new URL(this.serviceWorker.url()).host;
  }

  async stop(): Promise<void> {
    await this.context?.close();
    if (this.profile) rmSync(this.profile, { recursive: true, force: true });
  }

  async open(url: string): Promise<Page> {
    const page = await this.context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    return page;
  }

  /** The browser's tab id for a page (the page is brought to the front, so it is the active tab). */
  async tabIdOf(page: Page): Promise<number> {
    await page.bringToFront();
    const id = await this.serviceWorker.evaluate(async () => {
      const [tab] = await (globalThis as any).chrome.tabs.query({ active: true, lastFocusedWindow: true });
      return tab?.id ?? -1;
    });
    if (id < 0) throw new Error('no active tab');
    return id;
  }

  /** Presses the extension's toolbar button for the page's tab: activeTab is granted and the popup opens. */
  async clickToolbarButton(page: Page): Promise<void> {
    const session = await this.browserCdp();
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] }) as
      { targetInfos: Array<{ type: string; url: string; targetId: string }> };
    const tab = targetInfos.find((t) => t.type === 'tab' && t.url === page.url());
    if (!tab) throw new Error(`no tab target for ${page.url()}`);
    await session.send('Extensions.triggerAction' as never, { id: this.extensionId, targetId: tab.targetId } as never);
  }

  /** The popup as a tab of its own, told which tab it is for. */
  async openPopup(tabId: number, options: { ownWindow?: boolean; readyTimeoutMs?: number } = {}): Promise<Page> {
    const url = `chrome-extension://${this.extensionId}/extension/popup/popup.html?tab=${tabId}`;
    let popup: Page;
    if (options.ownWindow) {
      // In a window of its own the page keeps being the visible tab of its window, so it keeps rendering frames
      // (a background tab gets no animation frames at all, which would make any frame-gap measurement meaningless).
      const opened = this.context.waitForEvent('page', (p) => p.url().startsWith('chrome-extension://'));
      const session = await this.browserCdp();
      await session.send('Target.createTarget', { url, newWindow: true });
      popup = await opened;
    } else {
      popup = await this.context.newPage();
      await popup.goto(url);
    }
    // The popup settles when the page's run has answered: `readyTimeoutMs` for pages whose run takes long by design.
    await popup.waitForSelector('body[data-state]', { timeout: options.readyTimeoutMs ?? 15_000 });
    return popup;
  }

  /** A typed request to the tab's content script, sent from the service worker as the popup would. */
  /**
   * Stops the extension's service worker as Chromium stops an idle one (DevTools' ServiceWorker.stopAllWorkers, from
   * `page`'s session); resolves once it has stopped, with a promise that resolves when it runs again (the next event
   * starts it). Playwright does not attach to the restarted worker, so `serviceWorker` is of no use afterwards: a
   * test that calls this comes last in its file.
   */
  async stopServiceWorker(page: Page): Promise<{ runningAgain: Promise<void> }> {
    const cdp = await page.context().newCDPSession(page);
    type Versions = { versions: Array<{ scriptURL: string; runningStatus: string }> };
    const ours = (e: Versions, status: string) =>
      e.versions.some((v) => v.scriptURL.includes(this.extensionId) && v.runningStatus === status);
    const stopped = new Promise<void>((resolve) => cdp.on('ServiceWorker.workerVersionUpdated', (e: Versions) => {
      if (ours(e, 'stopped')) resolve();
    }));
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await stopped;
    const runningAgain = new Promise<void>((resolve) => cdp.on('ServiceWorker.workerVersionUpdated', (e: Versions) => {
      if (ours(e, 'running')) resolve();
    })).finally(() => cdp.detach().catch(() => {}));
    return { runningAgain };
  }

  async content<T = unknown>(tabId: number, type: string, payload: unknown = {}): Promise<T> {
    const reply = await this.serviceWorker.evaluate(
      ([id, msg]) => (globalThis as any).chrome.tabs.sendMessage(id as number, msg, { frameId: 0 }),
      [tabId, { ns: 'winnow/content', type, payload }] as const,
    ) as { ok: boolean; value?: T; error?: string } | undefined;
    if (!reply) throw new Error(`no answer to content/${type}`);
    if (!reply.ok) throw new Error(reply.error);
    return reply.value as T;
  }

  private async browserCdp(): Promise<CDPSession> {
    const browser = this.context.browser();
    if (!browser) throw new Error('no browser handle for the persistent context');
    this.browserSession ??= await browser.newBrowserCDPSession();
    return this.browserSession;
  }
}

/**
 * The HTML inside Winnow's closed shadow root. Page scripts (and Playwright selectors) cannot see into a closed
 * root; the DevTools protocol's DOM domain can (`pierce: true`).
 */
export async function winnowShadowHtml(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    type DomNode = { nodeId: number; nodeName: string; children?: DomNode[]; shadowRoots?: DomNode[] };
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true }) as { root: DomNode };
    const find = (n: DomNode): DomNode | null => {
      if (n.nodeName === 'WINNOW-UI') return n;
      for (const c of [...(n.children ?? []), ...(n.shadowRoots ?? [])]) {
        const hit = find(c);
        if (hit) return hit;
      }
      return null;
    };
    const host = find(root);
    const shadow = host?.shadowRoots?.[0];
    if (!shadow) return '';
    const parts: string[] = [];
    for (const child of shadow.children ?? []) {
      const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId: child.nodeId }) as { outerHTML: string };
      parts.push(outerHTML);
    }
    return parts.join('\n');
  } finally {
    await cdp.detach();
  }
}

/** Highlight mode's boxes with their document rectangles (from the closed shadow root, via the DevTools protocol). */
export async function overlayBoxes(page: Page):
  Promise<Array<{ site: boolean; x: number; y: number; w: number; h: number; label: string }>> {
  const html = await winnowShadowHtml(page);
  const box = new RegExp('<div class="(box(?: site)?)" style="left: ?([\\d.-]+)px; ?top: ?([\\d.-]+)px; ' +
    '?width: ?([\\d.]+)px; ?height: ?([\\d.]+)px;[^"]*"><span class="label">([^<]*)<', 'g');
  const boxes = [...html.matchAll(box)]
    .map((m) => ({ site: m[1] === 'box site', x: +m[2], y: +m[3], w: +m[4], h: +m[5], label: m[6] }));
  // Every box drawn was read: an empty answer never comes from a pattern that no longer matches.
  if (boxes.length !== (html.match(/class="box[ "]/g) ?? []).length) throw new Error('overlay boxes not all read');
  return boxes;
}

/** Visible text of HTML (tags dropped, entities for the common few decoded, whitespace collapsed). */
export function textOfHtml(html: string): string {
  return html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\s+/g, ' ').trim();
}

/** Tab id, and the popup (as a tab) after the toolbar button was pressed on the page: what a person sees. */
export async function runFromPopup(b: ExtensionBrowser, page: Page,
  options: { ownWindow?: boolean; readyTimeoutMs?: number } = {}):
  Promise<{ tabId: number; popup: Page }> {
  const tabId = await b.tabIdOf(page);
  await b.clickToolbarButton(page);
  const popup = await b.openPopup(tabId, options);
  const state = await popup.evaluate(() => document.body.dataset.state);
  if (state !== 'ready') throw new Error(`popup: ${await popup.textContent('#error')}`);
  return { tabId, popup };
}

/** A computed style of the first element with `className` inside Winnow's closed shadow root (DevTools protocol). */
export async function shadowComputedStyle(page: Page, className: string, property: string): Promise<string | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    type DomNode = { nodeId: number; nodeName: string; attributes?: string[]; children?: DomNode[]; shadowRoots?: DomNode[] };
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true }) as { root: DomNode };
    const find = (n: DomNode, inUi: boolean): DomNode | null => {
      const attrs = n.attributes ?? [];
      const cls = attrs[attrs.indexOf('class') + 1] ?? '';
      if (inUi && attrs.includes('class') && cls.split(/\s+/).includes(className)) return n;
      for (const c of n.shadowRoots ?? []) {
        const hit = find(c, inUi || n.nodeName === 'WINNOW-UI');
        if (hit) return hit;
      }
      for (const c of n.children ?? []) {
        const hit = find(c, inUi);
        if (hit) return hit;
      }
      return null;
    };
    const node = find(root, false);
    if (!node) return null;
    const { computedStyle } = await cdp.send('CSS.getComputedStyleForNode', { nodeId: node.nodeId }) as
      { computedStyle: Array<{ name: string; value: string }> };
    return computedStyle.find((p) => p.name === property)?.value ?? null;
  } finally {
    await cdp.detach();
  }
}

/**
 * Lays the page out again from scratch (the viewport one pixel narrower, then back). Chromium's first layout of a
 * loaded page can differ from any later one: on kreuzer's tripadvisor.com, 1 load in 8 on a busy machine leaves
 * `#FOOT` (983 px wide, `margin: 0 auto`, a block formatting context that clears floats) at margin 0 until anything
 * lays it out again, when it is centred at 148.5 px. A "before" fingerprint taken after this is the page as any
 * relayout gives it, so "off gives the page back" compares Winnow's change, not the page's first-layout luck.
 */
export async function relayOut(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) return;
  await page.setViewportSize({ width: viewport.width - 1, height: viewport.height });
  await page.setViewportSize(viewport);
}

/**
 * Everything a person could notice about the page: its serialised DOM (without Winnow's own element) and every
 * computed style property of every element in <body>.
 */
export async function pageFingerprint(page: Page): Promise<{ html: string; styles: string[]; names: string[] }> {
  return page.evaluate(() => {
    const clone = document.documentElement.cloneNode(true) as HTMLElement;
    clone.querySelectorAll('winnow-ui').forEach((e) => e.remove());
    const styles: string[] = [];
    const names: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const cs = getComputedStyle(el);
      let s = '';
      for (let k = 0; k < cs.length; k++) s += `${cs[k]}:${cs.getPropertyValue(cs[k])};`;
      styles.push(s);
      names.push(el.localName + (el.id ? `#${el.id}` : '') +
        Array.from(el.classList).slice(0, 3).map((c) => `.${c}`).join(''));
    }
    return { html: clone.outerHTML, styles, names };
  });
}

/**
 * The computed-style properties that differ between two fingerprints of the same DOM, one line each
 * (`div#hero margin-left: 0px → 148.5px`), so a failed "off gives the page back" check says what moved.
 */
export function styleChanges(before: { styles: string[]; names: string[] }, after: { styles: string[] }): string[] {
  const props = (s: string) => new Map(s.split(';').filter(Boolean).map((kv) => {
    const at = kv.indexOf(':');
    return [kv.slice(0, at), kv.slice(at + 1)] as const;
  }));
  const changes: string[] = [];
  after.styles.forEach((s, i) => {
    if (s === before.styles[i]) return;
    const [was, now] = [props(before.styles[i] ?? ''), props(s)];
    for (const [k, v] of now) if (was.get(k) !== v) changes.push(`${before.names[i]} ${k}: ${was.get(k)} → ${v}`);
  });
  return changes;
}
