import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../../src/util/seededRandom.ts';
import { winnow } from './runWinnow.ts';

/**
 * Paper 003 §5.2's setting in three pages: a.html and b.html are two different short stories in the demo's template
 * (header, related links, comments, sidebar, footer), c.html is a.html's story on another site with a thin template.
 * Words are made of syllables, so two stories share no shingle by chance.
 */
function writePages(dir: string): void {
  const demo = readFileSync('public/demo/article.html', 'utf8');
  const [head, rest] = demo.split('<article>');
  const [article, tail] = rest.split('</article>');
  const byline = article.slice(article.indexOf('<div class="byline">'), article.indexOf('<p>'));
  const random = seededRandom(16);
  const syllables = ['ka', 'lo', 'ri', 'men', 'sa', 'tu', 'vel', 'dor', 'pi', 'an', 'gro', 'se'];
  const word = () => Array.from({ length: 2 + Math.floor(random() * 2) },
    () => syllables[Math.floor(random() * syllables.length)]).join('');
  const paragraph = () => `<p>${Array.from({ length: 45 }, word).join(' ')}.</p>`;
  const story = (title: string) => `<article><h1>${title}</h1>${byline}${paragraph()}\n${paragraph()}</article>`;
  const a = story('The council votes on a new ferry timetable');
  writeFileSync(join(dir, 'a.html'), `${head}${a}${tail}`);
  writeFileSync(join(dir, 'b.html'), `${head}${story('A festival returns to the harbour')}${tail}`);
  writeFileSync(join(dir, 'c.html'), `<!doctype html><html><head><meta charset="utf-8"><title>Ferry</title></head><body>
<div style="background:#234;color:#fff;padding:10px"><b>Harbour Gazette</b> <a href="/">Home</a>
<a href="/sport">Sport</a> <a href="/weather">Weather</a></div>
<div style="max-width:760px;margin:20px auto">${a}</div>
<div style="padding:10px;border-top:1px solid #ccc">© Harbour Gazette Ltd. <a href="/privacy">Privacy</a></div>
</body></html>`);
}

describe('winnow dedup --largest-segment', () => {
  const dir = mkdtempSync(join(tmpdir(), 'winnow-dedup-'));
  writePages(dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("shingles each page's largest GCuts segment: the story published twice is the one pair", () => {
    const r = winnow(['dedup', dir, '--largest-segment', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe("near-duplicate pairs of each page's largest GCuts segment (6-word shingles, " +
      '8 min-hashes, ≥ 4 shared):');
    const run = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    expect(run).toMatchObject({ text: 'segment', pages: 3, pairsCompared: 3, nearDuplicates: 1, empty: [] });
    expect(run.pairs[0]).toMatchObject({ a: join(dir, 'a.html'), b: join(dir, 'c.html') });
  });

  it('refuses --raw beside it before rendering anything', () => {
    const r = winnow(['dedup', dir, '--raw', '--largest-segment']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--raw and --largest-segment each choose the text to shingle: give one of them');
  });
});
