// Issue 13, "hide leaves the content whole": on real pages, highlight does not tint the headline, the lead picture
// and the body as template, hide mode keeps them on screen (measured in real Chromium: computed style and layout, no
// screenshots), "off" gives the page back exactly, and the reader view shows the headline once with the body.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import { overlayBoxes, pageFingerprint, relayOut, runFromPopup, styleChanges, textOfHtml, winnowShadowHtml } from './extensionHarness.ts';
import { useExtensionBrowser } from './useExtensionBrowser.ts';

/** A page and the selectors of its main content's parts, chosen by reading the page (not by Winnow's answer). */
interface ContentPage {
  path: string;
  /** Styled (CSS and images served) or not: wcxb-dev pages come without theirs. */
  styled: boolean;
  headline: string;
  byline?: string;
  lead?: string;
  firstParagraph: string;
}

const PAGES: ContentPage[] = [
  {
    // kreuzer-popular's spiegel.de front page (mapping.txt: http://www.spiegel.de/international/): the top story's
    // headline, its lead photo (860 × 320, "breitwandaufmacher") and its paragraph.
    path: '/kreuzer/www.spiegel.de/www.spiegel.de/international/index.html',
    styled: true,
    headline: '#spBothColumnsTeaser .spTopThema h2.spArticleHeadlines',
    lead: '#spBothColumnsTeaser img[src*="breitwandaufmacher"]',
    firstParagraph: '#spBothColumnsTeaser .spTopThema > p',
  },
  {
    // wcxb-dev 0044, an Investopedia article: headline and byline in the article's header, a lead video, the body.
    path: '/wcxb/0044.html',
    styled: false,
    headline: '#article-heading_1-0',
    byline: '#mntl-bylines__item_1-0',
    lead: '#article__primary-video--jw_1-0 video',
    firstParagraph: '#article-body_1-0 p',
  },
  {
    // wcxb-dev 0598, a shop's product: the product's title, its gallery's picture and its description.
    path: '/wcxb/0598.html',
    styled: false,
    headline: 'h1.product_title',
    lead: '.woocommerce-product-gallery img.wp-post-image',
    firstParagraph: '.product-long-description p',
  },
];

const { server, b } = useExtensionBrowser();

/** Why the element is not on screen ('' when it is): display, visibility, its box, or outside the scroll area. */
function notOnScreen(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return `${sel}: no such element`;
    for (let e: Element | null = el; e; e = e.parentElement) {
      if (getComputedStyle(e).display === 'none') return `${sel}: display none (on ${e.localName}${e.id ? `#${e.id}` : ''})`;
    }
    if (getComputedStyle(el).visibility !== 'visible') return `${sel}: visibility ${getComputedStyle(el).visibility}`;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return `${sel}: empty box ${r.width} × ${r.height}`;
    const root = document.scrollingElement ?? document.documentElement;
    const [left, top] = [r.left + window.scrollX, r.top + window.scrollY];
    const inside = left + r.width > 0 && left < root.scrollWidth && top + r.height > 0 && top < root.scrollHeight;
    return inside ? '' : `${sel}: outside the scroll area at ${left}, ${top}`;
  }, selector);
}

/** The element's centre in document coordinates. */
function centreOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  return page.evaluate((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return { x: r.left + window.scrollX + r.width / 2, y: r.top + window.scrollY + r.height / 2 };
  }, selector);
}

function textOf(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => document.querySelector(sel)?.textContent ?? '', selector).then(normalise);
}

function normalise(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

async function setMode(popup: Page, tabId: number, mode: RunStatus['mode']): Promise<void> {
  await popup.check(`input[name=mode][value=${mode}]`);
  await expect.poll(async () => (await b.content<RunStatus>(tabId, 'status')).mode, { timeout: 20_000 }).toBe(mode);
}

function partsOf(p: ContentPage): string[] {
  return [p.headline, p.byline, p.lead, p.firstParagraph].filter((x): x is string => x !== undefined);
}

describe('hide and reader keep the main content whole', () => {
  for (const p of PAGES) {
    it(`highlight and hide leave headline, lead and body alone; off restores the page (${p.path})`, async () => {
      const page = await b.open(server.url(p.path));
      await page.waitForTimeout(300); // the page's own load-time scripts settle
      // Before Winnow runs, every part is on screen: a failure below is Winnow's doing.
      for (const sel of partsOf(p)) expect(await notOnScreen(page, sel)).toBe('');
      if (p.styled && p.lead) {
        // The page's own pictures are served: its lead photo has loaded.
        expect(await page.evaluate((sel) => (document.querySelector(sel) as HTMLImageElement).naturalWidth, p.lead))
          .toBeGreaterThan(0);
      }
      await relayOut(page);
      const before = await pageFingerprint(page);
      const { tabId, popup } = await runFromPopup(b, page);
      // Highlight (chosen: the site's saved mode may be another): no template box over any of the parts.
      await setMode(popup, tabId, 'highlight');
      const boxes = await overlayBoxes(page);
      expect(boxes.length).toBeGreaterThan(0);
      // Only the boxes that scroll with the page can lie on a part: the others (after the overlay's viewport layer)
      // stay on position:fixed elements, which float over the page — 0044's consent banner over its lead video.
      const html = await winnowShadowHtml(page);
      const fixedLayer = html.indexOf('class="layer highlight viewport"');
      const onPage = fixedLayer < 0 ? boxes.length : (html.slice(0, fixedLayer).match(/class="box[ "]/g) ?? []).length;
      boxes.splice(onPage);
      const tinted = [];
      for (const sel of partsOf(p)) {
        const c = await centreOf(page, sel);
        if (boxes.some((x) => c.x >= x.x && c.x <= x.x + x.w && c.y >= x.y && c.y <= x.y + x.h)) tinted.push(sel);
      }
      expect(tinted).toEqual([]);
      await setMode(popup, tabId, 'hide');
      const hidden = await page.evaluate(() => Array.from(document.querySelectorAll('*'))
        .filter((e) => (e as HTMLElement).style?.getPropertyPriority('display') === 'important' &&
          (e as HTMLElement).style.display === 'none').length);
      expect(hidden).toBeGreaterThan(0); // hide mode did hide something
      const missing = [];
      for (const sel of partsOf(p)) missing.push(await notOnScreen(page, sel));
      expect(missing.filter(Boolean)).toEqual([]);
      await setMode(popup, tabId, 'off');
      const after = await pageFingerprint(page);
      expect(after.html).toBe(before.html);
      expect(after.styles.length).toBe(before.styles.length);
      expect(styleChanges(before, after)).toEqual([]);
      await popup.close();
      await page.close();
    });

    it(`reader shows the headline once, then the body (${p.path})`, async () => {
      const page = await b.open(server.url(p.path));
      const headline = await textOf(page, p.headline);
      const paragraph = await textOf(page, p.firstParagraph);
      expect(headline.length).toBeGreaterThan(10);
      expect(paragraph.length).toBeGreaterThan(40);
      const { tabId, popup } = await runFromPopup(b, page);
      await setMode(popup, tabId, 'reader');
      const html = await winnowShadowHtml(page);
      const reader = html.slice(html.indexOf('<article'));
      const text = normalise(textOfHtml(reader));
      expect(text).toContain(paragraph.slice(0, 80));
      // Once as a title: the words may come again in a sentence of the story (0598's description names the product).
      const headings = [...reader.matchAll(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => normalise(textOfHtml(m[2])));
      expect(headings.filter((h) => h === headline)).toHaveLength(1);
      expect(text.indexOf(headline)).toBeLessThan(text.indexOf(paragraph.slice(0, 80)));
      await popup.close();
      await page.close();
    });
  }
});
