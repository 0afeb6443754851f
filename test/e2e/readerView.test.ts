// Issue 15, "fix what a person sees today", the reader view on real pages, measured in real Chromium (layout and
// computed style, no screenshots): the top bar stays opaque and on top while the article scrolls under it, a kicker
// keeps its own line above its headline (spiegel.de), and a forum author with an avatar keeps their name (wcxb 0535).
import { describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import { runFromPopup } from './extensionHarness.ts';
import { useExtensionBrowser } from './useExtensionBrowser.ts';

const SPIEGEL = '/kreuzer/www.spiegel.de/www.spiegel.de/international/index.html';
const FORUM = '/wcxb/0535.html';

const { server, b } = useExtensionBrowser();

/** The page in reader mode, chosen from the popup as a person would. */
async function openReader(path: string): Promise<Page> {
  const page = await b.open(server.url(path));
  const { tabId, popup } = await runFromPopup(b, page);
  await popup.check('input[name=mode][value=reader]');
  await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode, { timeout: 20_000 }).toBe('reader');
  await popup.close();
  return page;
}

type DomNode = { nodeId: number; nodeName: string; attributes?: string[]; children?: DomNode[]; shadowRoots?: DomNode[] };

/**
 * Runs `fn` with `this` bound to the reader view's root element, which lives in Winnow's closed shadow root: page
 * scripts cannot reach it, the DevTools protocol can (DOM with `pierce`, then the element resolved in the page).
 */
async function onReader<T>(page: Page, fn: string, arg: unknown = null): Promise<T> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true }) as { root: DomNode };
    const find = (n: DomNode, inUi: boolean): DomNode | null => {
      const attrs = n.attributes ?? [];
      const at = attrs.indexOf('class');
      if (inUi && at >= 0 && attrs[at + 1].split(/\s+/).includes('reader')) return n;
      for (const c of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) {
        const hit = find(c, inUi || n.nodeName === 'WINNOW-UI');
        if (hit) return hit;
      }
      return null;
    };
    const node = find(root, false);
    if (!node) throw new Error('no reader view on the page');
    const { object } = await cdp.send('DOM.resolveNode', { nodeId: node.nodeId }) as { object: { objectId: string } };
    const reply = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId, functionDeclaration: fn, arguments: [{ value: arg }], returnByValue: true,
      awaitPromise: true,
    }) as { result: { value: T }; exceptionDetails?: { exception?: { description?: string } } };
    if (reply.exceptionDetails) throw new Error(reply.exceptionDetails.exception?.description ?? 'reader script failed');
    return reply.result.value;
  } finally {
    await cdp.detach();
  }
}

interface BarCheck {
  scrollTop: number;
  barTop: number;
  background: string;
  /** Per point sampled on the bar: the topmost element there, whether it is the bar's, and whether text lies under. */
  points: Array<{ top: string; inBar: boolean; articleUnder: boolean }>;
}

/**
 * Scrolls the reader to each of `offsets` (px), two frames after each reads the bar's background and, at points across
 * the bar, what is on top there and whether the article's blocks lie under it.
 */
const SCROLL_AND_PROBE_BAR = `async function (offsets) {
  const reader = this;
  const bar = reader.querySelector('.bar');
  const article = reader.querySelector('article');
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const name = (e) => e ? e.localName + (e.className ? '.' + String(e.className).split(' ').join('.') : '') : 'nothing';
  const probes = [];
  for (const y of offsets) {
    reader.scrollTop = y;
    await frame();
    await frame();
    const r = bar.getBoundingClientRect();
    const a = article.getBoundingClientRect();
    const points = [];
    for (const x of [r.left + r.width / 2, Math.max(r.left + 5, a.left + 30), Math.min(r.right - 5, a.right - 30)]) {
      for (const yy of [r.top + 3, r.top + r.height / 2, r.bottom - 3]) {
        const stack = reader.getRootNode().elementsFromPoint(x, yy);
        points.push({
          top: name(stack[0]),
          inBar: !!stack[0] && bar.contains(stack[0]),
          articleUnder: stack.some((e) => e !== article && article.contains(e)),
        });
      }
    }
    probes.push({ scrollTop: reader.scrollTop, barTop: r.top, background: getComputedStyle(bar).backgroundColor, points });
  }
  return probes;
}`;

/** Alpha and relative luminance (0 black … 1 white) of a computed `rgb()`/`rgba()` colour. */
function colour(css: string): { alpha: number; luminance: number } {
  const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(css);
  if (!m) throw new Error(`not a colour: ${css}`);
  const [r, g, b] = [m[1], m[2], m[3]].map((v) => +v / 255);
  return { alpha: m[4] === undefined ? 1 : +m[4], luminance: 0.2126 * r + 0.7152 * g + 0.0722 * b };
}

describe('reader view on real pages', () => {
  it('keeps its top bar opaque and above the article while it scrolls, in light, dark and auto, wide and narrow',
    async () => {
      const page = await openReader(SPIEGEL);
      const clickThemeButton = () => onReader(page, 'function () { this.querySelector(".bar button").click(); }');
      const className = () => onReader<string>(page, 'function () { return this.className; }');
      // [what the system prefers, clicks on the theme button before the check, the look expected]
      const cases: Array<[('light' | 'dark'), number, 'light' | 'dark']> = [
        ['light', 0, 'light'], // auto, following a light system
        ['dark', 0, 'dark'], // auto, following a dark system
        ['dark', 1, 'light'], // chosen light on a dark system
        ['light', 1, 'dark'], // chosen dark again (the button offers the opposite of what is on screen)
      ];
      for (const [scheme, clicks, look] of cases) {
        await page.emulateMedia({ colorScheme: scheme });
        for (let k = 0; k < clicks; k++) await clickThemeButton();
        for (const width of [1280, 480]) {
          await page.setViewportSize({ width, height: 800 });
          const label = `${width} px, system ${scheme}, reader ${await className()}`;
          // Twenty offsets a little under a screen apart: text, headings and pictures all pass under the bar.
          const offsets = Array.from({ length: 20 }, (_, k) => 300 + 613 * k);
          const probes = await onReader<BarCheck[]>(page, SCROLL_AND_PROBE_BAR, offsets);
          expect(probes[probes.length - 1].scrollTop, label).toBeGreaterThan(5000); // a long page, scrolled far
          for (const probe of probes) {
            const at = `${label}, scrolled ${probe.scrollTop} px`;
            expect(Math.abs(probe.barTop), at).toBeLessThan(1); // the bar stays at the top
            const { alpha, luminance } = colour(probe.background);
            expect(alpha, `${at}: bar background ${probe.background}`).toBe(1);
            expect(luminance > 0.5 ? 'light' : 'dark', `${at}: bar background ${probe.background}`).toBe(look);
            // The bar is what is drawn (and clicked) wherever it is, whatever has scrolled under it.
            expect(probe.points.filter((p) => !p.inBar).map((p) => p.top), at).toEqual([]);
          }
          // The check means something: the article's blocks were under the bar at most of the offsets.
          expect(probes.filter((p) => p.points.some((x) => x.articleUnder)).length, label).toBeGreaterThan(10);
        }
      }
      await page.screenshot({ path: '/tmp/winnow-reader-bar.png' });
      await page.close();
    });

  it('shows a kicker on its own small line above its headline, never run into it (spiegel.de)', async () => {
    const page = await b.open(server.url(SPIEGEL));
    // From the page itself: the teasers whose kicker span the site sets on a line of its own, above the headline.
    const teasers = await page.evaluate(() => Array.from(document.querySelectorAll('h2.spArticleHeadlines'))
      .map((h) => [h.querySelector('.spArticleTopic'), h.querySelector('.spArticleHeadline')] as const)
      .filter(([k, t]) => k && t && getComputedStyle(k).display === 'block')
      .map(([k, t]) => ({
        kicker: k!.textContent!.replace(/\s+/g, ' ').trim(),
        headline: t!.textContent!.replace(/\s+/g, ' ').trim(),
      })));
    expect(teasers.length).toBeGreaterThan(5);
    await page.close();
    const reader = await openReader(SPIEGEL);
    const found = await onReader<Array<{ text: string; lines: Array<{ text: string; top: number; bottom: number;
      fontPx: number }> }>>(reader, `function (headlines) {
      const norm = (s) => s.replace(/\\s+/g, ' ').trim();
      const headings = Array.from(this.querySelectorAll('article h1, article h2, article h3'));
      return headlines.map((headline) => {
        const h = headings.find((e) => norm(e.textContent).includes(headline));
        if (!h) return { text: '', lines: [] };
        h.scrollIntoView();
        return {
          text: norm(h.textContent),
          lines: Array.from(h.querySelectorAll('.line')).map((l) => {
            const r = l.getBoundingClientRect();
            return { text: norm(l.textContent), top: r.top, bottom: r.bottom, fontPx: parseFloat(getComputedStyle(l).fontSize) };
          }),
        };
      });
    }`, teasers.map((t) => t.headline));
    const problems: string[] = [];
    teasers.forEach(({ kicker, headline }, k) => {
      const { text, lines } = found[k];
      if (!text) return problems.push(`no heading for "${headline}"`);
      // The words stay apart in the text, kicker first.
      if (text !== `${kicker} ${headline}`) problems.push(`"${text}" is not "${kicker}" then "${headline}"`);
      const [kickerLine, headlineLine] = [lines.find((l) => l.text === kicker), lines.find((l) => l.text === headline)];
      if (!kickerLine || !headlineLine) return problems.push(`"${text}": kicker and headline are not lines of their own`);
      if (kickerLine.bottom > headlineLine.top + 0.5) problems.push(`"${kicker}" is not above "${headline}"`);
      if (kickerLine.fontPx >= headlineLine.fontPx) problems.push(`"${kicker}" is not smaller than "${headline}"`);
    });
    expect(problems).toEqual([]);
    await reader.screenshot({ path: '/tmp/winnow-reader-kicker.png' });
    await reader.close();
  });

  it("keeps each forum author's name, avatar or not (wcxb 0535)", async () => {
    const page = await b.open(server.url(FORUM));
    // From the page's markup: each post's author block, its name and its "Posts: n" line.
    const authors = await page.evaluate(() => Array.from(document.querySelectorAll('dl.postprofile'))
      .map((dl) => ({
        name: dl.querySelector('a.username, .username')?.textContent?.trim() ?? '',
        posts: dl.querySelector('.profile-posts')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        avatar: dl.querySelector('img.avatar') !== null,
      })));
    expect(authors.filter((a) => a.avatar).length).toBeGreaterThan(2);
    await page.close();
    const reader = await openReader(FORUM);
    const text = await onReader<string>(reader,
      'function () { return this.querySelector("article").textContent.replace(/\\s+/g, " "); }');
    // Every author block the reader shows (its "Posts: n" line) carries the author's name right before it.
    const shown = authors.filter((a) => a.posts && text.includes(a.posts));
    expect(shown.length).toBeGreaterThan(authors.length / 2);
    expect(shown.filter((a) => !text.includes(`${a.name} ${a.posts}`)).map((a) => a.name)).toEqual([]);
    await reader.close();
  });
});
