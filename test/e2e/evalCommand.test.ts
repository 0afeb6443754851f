import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('winnow eval', () => {
  it('scores Winnow, Readability.js and Defuddle on two held-out L3S pages and writes the report', () => {
    const out = mkdtempSync(join(tmpdir(), 'winnow-eval-'));
    try {
      const r = spawnSync(process.execPath, ['src/cli/bin.mjs', 'eval', '--dataset', 'l3s', '--limit', '2', '--out', out],
        { encoding: 'utf8', timeout: 120_000 });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/l3s: \d+ evaluation pages, running the first 2/);

      const report = readFileSync(join(out, 'report.md'), 'utf8');
      const rows = report.split('\n').filter((l) => /^\| (Winnow|Readability\.js|Defuddle) \|/.test(l));
      expect(rows.map((l) => l.split('|')[1].trim())).toEqual(['Winnow', 'Readability.js', 'Defuddle']);
      for (const row of rows) {
        const [, , pages, precision, recall, f1, medianMs] = row.split('|').map((c) => c.trim());
        expect(Number(pages)).toBe(2);
        for (const v of [precision, recall, f1].map(Number)) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
        expect(Number(medianMs)).toBeGreaterThan(0);
      }
      expect(report).toContain('## Failed pages');
      expect(existsSync(join(out, 'pages.csv'))).toBe(true);
      expect(readFileSync(join(out, 'pages.csv'), 'utf8').trim().split('\n')).toHaveLength(3);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

/** A set in the Scrapinghub format, written here: three pages of two types, one whose article only its script writes. */
function writeScrapinghubSet(dir: string): { pages: string; truth: string } {
  const pages = join(dir, 'pages');
  mkdirSync(pages);
  const nav = '<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/login">Log in</a></nav>';
  const footer = '<footer>Copyright 2025 Example Media. All rights reserved.</footer>';
  const story = (n: number) => Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i + 1} of story ${n} tells how the ` +
    `river town rebuilt its bridge after the flood, stone by stone, with the help of ${i + 2} neighbouring villages.</p>`).join('');
  const storyText = (n: number) => Array.from({ length: 6 }, (_, i) => `Paragraph ${i + 1} of story ${n} tells how the ` +
    `river town rebuilt its bridge after the flood, stone by stone, with the help of ${i + 2} neighbouring villages.`).join('\n');
  writeFileSync(join(pages, '1.html'), `<!doctype html><title>Bridge</title><body>${nav}<article><h1>The bridge</h1>` +
    `${story(1)}</article>${footer}</body>`);
  writeFileSync(join(pages, '2.html'), `<!doctype html><title>Forum</title><body>${nav}<main>` +
    Array.from({ length: 4 }, (_, i) => `<div class="post"><b>user${i}</b><p>Reply ${i}: I crossed the old bridge ` +
      `every morning for ${i + 10} years and I am glad to see it standing again after the flood.</p></div>`).join('') +
    `</main>${footer}</body>`);
  writeFileSync(join(pages, '3.html'), `<!doctype html><title>Scripted</title><body>${nav}<article id="a"></article>` +
    `${footer}<script>document.getElementById('a').innerHTML = ${JSON.stringify(`<h1>Scripted story</h1>${story(3)}`)};` +
    '</script></body>');
  const truth = join(dir, 'ground-truth.json');
  writeFileSync(truth, JSON.stringify({
    1: { articleBody: `The bridge\n${storyText(1)}`, url: 'https://news.example.org/bridge', title: 'Bridge',
      with: ['Paragraph 1 of story 1 tells how the river town rebuilt its bridge'], without: ['Log in', 'All rights reserved'],
      page_type: 'article' },
    2: { articleBody: Array.from({ length: 4 }, (_, i) => `Reply ${i}: I crossed the old bridge every morning for ` +
      `${i + 10} years and I am glad to see it standing again after the flood.`).join('\n'),
    url: 'https://forum.example.net/t/1', title: 'Forum', with: ['Reply 2: I crossed the old bridge'], without: ['Home'],
    page_type: 'forum' },
    3: { articleBody: `Scripted story\n${storyText(3)}`, url: 'https://news.example.org/scripted', title: 'Scripted',
      with: ['Paragraph 4 of story 3 tells how'], without: ['Log in'], page_type: 'article' },
  }));
  return { pages, truth };
}

describe('winnow eval --pages DIR --truth FILE', () => {
  it('scores any Scrapinghub-format folder: snippets, page types, the peer-gap list, CSV columns, --json; --scripts off leaves script-written text out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'winnow-eval-sh-'));
    try {
      const { pages, truth } = writeScrapinghubSet(dir);
      const run = (scripts: string) => {
        const out = join(dir, `out-${scripts}`);
        const r = spawnSync(process.execPath, ['src/cli/bin.mjs', 'eval', '--pages', pages, '--truth', truth,
          '--scripts', scripts, '--json', '--out', out], { encoding: 'utf8', timeout: 150_000 });
        expect(r.status, r.stderr).toBe(0);
        const stdout = r.stdout.trim().split('\n');
        return { out, summary: JSON.parse(stdout[stdout.length - 1]), csv: readFileSync(join(out, 'pages.csv'), 'utf8') };
      };
      const on = run('on');
      expect(on.summary.pages).toBe(3);
      expect(on.summary.scripts).toBe('on');
      expect(Object.keys(on.summary.methods)).toEqual(['winnow', 'readability', 'defuddle']);
      for (const m of Object.values(on.summary.methods) as any[]) {
        for (const k of ['precision', 'recall', 'f1', 'withRecall', 'withoutPrecision']) {
          expect(m[k]).toBeGreaterThanOrEqual(0);
          expect(m[k]).toBeLessThanOrEqual(1);
        }
        expect(m.medianMs).toBeGreaterThan(0);
      }
      expect(Object.keys(on.summary.byType).sort()).toEqual(['article', 'forum']);
      expect(on.summary.byType.article.pages).toBe(2);
      expect(on.summary.methods.winnow.withRecall).toBe(1);
      expect(on.summary.medianMsRatioWinnowReadability).toBeGreaterThan(0);

      const report = readFileSync(join(on.out, 'report.md'), 'utf8');
      expect(report).toContain('| method | pages | precision | recall | F1 | median ms | p95 ms | empty answers | errors | with recall | without precision |');
      expect(report).toMatch(/^\| forum \| 1 \| Winnow \|/m);
      expect(report).toContain('## Pages where Winnow scores F1 < 0.5 while Readability.js or Defuddle score > 0.8');
      expect(report).toContain('page scripts on');
      const [header, ...rows] = on.csv.trim().split('\n');
      const cols = header.split(',');
      expect(cols).toEqual(expect.arrayContaining(['page_type', 'winnow_with_recall', 'defuddle_without_precision']));
      expect(rows.map((r) => r.split(',')[cols.indexOf('page_type')])).toEqual(['article', 'forum', 'article']);

      // Without scripts the third page has no article to find, for every method alike.
      const off = run('off');
      expect(off.summary.scripts).toBe('off');
      const row3 = off.csv.trim().split('\n')[3].split(',');
      expect(row3[0]).toBe('3');
      expect(row3[cols.indexOf('status')]).toBe('ok');
      for (const m of ['winnow', 'readability', 'defuddle']) expect(row3[cols.indexOf(`${m}_with_recall`)]).toBe('0.0000');
      expect(off.summary.methods.winnow.withRecall).toBeCloseTo(2 / 3, 3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says in one line what is wrong with the options', () => {
    const r = spawnSync(process.execPath, ['src/cli/bin.mjs', 'eval', '--pages', 'x'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe('winnow eval: --pages DIR and --truth FILE go together');
    const s = spawnSync(process.execPath, ['src/cli/bin.mjs', 'eval', '--dataset', 'wcxb', '--split', 'test'], { encoding: 'utf8' });
    expect(s.status).toBe(2);
    expect(s.stderr.trim()).toBe("winnow eval: --split needs held-out|train|all, got 'test'");
  });
});
