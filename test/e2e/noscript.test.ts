import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A forum page as Discourse serves it: a spinner for browsers with scripts, every post inside <noscript> for the
// rest. With page scripts off the posts are the page; with them on (and the app never loading offline) they are not.
const POST = 'The release notes say the minimum supported version moved forward with the new edition of the compiler.';
const page = `<!doctype html><html><head><title>Is changing the MSRV a breaking change?</title></head><body>
<section class="loading"><div>Loading…</div></section>
<noscript><main><h1>Is changing the MSRV a breaking change?</h1>
${[1, 2, 3].map((k) => `<article class="post"><p>${POST} Reply number ${k} adds its own view on semver.</p>
<p>${POST} It also notes that cargo resolves dependencies by rust-version since the latest edition.</p></article>`).join('\n')}
</main></noscript></body></html>`;

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'winnow-noscript-'));
  writeFileSync(join(dir, 'forum.html'), page);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function extract(scripts: 'on' | 'off'): string {
  const r = spawnSync(process.execPath, ['src/cli/bin.mjs', 'extract', join(dir, 'forum.html'), '--scripts', scripts],
    { encoding: 'utf8', timeout: 120_000 });
  expect(r.status, r.stderr).toBe(0);
  return (JSON.parse(r.stdout.trim().split('\n').pop()!) as { text: string }).text;
}

describe('pages that live in <noscript>', () => {
  it('are read when page scripts are off', () => {
    const text = extract('off');
    expect(text).toContain('Reply number 3 adds its own view');
  });

  it('are not read from the hidden markup when page scripts are on', () => {
    expect(extract('on')).not.toContain('Reply number 3');
  });
}, 240_000);
