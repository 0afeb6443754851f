import puppeteer, { type Browser, type Page, type Target } from 'puppeteer-core';
import type { Page as PlaywrightPage } from 'playwright-core';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { VIEWPORT } from '../../src/cli/browser/chromium.ts';
import { REPO_ROOT } from '../../src/cli/datasets/dataPaths.ts';
import type { RunStatus } from '../../extension/shared/runStatus.ts';

/**
 * Firefox ESR with the built Firefox extension (`npm run build:firefox` → dist-firefox/), driven over WebDriver BiDi
 * by puppeteer-core. WINNOW_FIREFOX_DIST names another build folder, WINNOW_FIREFOX another Firefox binary (Debian's
 * firefox-esr by default; nothing here ever downloads a browser); WINNOW_FIREFOX_LOG=1 prints Firefox's own output.
 *
 * How a test reaches the extension without a toolbar click (headless Firefox has no toolbar to click):
 * - **Run**: the extension's keyboard command (Alt+Shift+W, manifest `commands`), pressed in the browser window, as a
 *   person does. Firefox grants activeTab for an extension's own command, so the background injects the content
 *   script exactly as after a toolbar click. The key press is a trusted KeyboardEvent dispatched in the browser
 *   window (browser.xhtml): key events sent over BiDi's `input.performActions` are synthesized inside the page's
 *   content process and never reach the browser window's shortcut handlers.
 * - **The popup**: the extension's popup page, told its tab (`popup.html?tab=N`) as the Chromium tests tell it, in a
 *   window the extension opens (`windows.create` from one of its pages): BiDi refuses to navigate a tab to a
 *   moz-extension: URL ("not allowed in this context").
 * - **The context menu**: a right click on the page opens Firefox's menu; its Winnow item is picked there.
 * - **Messages** (`content`): `tabs.sendMessage` from an extension page, as the popup sends them.
 * The browser window (its key handlers, its context menu, its download list) and a first extension page are reached
 * through BiDi's privileged ("chrome") scope, which Firefox opens only when started with
 * MOZ_REMOTE_ALLOW_SYSTEM_ACCESS; the shipped extension has no test-only entry point.
 */
export const FIREFOX_DIST = resolve(REPO_ROOT, process.env.WINNOW_FIREFOX_DIST || 'dist-firefox');
const FIREFOX_PATH = process.env.WINNOW_FIREFOX || '/usr/bin/firefox-esr';
/** The moz-extension: host of the installed extension, fixed by pref so tests can name its pages. */
const EXTENSION_UUID = '5e0c1f2a-7d43-4b8e-9a61-3c2d8f4b7e10';
const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}`;
/** A page of the extension with nothing of its own to do; kept in a background tab to send messages from. */
const CONTROL_PAGE = 'extension/worker/worker-host.html';

/** A Chromium-harness helper that only calls `page.evaluate(fn)` accepts a puppeteer page as well. */
export function asEvaluator(page: Page): PlaywrightPage {
  return page as unknown as PlaywrightPage;
}

/**
 * Every request Firefox sends to anything but 127.0.0.1, recorded and refused: Firefox is told to use this as its
 * HTTP and HTTPS proxy, and never proxies 127.0.0.1 (`network.proxy.allow_hijacking_localhost` is false). It sees the
 * background page's, the worker's and Firefox's own requests too, which no per-page event would.
 */
class ForeignRequestTrap {
  readonly requests: string[] = [];
  /** Firefox's own remote-settings requests, pointed here (see `start`). */
  readonly firefoxOwn: string[] = [];
  port = 0;
  private server!: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      // A proxied request names its whole URL; a direct one (Firefox's own remote settings, sent here) a path.
      (req.url?.startsWith('/') ? this.firefoxOwn : this.requests).push(req.url ?? '');
      res.writeHead(req.url?.startsWith('/') ? 404 : 502).end();
    });
    this.server.on('connect', (req, socket) => {
      this.requests.push(`https://${req.url}`);
      socket.destroy();
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no proxy address');
    this.port = address.port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => this.server?.close(() => r()));
  }
}

/** The raw BiDi connection under puppeteer (not in its public types; there is exactly one implementation). */
interface BidiConnection {
  send(method: string, params: object): Promise<{ result: any }>;
}

export class FirefoxExtensionBrowser {
  browser!: Browser;
  addonId = '';
  /** Requests to anything but 127.0.0.1 (refused), in order. */
  get foreignRequests(): readonly string[] {
    return this.trap.requests;
  }
  readonly downloads = mkdtempSync(join(tmpdir(), 'winnow-firefox-downloads-'));
  private readonly trap = new ForeignRequestTrap();
  private control!: Page;
  private chromeContext = '';
  private shortcut = { key: '', modifiers: [] as string[] };

  async start(): Promise<void> {
    const manifestFile = join(FIREFOX_DIST, 'manifest.json');
    if (!existsSync(manifestFile)) {
      throw new Error(`no built Firefox extension in ${FIREFOX_DIST}: run 'npm run build:firefox' first (npm test does)`);
    }
    if (!existsSync(FIREFOX_PATH)) {
      throw new Error(`Firefox not found at ${FIREFOX_PATH}: install it (apt-get install -y firefox-esr) or set WINNOW_FIREFOX`);
    }
    this.addonId = JSON.parse(readFileSync(manifestFile, 'utf8')).browser_specific_settings.gecko.id;
    await this.trap.start();
    this.browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      dumpio: process.env.WINNOW_FIREFOX_LOG === '1',
      defaultViewport: VIEWPORT,
      // MOZ_REMOTE_SETTINGS_DEVTOOLS lets the pref below point Firefox's own remote settings (blocklists, CRLite…,
      // synced at startup) at 127.0.0.1, so they neither leave the machine nor hide what the extension sends.
      env: { ...process.env, MOZ_REMOTE_ALLOW_SYSTEM_ACCESS: '1', MOZ_REMOTE_SETTINGS_DEVTOOLS: '1' },
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [this.addonId]: EXTENSION_UUID }),
        'services.settings.server': `http://127.0.0.1:${this.trap.port}/firefox-remote-settings/v1`,
        'network.proxy.type': 1,
        'network.proxy.http': '127.0.0.1',
        'network.proxy.http_port': this.trap.port,
        'network.proxy.ssl': '127.0.0.1',
        'network.proxy.ssl_port': this.trap.port,
        'network.proxy.no_proxies_on': '',
        'network.proxy.allow_hijacking_localhost': false,
        // The popup's "always run here" asks for the site's permission: granted as a person's "Allow" would.
        'extensions.webextOptionalPermissionPrompts': false,
        // Downloads (the popup's exports) go straight to a folder of ours, without a dialog.
        'browser.download.folderList': 2,
        'browser.download.dir': this.downloads,
        'browser.download.useDownloadDir': true,
        'browser.download.always_ask_before_handling_new_types': false,
        'browser.download.start_downloads_in_tmp_dir': false,
      },
    });
    const installed = await this.browser.installExtension(FIREFOX_DIST);
    if (installed !== this.addonId) throw new Error(`installed ${installed}, expected ${this.addonId}`);
    const { result } = await this.bidi().send('browsingContext.getTree', { 'moz:scope': 'chrome' });
    const window = result.contexts.find((c: { url: string }) => c.url === 'chrome://browser/content/browser.xhtml');
    if (!window) throw new Error('no browser window in the chrome scope (is MOZ_REMOTE_ALLOW_SYSTEM_ACCESS honoured?)');
    this.chromeContext = window.context;
    this.shortcut = await this.registeredShortcut();
    this.control = await this.openControlPage();
  }

  async stop(): Promise<void> {
    await this.browser?.close();
    await this.trap.stop();
    rmSync(this.downloads, { recursive: true, force: true });
  }

  async open(url: string): Promise<Page> {
    const page = await this.browser.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    return page;
  }

  /**
   * Presses the extension's keyboard command (as Firefox registered it from the manifest) with the page in front,
   * and waits until the run it starts has put the page on screen. Answers the page's tab id.
   */
  async runByShortcut(page: Page): Promise<number> {
    await page.bringToFront();
    const { key, modifiers } = this.shortcut;
    await this.chrome(`(() => {
      const init = { key: ${JSON.stringify(key)}, code: 'Key' + ${JSON.stringify(key.toUpperCase())},
        keyCode: ${key.toUpperCase().charCodeAt(0)}, bubbles: true, cancelable: true, composed: true,
        altKey: ${modifiers.includes('alt')}, shiftKey: ${modifiers.includes('shift')},
        ctrlKey: ${modifiers.includes('control')}, metaKey: ${modifiers.includes('meta')} };
      // Not at the focused element: events aimed at a remote <browser> wait for the page's process to answer first.
      const target = document.documentElement;
      for (const type of ['keydown', 'keypress', 'keyup']) {
        target.dispatchEvent(new KeyboardEvent(type, type === 'keypress' ? { ...init, charCode: init.keyCode, keyCode: 0 } : init));
      }
    })()`);
    return this.waitForRun(page);
  }

  /**
   * Waits until Winnow has run on the page (by a command, a menu, or by itself) and put it on screen; answers the
   * page's tab id: the active tab whose address the extension may read (Firefox shows a tab's URL to an extension
   * without the "tabs" permission only where it has host access: the activeTab grant of a command or menu click, or
   * a site permission).
   */
  async waitForRun(page: Page, timeoutMs = 30_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const tabId = await this.control.evaluate(async (url) => {
        const tabs = await (globalThis as any).browser.tabs.query({ active: true });
        return Math.max(-1, ...tabs.filter((t: { url?: string }) => t.url === url).map((t: { id: number }) => t.id));
      }, page.url());
      const status = tabId < 0 ? null : await this.content<RunStatus | null>(tabId, 'status').catch(() => null);
      if (status?.shownAtEpochMs) return tabId;
      if (Date.now() > deadline) throw new Error(`Winnow did not run on ${page.url()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * Right-clicks the page and picks the extension's context menu item `id` (as `contextMenus.create` named it) from
   * Firefox's menu, which answers with the item's label.
   */
  async pickFromContextMenu(page: Page, id: string): Promise<string> {
    await page.bringToFront();
    // A point on the page itself: over a link, a picture or a field the menu is the link's, picture's or field's.
    const point = await page.evaluate(() => {
      for (let y = 40; y < innerHeight; y += 40) {
        for (let x = 40; x < innerWidth; x += 40) {
          const el = document.elementFromPoint(x, y);
          if (el && !el.closest('a, img, picture, video, audio, canvas, iframe, input, textarea, select, [contenteditable]')) return { x, y };
        }
      }
      return null;
    });
    if (!point) throw new Error(`no plain point to right-click on ${page.url()}`);
    await page.mouse.click(point.x, point.y, { button: 'right' });
    const deadline = Date.now() + 10_000;
    while (await this.chrome(`document.getElementById('contentAreaContextMenu').state`) !== 'open') {
      if (Date.now() > deadline) throw new Error('the context menu did not open');
      await new Promise((r) => setTimeout(r, 50));
    }
    return await this.chrome(`(() => {
      const menu = document.getElementById('contentAreaContextMenu');
      const item = menu.querySelector(${JSON.stringify(`menuitem[id$="-menuitem-_${id}"]`)});
      if (item) item.doCommand();
      menu.hidePopup();
      return item?.label ?? '';
    })()`) as string;
  }

  /**
   * Stops the extension's background page, as Firefox does by itself once an event page has been idle for 30 s
   * (about:debugging's "Terminate background script" does the same). Answers its state afterwards.
   */
  async terminateBackground(): Promise<string> {
    return await this.chrome(`(async () => {
      const extension = WebExtensionPolicy.getByID(${JSON.stringify(this.addonId)}).extension;
      await extension.terminateBackground({ ignoreDevToolsAttached: true });
      return extension.backgroundState;
    })()`) as string;
  }

  /** The background page's state: starting, running, suspending or stopped. */
  async backgroundState(): Promise<string> {
    return await this.chrome(`WebExtensionPolicy.getByID(${JSON.stringify(this.addonId)}).extension.backgroundState`) as string;
  }

  /**
   * The popup in a window of its own, told which tab it is for, opened by the extension (`windows.create`). Its own
   * window, not a tab beside the page: Firefox gives a background tab no animation frames and clamps its timers to
   * a second, so the page would wait on the popup's tab the way it never does under the real popup panel.
   */
  async openPopup(tabId: number): Promise<Page> {
    const popup = await this.openByExtension(`extension/popup/popup.html?tab=${tabId}`);
    await popup.waitForSelector('body[data-state]', { timeout: 15_000 });
    return popup;
  }

  /** A typed request to the tab's content script, sent from an extension page as the popup would. */
  async content<T = unknown>(tabId: number, type: string, payload: unknown = {}): Promise<T> {
    const reply = await this.control.evaluate(
      (id, msg) => (globalThis as any).browser.tabs.sendMessage(id, msg, { frameId: 0 }),
      tabId, { ns: 'winnow/content', type, payload },
    ) as { ok: boolean; value?: T; error?: string } | undefined;
    if (!reply) throw new Error(`no answer to content/${type}`);
    if (!reply.ok) throw new Error(reply.error);
    return reply.value as T;
  }

  /** The status, polled until `done` holds (the popup's requests are answered asynchronously). */
  async statusWhen(tabId: number, done: (s: RunStatus) => boolean, timeoutMs = 20_000): Promise<RunStatus> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.content<RunStatus | null>(tabId, 'status');
      if (status && done(status)) return status;
      if (Date.now() > deadline) throw new Error(`status never matched; last: ${JSON.stringify(status)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * The HTML inside Winnow's closed shadow root. Page scripts (and puppeteer's selectors) cannot see into a closed
   * root; BiDi hands out a reference to it when asked to serialise shadow trees (`includeShadowTree: 'all'`).
   */
  async shadowHtml(page: Page): Promise<string> {
    return this.inShadowRoot(page, 'root => Array.from(root.children, (c) => c.outerHTML).join("\\n")', '');
  }

  /** A computed style of the first element with `className` inside Winnow's closed shadow root. */
  async shadowComputedStyle(page: Page, className: string, property: string): Promise<string | null> {
    return this.inShadowRoot(page, `root => {
      const el = root.querySelector(${JSON.stringify(`.${className}`)});
      return el ? getComputedStyle(el).getPropertyValue(${JSON.stringify(property)}) : null;
    }`, null);
  }

  /**
   * Does `action` and waits for the download, new since, whose file name matches, until Firefox says it succeeded
   * (the file is on disk, empty, before its data is: its size says nothing); answers its path.
   */
  async download(name: RegExp, action: () => Promise<unknown>, timeoutMs = 15_000): Promise<string> {
    const before = new Set(await this.finishedDownloads());
    await action();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const file = (await this.finishedDownloads()).find((f) => !before.has(f) && name.test(basename(f)));
      if (file) return file;
      if (Date.now() > deadline) throw new Error(`no new download matching ${name} in ${this.downloads}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The paths of the downloads Firefox finished, from its own download list. */
  private async finishedDownloads(): Promise<string[]> {
    return JSON.parse(await this.chrome(`(async () => {
      const { Downloads } = ChromeUtils.importESModule('resource://gre/modules/Downloads.sys.mjs');
      const list = await Downloads.getList(Downloads.ALL);
      return JSON.stringify((await list.getAll()).filter((d) => d.succeeded).map((d) => d.target.path));
    })()`) as string) as string[];
  }

  private async inShadowRoot<T>(page: Page, fn: string, none: T): Promise<T> {
    const context = bidiContextOf(page);
    const { result } = await this.bidi().send('script.evaluate', {
      expression: 'document.querySelector("winnow-ui")',
      target: { context },
      awaitPromise: false,
      serializationOptions: { maxDomDepth: 0, includeShadowTree: 'all' },
    });
    if (result.type !== 'success') throw new Error(`reading winnow-ui: ${JSON.stringify(result)}`);
    const shadow = result.result.value?.shadowRoot;
    if (!shadow) return none;
    const call = await this.bidi().send('script.callFunction', {
      functionDeclaration: fn,
      arguments: [{ sharedId: shadow.sharedId }],
      target: { context },
      awaitPromise: false,
    });
    if (call.result.type !== 'success') throw new Error(`inside winnow-ui: ${JSON.stringify(call.result)}`);
    const value = call.result.result;
    return (value.type === 'null' ? null : value.value) as T;
  }

  /** The command's key as Firefox registered it: a <key> in the extension's keyset of the browser window. */
  private async registeredShortcut(): Promise<{ key: string; modifiers: string[] }> {
    const keyset = `ext-keyset-id-${this.addonId.replace(/[^a-z0-9_-]/gi, '_')}`;
    const deadline = Date.now() + 15_000;
    for (;;) {
      // The keyset is filled once the background has started.
      const found = await this.chrome(`(() => {
        const key = document.getElementById(${JSON.stringify(keyset)})?.firstElementChild;
        return key ? key.getAttribute('key') + '|' + key.getAttribute('modifiers') : '';
      })()`) as string;
      if (found) {
        const [key, modifiers] = found.split('|');
        return { key, modifiers: modifiers.split(',') };
      }
      if (Date.now() > deadline) throw new Error(`Firefox registered no keyboard command (${keyset})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The first extension page, opened from the browser window in a background tab. */
  private async openControlPage(): Promise<Page> {
    const url = `${EXTENSION_ORIGIN}/${CONTROL_PAGE}`;
    // Right after the add-on is installed, a tab added from the browser window sometimes never shows up as a target
    // (several starts in a dozen here, before and after 30ba30d): a tab added again a few seconds later does.
    const page = await this.newPage(url, () => this.chrome(`void gBrowser.addTab(${JSON.stringify(url)}, {
      triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal(), inBackground: true })`), 3);
    await page.waitForFunction(() => typeof (globalThis as any).browser?.tabs?.sendMessage === 'function');
    return page;
  }

  /** An extension page the extension opens itself, in a window of its own (`windows.create`). */
  private async openByExtension(path: string): Promise<Page> {
    const url = `${EXTENSION_ORIGIN}/${path}`;
    return this.newPage(url, () => this.control.evaluate((u) => (globalThis as any).browser.windows.create({ url: u }).then(() => {}), url));
  }

  /**
   * The page of the tab that `open` opens on `url`, once its document has loaded. Firefox sends BiDi no navigation
   * events for a moz-extension: document, so puppeteer keeps the tab's first URL (about:blank): the tab is the new
   * target, and its document says where it is.
   */
  private async newPage(url: string, open: () => Promise<unknown>, attempts = 1): Promise<Page> {
    let target: Target | null = null;
    for (let attempt = 1; !target; attempt++) {
      const known = new Set(this.browser.targets());
      const created = this.browser.waitForTarget((t) => t.type() === 'page' && !known.has(t),
        { timeout: attempt < attempts ? 5_000 : 15_000 });
      await open();
      target = await created.catch((e: Error) => {
        if (attempt < attempts) return null;
        throw new Error(`no tab appeared for ${url} (${attempts} tries): ${e.message}`);
      });
    }
    const page = await target.page();
    if (!page) throw new Error(`no page handle for ${url}`);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const at = await page.evaluate(() => document.readyState === 'complete' ? location.href : '').catch(() => '');
      if (at === url) return page;
      if (Date.now() > deadline) throw new Error(`${url} did not load (the tab shows ${at || 'nothing yet'})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Evaluates an expression in the browser window (privileged scope); answers a string, number or boolean result. */
  private async chrome(expression: string): Promise<unknown> {
    const { result } = await this.bidi().send('script.evaluate', {
      expression, target: { context: this.chromeContext }, awaitPromise: true,
    });
    if (result.type !== 'success') throw new Error(`browser window: ${JSON.stringify(result.exceptionDetails?.text)}`);
    return result.result.value;
  }

  private bidi(): BidiConnection {
    return (this.browser as unknown as { connection: BidiConnection }).connection;
  }
}

/** A puppeteer page's BiDi browsing context id (its main frame's `_id`; not in puppeteer's public types). */
function bidiContextOf(page: Page): string {
  const id = (page.mainFrame() as unknown as { _id?: unknown })._id;
  if (typeof id !== 'string') throw new Error('no BiDi context id for the page');
  return id;
}

/**
 * Lays the page out again from scratch (the viewport one pixel narrower, then back), as the Chromium harness's
 * relayOut does: a "before" fingerprint taken after it compares Winnow's change, not the first layout's luck.
 */
export async function relayOut(page: Page): Promise<void> {
  const viewport = page.viewport();
  if (!viewport) return;
  await page.setViewport({ ...viewport, width: viewport.width - 1 });
  await page.setViewport(viewport);
}
