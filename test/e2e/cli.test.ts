import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { winnow } from './runWinnow.ts';

describe('winnow analyze', () => {
  it('prints the demo page’s segments as JSON, with template navigation and footer and content article', () => {
    const r = winnow(['analyze', 'public/demo/article.html', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [page] = JSON.parse(r.stdout);
    expect(page.file).toBe('public/demo/article.html');
    expect(page.segments.length).toBeGreaterThan(1);
    for (const s of page.segments) {
      expect(Object.keys(s)).toEqual(expect.arrayContaining(['selector', 'rect', 'score', 'template', 'text']));
    }
    const templateText = page.segments.filter((s: any) => s.template).map((s: any) => s.text).join('\n');
    const contentText = page.segments.filter((s: any) => !s.template).map((s: any) => s.text).join('\n');
    expect(templateText).toContain('Privacy policy');
    expect(contentText).toContain('spongy mat of roots');
    expect(page.timingsMs.totalMs).toBeGreaterThan(0);
  });

  it('reports a missing file in one line, still analyses the others, and exits 1', () => {
    const r = winnow(['analyze', 'no/such.html', 'public/demo/article.html']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('no/such.html: error: no such file or folder');
    expect(r.stdout).toContain('public/demo/article.html:');
  });

  it('reads a page whose script never returns as parsed, with its scripts off, and warns', () => {
    const r = winnow(['analyze', 'test/fixtures/never-loads.html', '--timeout', '8000', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr.trim()).toMatch(/^test\/fixtures\/never-loads\.html: warning: the page's scripts kept it busy for [\d.]+ s; read the page as parsed, with its scripts off$/);
    const [page] = JSON.parse(r.stdout);
    expect(page.segments.map((s: any) => s.text).join('\n')).toContain('its load event never fires');
  });

  it('rejects a bad penalty with a usage error', () => {
    const r = winnow(['analyze', 'public/demo/article.html', '--penalty', 'lots']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--penalty needs a number, got 'lots'");
  });
});

describe('winnow extract', () => {
  it('writes one JSON line per page with the reader text and the in-page time', () => {
    const r = winnow(['extract', 'public/demo/article.html', '--format', 'jsonl']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(Object.keys(line)).toEqual(['file', 'title', 'byline', 'published', 'text', 'ms']);
    expect(typeof line.title).toBe('string');
    expect(line.title.length).toBeGreaterThan(0);
    expect(line.text).toContain('Room to retreat');
    expect(line.text).not.toContain('Cookie settings');
    expect(line.ms).toBeGreaterThan(0);
  });
});

/** Small generated pages, one per way a page can fail to be a page or to finish loading. */
describe('inputs that are not pages, or never settle', () => {
  let dir = '';
  const page = (name: string) => join(dir, name);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'winnow-cli-'));
    // The start of a real executable, as if one were renamed x.html.
    const executable = Buffer.alloc(65_536);
    const fd = openSync(process.execPath, 'r');
    readSync(fd, executable, 0, executable.length, 0);
    closeSync(fd);
    writeFileSync(page('binary.html'), executable);
    writeFileSync(page('empty.html'), '');
    writeFileSync(page('normal.html'), '<!doctype html><title>Normal</title><article><h1>A normal page</h1>' +
      '<p>Plain words of an ordinary page that loads and stays where it is.</p></article>');
    // The image's error handler asks for it again at once, forever: the load event never comes.
    writeFileSync(page('never-loads.html'), '<!doctype html><title>Never loads</title><p>An image here retries ' +
      'forever, yet this sentence is on the page.</p><img src="missing.png" onerror="this.src = \'missing.png?\' + Math.random()">');
    writeFileSync(page('loops.html'), '<!doctype html><title>Loops</title><p>Parsed before the script that never ' +
      'returns.</p><script>for (;;) {}</script>');
    writeFileSync(page('leaves.html'), '<!doctype html><title>Leaves</title><p>This page leaves for another site at ' +
      'once, but this is its text.</p><script>location.href = "http://example.com/elsewhere";</script>');
    writeFileSync(page('scripted.html'), '<!doctype html><title>Scripted</title><p id="p">Text as written in the ' +
      'file.</p><script>document.getElementById("p").textContent = "Text the page script wrote instead.";</script>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const lines = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));

  it('extract: an empty and a binary file each get one error line, the page beside them is still read', () => {
    const r = winnow(['extract', page('binary.html'), page('empty.html'), page('normal.html')]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      `${page('binary.html')}: error: not an HTML page (binary content)`,
      `${page('empty.html')}: error: empty file`,
    ]);
    const out = lines(r.stdout);
    expect(out.map((l) => l.file)).toEqual([page('normal.html')]);
    expect(out[0].text).toContain('Plain words of an ordinary page');
  });

  it('analyze: the same errors, and the folder’s real page is analysed', () => {
    const r = winnow(['analyze', dir, '--json']);
    expect(r.code).toBe(1);
    const errors = r.stderr.trim().split('\n').filter((l) => l.includes(': error: '));
    expect(errors).toEqual([
      `${page('binary.html')}: error: not an HTML page (binary content)`,
      `${page('empty.html')}: error: empty file`,
    ]);
    const analysed = JSON.parse(r.stdout);
    expect(analysed.find((a: any) => a.file === page('normal.html')).segments.length).toBeGreaterThan(0);
    expect(analysed.find((a: any) => a.file === page('binary.html')).error).toBe('not an HTML page (binary content)');
  });

  it('extract: pages that never load, loop or leave are read from the document they have, each with a warning', () => {
    const files = ['never-loads.html', 'loops.html', 'leaves.html', 'normal.html'].map(page);
    const started = Date.now();
    const r = winnow(['extract', ...files, '--timeout', '10000']);
    // Two pages at a time, each within its 10 s (and Chromium's start): less than the four limits one after another.
    expect(Date.now() - started).toBeLessThan(35_000);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out.map((l) => l.file)).toEqual(files);
    expect(out[0].text).toContain('yet this sentence is on the page');
    expect(out[1].text).toContain('Parsed before the script that never returns');
    expect(out[2].text).toContain('but this is its text');
    expect(out[2].title).toBe('Leaves');
    expect(out[3].text).toContain('Plain words of an ordinary page');
    const warnings = r.stderr.trim().split('\n');
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(new RegExp(`^${escape(files[0])}: warning: the page's load event did not come within [\\d.]+ s; read it as it was$`));
    expect(warnings[1]).toMatch(new RegExp(`^${escape(files[1])}: warning: the page's scripts kept it busy for [\\d.]+ s; read the page as parsed, with its scripts off$`));
    expect(warnings[2]).toBe(`${files[2]}: warning: the page tried to go to http://example.com/elsewhere; read the page it had`);
  });

  it('extract --scripts off reads the page as its file says, on (the default) as its script leaves it', () => {
    const off = lines(winnow(['extract', page('scripted.html'), '--scripts', 'off']).stdout);
    expect(off[0].text).toContain('Text as written in the file.');
    const on = lines(winnow(['extract', page('scripted.html')]).stdout);
    expect(on[0].text).toContain('Text the page script wrote instead.');
    const bad = winnow(['extract', page('scripted.html'), '--scripts', 'maybe']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe("winnow extract: --scripts needs on or off, got 'maybe'");
  });

  it('extract --timeout bounds a page that never settles: too little time is an error, not a hang', () => {
    const r = winnow(['extract', page('loops.html'), '--timeout', '300']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(`${page('loops.html')}: error: page did not finish loading within 0.3 s`);
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('winnow smooth', () => {
  it('answers each JSON line and flags malformed ones without stopping', () => {
    const input = [
      '{"parents":[-1,0,0],"scores":[0.1,0.9,0.2],"penalties":[0.05,0.05,0.05]}',
      '{not json',
      '{"parents":[-1,0],"scores":[0.2,0.8],"weights":[1,3],"penalties":[0,10]}',
    ].join('\n');
    const r = winnow(['smooth'], { input });
    expect(r.code).toBe(1);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(3);
    // a new segment costs 0.05, less than either child's distance to the root's 0.1
    expect(out[0].values).toEqual([0.1, 0.9, 0.2]);
    expect(out[0].cost).toBeCloseTo(0.15, 12);
    expect(out[1].error).toMatch(/not valid JSON/);
    // a large penalty on the child keeps it with its parent: both take the heavier child's value 0.8
    expect(out[2].values).toEqual([0.8, 0.8]);
    expect(out[2].cost).toBeCloseTo(0.6, 12);
    expect(r.stderr).toMatch(/^line 2: not valid JSON/m);
  });
});
