import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { winnow } from './runWinnow.ts';

const STORIES = [
  ['Harbour cranes idle', 'Dockworkers paused unloading while gusts topped ninety kilometres near berth seven. The port ' +
    'authority said the cranes would restart once the wind dropped below the safety limit, probably by Thursday ' +
    'morning. Shipping lines warned of delays of up to two days for container vessels waiting offshore.'],
  ['Orchard yields climb', 'Farmers reported heavier apples after mild spring frosts spared most blossoms. Cooperative ' +
    'buyers expect prices to ease slightly as supermarkets stock up on local fruit. Growers plan to hire extra pickers ' +
    'from the valley towns for the busy autumn weeks ahead.'],
  ['Library reopens doors', 'Renovated reading rooms welcome students again following lengthy roof repairs. The new ' +
    'study carrels have power outlets and better lamps, and the rare book collection returns from storage next month. ' +
    'Opening hours are extended into the evening during examinations.'],
  ['Cyclists demand lanes', 'Commuters petitioned councillors seeking protected routes across busy junctions. ' +
    'Organisers gathered three thousand signatures in a fortnight and presented them at the town hall. The transport ' +
    'committee promised a feasibility study before the next budget round.'],
];

/**
 * The site's navigation: a sentence with three section links under every article. On its own page the classifier
 * reads it as part of the article (prose, few links); only the site's other pages show that it repeats.
 */
const NAV = '<p>The Valley Gazette covers the towns of the river valley every morning, and its reporters answer readers ' +
  'within a week. Find more in <a href="/local">Local news</a>, <a href="/sport">Sport</a> and ' +
  '<a href="/weather">Weather</a>.</p>';

function page([title, text]: string[]): string {
  // No <main>: the reader drops whatever lies outside a page's <main> by position alone, which would leave the site
  // memory nothing to show here.
  return `<!doctype html><html><head><title>${title}</title></head><body>\n<article><h1>${title}</h1>` +
    `<p>${text}</p><p>${text}</p></article>\n${NAV}</body></html>`;
}

let dir = '';
let files: string[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'winnow-site-'));
  files = STORIES.map((story, k) => {
    const file = join(dir, `p${k + 1}.html`);
    writeFileSync(file, page(story));
    return file;
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('winnow extract --site', () => {
  it('drops the shared navigation from the fourth page, which the classifier alone keeps', () => {
    const alone = winnow(['extract', files[3], '--format', 'jsonl']);
    expect(alone.code).toBe(0);
    // Precondition: without site evidence the navigation is read as content (else this test proves nothing).
    expect(JSON.parse(alone.stdout).text).toContain('Find more in Local news, Sport and Weather');

    const r = winnow(['extract', '--site', ...files, '--format', 'jsonl']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.file)).toEqual(files);
    expect(lines.map((l) => l.sitePagesSeen)).toEqual([0, 1, 2, 3]);
    expect(Object.keys(lines[3])).toEqual(['file', 'text', 'ms', 'sitePagesSeen']);
    expect(lines[3].text).toContain('Commuters petitioned councillors');
    expect(lines[3].text).not.toContain('Weather');
    expect(lines[3].text).not.toContain('Valley Gazette covers');
    // The first page has no site evidence: it is cleaned exactly as without --site.
    const first = winnow(['extract', files[0], '--format', 'jsonl']);
    expect(lines[0].text).toBe(JSON.parse(first.stdout).text);
  });

  it('reports a missing page in one line, does not count it, and cleans the others', () => {
    const missing = join(dir, 'missing.html');
    const r = winnow(['extract', '--site', files[0], missing, files[1], files[2], files[3]]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(`${missing}: error: no such file or folder`);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.sitePagesSeen)).toEqual([0, 1, 2, 3]);
    expect(lines[3].text).not.toContain('Weather');
  });
});

describe('winnow analyze --site', () => {
  it('marks the navigation segment of the fourth page as a site template, and nothing on the first', () => {
    const r = winnow(['analyze', '--site', '--json', ...files]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const pages = JSON.parse(r.stdout);
    expect(pages.map((p: any) => p.site.pagesSeen)).toEqual([0, 1, 2, 3]);
    expect(pages[0].segments.some((s: any) => s.siteTemplate)).toBe(false);
    const nav = pages[3].segments.filter((s: any) => s.text.includes('Weather'));
    expect(nav).toHaveLength(1);
    expect(nav[0]).toMatchObject({ siteTemplate: true, template: true });
    expect(nav[0].siteMethods).toContain('siteLevel');
    expect(nav[0].selector).toMatch(/\bp\b/);
    expect(pages[3].site.templateSegments).toContain(pages[3].segments.indexOf(nav[0]));

    const table = winnow(['analyze', '--site', ...files]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/site: 3 earlier pages seen \(evidence from [A-Za-z, ]+\); site-template segments: \d/);
  });
});
