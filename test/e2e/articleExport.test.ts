// "Save as Markdown / HTML": the reader's article of a served page saved from the popup, in real Chromium.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runFromPopup } from './extensionHarness.ts';
import { useExtensionBrowser } from './useExtensionBrowser.ts';

const PAGE = '/fixtures/article-for-export.html';

describe('saving the clean page', () => {
  const { server, b } = useExtensionBrowser();

  it('Markdown keeps the headline, subheading, list, table, code block and image, and leaves the template out', async () => {
    const page = await b.open(server.url(PAGE));
    const { popup } = await runFromPopup(b, page);
    const [download] = await Promise.all([page.waitForEvent('download'), popup.click('#save-markdown')]);
    expect(download.suggestedFilename()).toBe('winnow-127.0.0.1-harbour-cranes-stand-idle-as-gales-close-the-port.md');
    const md = readFileSync((await download.path())!, 'utf8');
    expect(md).toMatch(/^# Harbour cranes stand idle as gales close the port$/m);
    expect(md).toMatch(/^## What the closure means for shipping$/m);
    expect(md).toMatch(/^- Ferry crossings cancelled until Wednesday noon$/m);
    expect(md).toMatch(/^\| Berth \| Ships waiting \|$/m);
    expect(md).toMatch(/^\| Seven \| 1 \|$/m);
    expect(md).toContain('```\nif gust_kmh > 72: lock_cranes()\nif gust_kmh > 90: close_outer_basin()\n```');
    expect(md).toContain(`![Waves breaking over the harbour wall](${server.url('/fixtures/flood-photo.png')})`);
    expect(md).toContain(`Source: <${server.url(PAGE)}>`);
    for (const template of ['About us', 'Most read', 'Privacy']) expect(md).not.toContain(template);
    await popup.close();
    await page.close();
  });

  it('HTML is a standalone page with the same article and absolute image addresses', async () => {
    const page = await b.open(server.url(PAGE));
    const { popup } = await runFromPopup(b, page);
    const [download] = await Promise.all([page.waitForEvent('download'), popup.click('#save-html')]);
    expect(download.suggestedFilename()).toMatch(/\.html$/);
    const html = readFileSync((await download.path())!, 'utf8');
    const saved = await b.context.newPage();
    await saved.setContent(html);
    const shown = await saved.evaluate(() => ({
      title: document.title,
      h1: document.querySelector('article h1')?.textContent,
      rows: document.querySelectorAll('article table tr').length,
      code: document.querySelector('article pre')?.textContent,
      img: document.querySelector('article img')?.getAttribute('src'),
      nav: document.body.textContent!.includes('About us'),
    }));
    expect(shown).toMatchObject({ h1: 'Harbour cranes stand idle as gales close the port', rows: 3, nav: false });
    expect(shown.title).toContain('Harbour cranes');
    expect(shown.code).toContain('close_outer_basin()');
    expect(shown.img).toBe(server.url('/fixtures/flood-photo.png'));
    await saved.close();
    await popup.close();
    await page.close();
  });
});
