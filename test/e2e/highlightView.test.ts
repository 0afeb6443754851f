// Issue 15, "fix what a person sees today", highlight mode, measured in real Chromium on served pages (geometry and
// computed style of the overlay in Winnow's closed shadow root, read through the DevTools protocol; no screenshots):
// labels never cover the page's text nor each other, tints never add up, and what hide mode removes — a fixed
// cookie banner included — has a box that stays on it while the page scrolls.
import { describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { borderRect, classOf, computedStyle, overlayBoxNodes, type Rect } from './overlayDom.ts';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import { runFromPopup } from './extensionHarness.ts';
import { useExtensionBrowser } from './useExtensionBrowser.ts';


/** One drawn box as the browser lays it out: viewport coordinates, its tint's alpha, its cut-outs, its label. */
interface DrawnBox {
  rect: Rect;
  /** The computed background's alpha: 0 for an outline. */
  tint: number;
  /** Parts cut away by its clip-path (where a fixed element floats over the page), viewport coordinates. */
  holes: Rect[];
  /** The label as laid out, or null when it is not displayed; `fits`: its whole text shows (nothing cut off). */
  label: { rect: Rect; text: string; fits: boolean } | null;
}

const PAGES = {
  spiegel: '/kreuzer/www.spiegel.de/www.spiegel.de/international/index.html',
  drugs: '/kreuzer/www.drugs.com/www.drugs.com/index.html',
  tripadvisor: '/kreuzer/www.tripadvisor.com/www.tripadvisor.com/index.html',
  product: '/wcxb/0598.html',
  article: '/wcxb/0044.html',
};

/** A generated article page with a position:fixed cookie banner, which the reader decision drops as a cookie notice. */
const COOKIE_PAGE = '/generated/cookie-banner.html';

function cookiePage(): string {
  const sentence = (p: number, s: number) => `The harbour ferry number ${p * 10 + s} left the quay at dawn while ` +
    `gulls circled the fish market and the tide turned against the breakwater, said the harbour master.`;
  const paragraphs = Array.from({ length: 14 }, (_, p) =>
    `<p>${Array.from({ length: 5 }, (_, s) => sentence(p, s)).join(' ')}</p>`).join('\n');
  const nav = ['Home', 'News', 'Ferries', 'Weather', 'Contact'].map((s) => `<a href="/${s.toLowerCase()}">${s}</a>`)
    .join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ferries keep running — Quay Times</title>
<style>
  body { margin: 0; font: 17px/1.6 Georgia, serif; color: #222; }
  header { background: #234; color: #fff; padding: 12px 24px; } header a { color: #fff; margin-right: 16px; }
  article { max-width: 720px; margin: 24px auto; padding: 0 24px; }
  footer { background: #eee; padding: 16px 24px; font: 13px sans-serif; }
  #consent { position: fixed; left: 0; right: 0; bottom: 0; z-index: 10; padding: 16px 24px; background: #fff;
    border-top: 1px solid #999; font: 15px sans-serif; }
</style></head><body>
<div id="consent"><p>We use cookies to give you the best experience on our website. Some of them are needed for the
site to work at all, while others help us understand how readers find their way to the stories they care about, which
pages they come back to and which ones they leave at once. We never sell what we learn, and you can change your mind
whenever you like from the settings page linked at the bottom of every page.</p>
<button>Accept all cookies</button> <button>Cookie settings</button></div>
<header><strong>Quay Times</strong> <nav>${nav}</nav></header>
<article><h1>Ferries keep running through the winter storms</h1>${paragraphs}</article>
<footer><a href="/about">About</a> <a href="/privacy">Privacy policy</a> <p>© 2026 Quay Times</p></footer>

</body></html>`;
}

const { server, b } = useExtensionBrowser((s) => {
  s.routes.set(COOKIE_PAGE, { html: cookiePage() });
});

async function openInMode(path: string, mode: RunStatus['mode']): Promise<{ page: Page; popup: Page; tabId: number }> {
  const page = await b.open(server.url(path));
  await page.waitForTimeout(300); // the page's own load-time scripts settle
  const { tabId, popup } = await runFromPopup(b, page);
  await setMode(page, tabId, mode);
  return { page, popup, tabId };
}

async function setMode(page: Page, tabId: number, mode: RunStatus['mode']): Promise<void> {
  await b.content(tabId, 'setMode', { mode });
  await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode, { timeout: 20_000 }).toBe(mode);
  await page.bringToFront();
  await settle(page);
}

/** Two frames: the overlay's drawing after a resize or scroll is done in the next animation frame. */
function settle(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The overlay's boxes (classes "box" in Winnow's closed shadow root) as laid out, through the DevTools protocol. */
async function drawnBoxes(page: Page): Promise<DrawnBox[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const boxes = await overlayBoxNodes(cdp);
    const out: DrawnBox[] = [];
    for (const node of boxes) {
      const rect = await borderRect(cdp, node.nodeId);
      if (!rect) continue;
      const style = await computedStyle(cdp, node.nodeId);
      const labelNode = node.children?.find((c) => classOf(c).includes('label'));
      let label: DrawnBox['label'] = null;
      if (labelNode && (await computedStyle(cdp, labelNode.nodeId)).display !== 'none') {
        const labelRect = await borderRect(cdp, labelNode.nodeId);
        const text = (labelNode.children ?? []).map((c) => c.nodeValue ?? '').join('');
        if (labelRect) label = { rect: labelRect, text, fits: await textFits(cdp, labelNode.nodeId) };
      }
      out.push({ rect, tint: alphaOf(style['background-color']), holes: holesOf(style['clip-path'], rect), label });
    }
    return out;
  } finally {
    await cdp.detach();
  }
}



/** Whether an element's text fits inside it (its overflow is hidden, so text that does not fit is cut off). */
async function textFits(cdp: CDPSession, nodeId: number): Promise<boolean> {
  const { object } = await cdp.send('DOM.resolveNode', { nodeId });
  const { result } = await cdp.send('Runtime.callFunctionOn', {
    objectId: object.objectId!, returnByValue: true,
    functionDeclaration: 'function () { return this.scrollWidth <= this.clientWidth; }',
  });
  return result.value === true;
}

function alphaOf(color: string): number {
  const m = /rgba?\(([^)]*)\)/.exec(color);
  if (!m) return color === 'transparent' ? 0 : 1;
  const parts = m[1].split(/[\s,/]+/).filter(Boolean);
  return parts.length >= 4 ? parseFloat(parts[3]) : 1;
}

/**
 * The rectangles after the first of an evenodd path() clip (the first keeps the box): holes, in viewport coordinates.
 * Each is "M x y, h/H, v/V, h/H, z": the computed value may give the lines as absolute (H, V) or relative (h, v).
 */
function holesOf(clipPath: string | undefined, box: Rect): Rect[] {
  if (!clipPath || clipPath === 'none') return [];
  const n = '(-?[\\d.]+(?:e-?\\d+)?)';
  const pattern = new RegExp(`M\\s*${n}[\\s,]+${n}\\s*([hH])\\s*${n}\\s*([vV])\\s*${n}\\s*[hH]\\s*${n}\\s*[zZ]`, 'g');
  const rects = [...clipPath.matchAll(pattern)].map((m) => {
    const [x, y] = [+m[1], +m[2]];
    const w = m[3] === 'h' ? +m[4] : +m[4] - x;
    const h = m[5] === 'v' ? +m[6] : +m[6] - y;
    return { x: x + box.x, y: y + box.y, w, h };
  });
  if (rects.length === 0) throw new Error(`clip-path not understood: ${clipPath}`);
  return rects.slice(1);
}

/**
 * Rectangles of the page's non-blank text nodes that can be seen (Range.getBoundingClientRect; not under
 * visibility:hidden or opacity:0, which no label can hide) and form controls, viewport coordinates.
 */
function pageTextRects(page: Page): Promise<Array<Rect & { text: string }>> {
  return page.evaluate(() => {
    const out: Array<{ x: number; y: number; w: number; h: number; text: string }> = [];
    const push = (r: DOMRect, text: string) => {
      if (r.width > 0 && r.height > 0) out.push({ x: r.left, y: r.top, w: r.width, h: r.height, text });
    };
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!/\S/.test(n.nodeValue ?? '')) continue;
      if (!n.parentElement?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      range.selectNodeContents(n);
      push(range.getBoundingClientRect(), n.nodeValue!.trim().slice(0, 40));
    }
    for (const el of Array.from(document.body.querySelectorAll('input:not([type=hidden]), select, textarea, button'))) {
      push(el.getBoundingClientRect(), `<${el.localName}>`);
    }
    return out;
  });
}

/** Rectangles overlap by more than half a pixel both ways (edges that touch, or layout's rounding, do not count). */
function overlap(a: Rect, b: Rect): boolean {
  return Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 0.5 &&
    Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0.5;
}

function inside(p: { x: number; y: number }, r: Rect): boolean {
  return p.x >= r.x && p.x < r.x + r.w && p.y >= r.y && p.y < r.y + r.h;
}

/** Covers `target` to within a pixel on every side. */
function covers(box: Rect, target: Rect): boolean {
  return box.x <= target.x + 1 && box.y <= target.y + 1 && box.x + box.w >= target.x + target.w - 1 &&
    box.y + box.h >= target.y + target.h - 1;
}

/** Points of the viewport (every 10 px) where more than one tint is painted, with how many. */
function pointsTintedTwice(boxes: DrawnBox[], viewport: { width: number; height: number }): string[] {
  const tinted = boxes.filter((x) => x.tint > 0);
  const out: string[] = [];
  for (let y = 5; y < viewport.height; y += 10) {
    for (let x = 5; x < viewport.width; x += 10) {
      const p = { x, y };
      const n = tinted.filter((t) => inside(p, t.rect) && !t.holes.some((h) => inside(p, h))).length;
      if (n > 1) out.push(`${x},${y}: ${n}`);
    }
  }
  return out;
}

function labelsOverlapping(boxes: DrawnBox[]): string[] {
  const labels = boxes.flatMap((x) => (x.label ? [x.label] : []));
  const out: string[] = [];
  labels.forEach((a, i) => labels.slice(i + 1).forEach((b) => {
    if (overlap(a.rect, b.rect)) out.push(`"${a.text}" and "${b.text}" at ${a.rect.x},${a.rect.y}`);
  }));
  return out;
}

function viewportOf(page: Page): { width: number; height: number } {
  return page.viewportSize()!;
}

function elementRect(page: Page, selector: string): Promise<Rect> {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  });
}

describe('highlight labels', () => {
  for (const [name, path] of Object.entries(PAGES)) {
    it(`cover no text of the page and no other label (${name})`, async () => {
      const { page, popup } = await openInMode(path, 'highlight');
      const boxes = await drawnBoxes(page);
      const labels = boxes.flatMap((x) => (x.label ? [x.label] : []));
      expect(boxes.length).toBeGreaterThan(0);
      expect(labels.length).toBeGreaterThan(0); // boxes are still named
      const texts = await pageTextRects(page);
      const covered = labels.flatMap((l) => texts.filter((t) => overlap(l.rect, t))
        .map((t) => `"${l.text}" at ${Math.round(l.rect.x)},${Math.round(l.rect.y)} over "${t.text}"`));
      expect(covered).toEqual([]);
      expect(labelsOverlapping(boxes)).toEqual([]);
      expect(labels.filter((l) => !l.fits).map((l) => l.text), 'labels whose text is cut off').toEqual([]);
      await popup.close();
      await page.close();
    });
  }
});

describe('highlight tints', () => {
  it('nested boxes on the product page (wcxb-dev 0598): labels apart, at most one tint on any point', async () => {
    const { page, popup } = await openInMode(PAGES.product, 'highlight');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // The whole page, a screen at a time.
    for (let y = 0; y < height; y += viewportOf(page).height) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await settle(page);
      const boxes = await drawnBoxes(page);
      expect(labelsOverlapping(boxes), `scrolled to ${y}`).toEqual([]);
      expect(pointsTintedTwice(boxes, viewportOf(page)), `scrolled to ${y}`).toEqual([]);
    }
    await popup.close();
    await page.close();
  });
});

describe('highlight shows what hide removes, fixed elements included', () => {
  it('a fixed cookie banner the reader drops has a box that stays on it while scrolling; hide removes it', async () => {
    const { page, popup, tabId } = await openInMode(COOKIE_PAGE, 'highlight');
    for (const top of [0, 900]) {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      await settle(page);
      const banner = await elementRect(page, '#consent');
      const boxes = await drawnBoxes(page);
      expect(boxes.some((x) => covers(x.rect, banner)), `scrolled to ${top}`).toBe(true);
      // Where the banner floats over the page, nothing adds a second tint.
      expect(pointsTintedTwice(boxes, viewportOf(page)), `scrolled to ${top}`).toEqual([]);
    }
    await setMode(page, tabId, 'hide');
    expect(await page.$eval('#consent', (el) => getComputedStyle(el).display)).toBe('none');
    await popup.close();
    await page.close();
  });

  it('a real page (wcxb-dev 0044): the fixed header and consent banner keep their boxes when scrolled', async () => {
    const { page, popup } = await openInMode(PAGES.article, 'highlight');
    for (const top of [0, 2500]) {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      await settle(page);
      const boxes = await drawnBoxes(page);
      for (const selector of ['#header_1-0', '#onetrust-banner-sdk']) {
        const target = await elementRect(page, selector);
        expect(boxes.some((x) => covers(x.rect, target)), `${selector} scrolled to ${top}`).toBe(true);
      }
      expect(pointsTintedTwice(boxes, viewportOf(page)), `scrolled to ${top}`).toEqual([]);
    }
    await popup.close();
    await page.close();
  });
});
