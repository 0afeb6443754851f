// Issue 15, "first, fix what a person sees today", hide mode: no text left unreadable on a bare page because its
// backdrop was hidden, and no blank band where hidden blocks were. Measured in real Chromium on styled and unstyled
// real pages (computed style and layout, no screenshots); "off" still gives the page back exactly.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import { pageFingerprint, relayOut, runFromPopup, styleChanges } from './extensionHarness.ts';
import { useExtensionBrowser } from './useExtensionBrowser.ts';

/** kreuzer-popular's tripadvisor.com (mapping.txt: http://www.tripadvisor.com/), served with its CSS and images. */
const TRIPADVISOR = '/kreuzer/www.tripadvisor.com/www.tripadvisor.com/index.html';
/** Its hero heading: white, set on a photo that is an absolutely positioned <img> beside it in the tree. */
const HERO_HEADING = '#PPT h1.ppt_header';
/** wcxb-dev 0044 (an Investopedia article): its content is pushed below three fixed bars by a top margin. */
const ARTICLE = '/wcxb/0044.html';
/** kreuzer-popular's whitehouse.gov: boxes that hold only what hide mode hides. */
const WHITEHOUSE = '/kreuzer/www.whitehouse.gov/www.whitehouse.gov/index.html';
/** kreuzer-popular's uefa.com: containers with a min-height (700 px, 425 px) around what hide mode hides. */
const UEFA = '/kreuzer/www.uefa.com/www.uefa.com/index.html';

/**
 * A blank band is room above a content item (a text node's lines, a picture, a form control, a background picture
 * without text)
 * with no other content beside it: the item's top minus the lowest bottom of the items that start above it (the page's
 * top for the first). Hide mode may keep the page's own bands (its spacing), but must not make one taller than this
 * (CSS px) that the page did not have: about five lines of text, less than any hidden header or banner.
 */
const BAND_PX = 120;
/** Rounding, and the page's own spacing changing by a line or so when a neighbour goes. */
const BAND_TOLERANCE_PX = 20;

const { server, b } = useExtensionBrowser();

interface Item {
  id: number;
  top: number;
  bottom: number;
  what: string;
  above: number;
}

/** The page's visible content items in document coordinates, each with the blank band above it (see BAND_PX). */
function contentItems(page: Page): Promise<Item[]> {
  return page.evaluate(() => {
    const items: Item[] = [];
    const seen = (el: Element) => {
      const cs = getComputedStyle(el);
      return cs.visibility === 'visible' && cs.opacity !== '0';
    };
    const add = (id: number, rects: DOMRect[], what: string) => {
      const boxes = rects.filter((q) => q.width > 0 && q.height > 0);
      if (boxes.length === 0) return;
      const top = Math.min(...boxes.map((q) => q.top)) + window.scrollY;
      const bottom = Math.max(...boxes.map((q) => q.bottom)) + window.scrollY;
      items.push({ id, top, bottom, what, above: 0 });
    };
    // Ids are positions in document order: the DOM is the same in every mode (hide mode only sets styles).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    let id = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode(), id++) {
      if (n.nodeType === Node.TEXT_NODE) {
        const el = n.parentElement;
        const text = (n as Text).data.trim();
        if (!text || !el || el.closest('winnow-ui, script, style, noscript, template') || !seen(el)) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        add(id, Array.from(range.getClientRects()), text.slice(0, 40));
        continue;
      }
      const el = n as Element;
      if (el.closest('winnow-ui') || !seen(el)) continue;
      const picture = /^(img|video|canvas|svg|iframe|input|select|textarea|button)$/.test(el.localName);
      const r = el.getBoundingClientRect();
      // A background picture without text on it is a picture (a banner, a slide); one under text is the text's panel,
      // and the text is the content.
      const backgroundPicture = getComputedStyle(el).backgroundImage.startsWith('url(') &&
        !(el as HTMLElement).innerText?.trim();
      if ((picture || backgroundPicture) && r.width > 8 && r.height > 8) add(id, [r], `<${el.localName}>`);
    }
    items.sort((a, c) => a.top - c.top || a.bottom - c.bottom);
    let lowest = 0;
    for (const item of items) {
      item.above = Math.max(0, item.top - lowest);
      lowest = Math.max(lowest, item.bottom);
    }
    return items;
  });
}

/** Bands in hide mode taller than BAND_PX that the same item did not have above it in the page as it was. */
function newBands(off: Item[], hide: Item[]): string[] {
  const before = new Map(off.map((i) => [i.id, i.above]));
  return hide.filter((i) => i.above > Math.max(BAND_PX, (before.get(i.id) ?? 0) + BAND_TOLERANCE_PX))
    .map((i) => `${Math.round(i.above)} px blank above ${JSON.stringify(i.what)} at y = ${Math.round(i.top)} ` +
      `(${Math.round(before.get(i.id) ?? NaN)} px before)`);
}

/**
 * Elements that are laid out (a box at least 40 × 40 px) but hold nothing a person can see — no text, no picture or
 * form control, no background picture — each by its position in `document.body.querySelectorAll('*')`, with its size.
 */
function emptyBoxes(page: Page): Promise<Map<number, string>> {
  return page.evaluate(() => {
    const all = Array.from(document.body.querySelectorAll('*'));
    const index = new Map(all.map((e, i) => [e, i]));
    const holds = new Uint8Array(all.length);
    const laidOut = (e: Element) => e.getClientRects().length > 0;
    all.forEach((e, i) => {
      if (e.closest('winnow-ui') || !laidOut(e) || getComputedStyle(e).visibility !== 'visible') return;
      const r = e.getBoundingClientRect();
      const picture = /^(img|video|canvas|svg|iframe|input|select|textarea|button|picture|audio)$/.test(e.localName);
      const text = Array.from(e.childNodes).some((c) => c.nodeType === Node.TEXT_NODE && (c as Text).data.trim());
      const background = getComputedStyle(e).backgroundImage !== 'none';
      if (text || background || (picture && r.width * r.height > 0)) {
        // What it holds, every laid-out ancestor holds too.
        for (let a: Element | null = e; a && a !== document.body; a = a.parentElement) holds[index.get(a)!] = 1;
      }
    });
    const out: Array<[number, string]> = [];
    all.forEach((e, i) => {
      if (holds[i] || e.closest('winnow-ui') || !laidOut(e)) return;
      const r = e.getBoundingClientRect();
      const size = `${Math.round(r.width)} × ${Math.round(r.height)}`;
      if (r.width >= 40 && r.height >= 40) out.push([i, `${e.localName}.${e.className} ${size}`]);
    });
    return out;
  }).then((pairs) => new Map(pairs));
}

/**
 * What is painted right behind the middle of the element, for a reader of its text: the first thing under its
 * glyphs, going down the stack of boxes at that point (the element's own background included), that paints — a
 * picture, a background image, or a background colour; the page's canvas colour when nothing does. With the
 * element's text colour.
 */
function backdropOf(page: Page, selector: string):
  Promise<{ text: string; backdrop: { picture: string } | { colour: string } }> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    const stack = document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const text = getComputedStyle(el).color;
    const opaque = (c: string) => c !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(c);
    for (const e of stack.slice(Math.max(0, stack.indexOf(el)))) {
      if (e !== el && el.contains(e)) continue;
      if (/^(img|video|canvas|picture|svg)$/.test(e.localName)) return { text, backdrop: { picture: e.localName } };
      const cs = getComputedStyle(e);
      if (cs.backgroundImage !== 'none') return { text, backdrop: { picture: `background of ${e.localName}` } };
      if (opaque(cs.backgroundColor)) return { text, backdrop: { colour: cs.backgroundColor } };
    }
    const canvas = [document.documentElement, document.body].map((e) => getComputedStyle(e).backgroundColor).find(opaque);
    return { text, backdrop: { colour: canvas ?? 'rgb(255, 255, 255)' } };
  }, selector);
}

/** WCAG 2 contrast ratio of two opaque CSS colours (rgb() / rgba() as computed styles give them). */
function contrast(a: string, b: string): number {
  const luminance = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

async function setMode(tabId: number, mode: RunStatus['mode']): Promise<void> {
  await b.content(tabId, 'setMode', { mode });
  await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode, { timeout: 20_000 }).toBe(mode);
}

/** The page with Winnow run on it from the popup, in "off" first, and the page's fingerprint before anything. */
async function openRun(path: string) {
  const page = await b.open(server.url(path));
  // Pictures loading late change their boxes (and so the computed styles compared after "off"): wait for the page's
  // requests to end, then for its own load-time scripts to settle.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(300);
  await relayOut(page);
  const before = await pageFingerprint(page);
  const { tabId, popup } = await runFromPopup(b, page);
  await setMode(tabId, 'off');
  return { page, popup, tabId, before };
}

/**
 * "Off" gives the page back: the same DOM, every style attribute as it was, and (unless `layoutStable` is false) the
 * same computed style on every element.
 */
async function expectRestored(page: Page, tabId: number, before: Awaited<ReturnType<typeof pageFingerprint>>,
  layoutStable = true) {
  await setMode(tabId, 'off');
  const after = await pageFingerprint(page);
  expect(after.html).toBe(before.html);
  expect(after.styles.length).toBe(before.styles.length);
  if (layoutStable) expect(styleChanges(before, after)).toEqual([]);
}

describe('hide mode leaves nothing a person cannot read or use', () => {
  it('keeps the photo a kept heading is set on, so the white heading is not left on the white page (tripadvisor)', async () => {
    const { page, popup, tabId, before } = await openRun(TRIPADVISOR);
    // As the site made it: the heading is white, on its photo.
    const off = await backdropOf(page, HERO_HEADING);
    expect(off.backdrop).toEqual({ picture: 'img' });
    await setMode(tabId, 'hide');
    const hidden = await backdropOf(page, HERO_HEADING);
    // Readable: on a picture, or on a colour with WCAG contrast of at least 3 (large text).
    if ('colour' in hidden.backdrop) expect(contrast(hidden.text, hidden.backdrop.colour)).toBeGreaterThanOrEqual(3);
    else expect(hidden.backdrop.picture).toBe('img');
    await expectRestored(page, tabId, before);
    await popup.close();
    await page.close();
  });

  it('hides the boxes it emptied instead of leaving them on the page (whitehouse.gov)', async () => {
    // kreuzer-popular's whitehouse.gov front page: hide mode keeps the hero, and emptied a panel laid over its photo
    // (a white box with a red rule) and the columns under it.
    const { page, popup, tabId, before } = await openRun(WHITEHOUSE);
    const emptyBefore = await emptyBoxes(page);
    await setMode(tabId, 'hide');
    const emptied = [...(await emptyBoxes(page))].filter(([i]) => !emptyBefore.has(i)).map(([, what]) => what);
    expect(emptied).toEqual([]);
    await expectRestored(page, tabId, before);
    await popup.close();
    await page.close();
  });

  // uefa.com's header menu (`.hdr-channels`, margin: auto) is laid out 130 px to the side after any hide and "off",
  // with or without these fixes and with its style attribute untouched: a layout the page does not come back to by
  // itself, not a style left behind, so there only the DOM and style attributes are compared.
  for (const [name, path, layoutStable] of [['tripadvisor', TRIPADVISOR, true], ['wcxb-dev 0044', ARTICLE, true],
    ['uefa', UEFA, false]] as const) {
    it(`leaves no blank band where hidden blocks were (${name})`, async () => {
      const { page, popup, tabId, before } = await openRun(path);
      const off = await contentItems(page);
      await setMode(tabId, 'hide');
      const hide = await contentItems(page);
      expect(hide.length).toBeGreaterThan(0);
      expect(hide.length).toBeLessThan(off.length); // hide mode did hide something
      expect(newBands(off, hide)).toEqual([]);
      await expectRestored(page, tabId, before, layoutStable);
      await popup.close();
      await page.close();
    });
  }
});
