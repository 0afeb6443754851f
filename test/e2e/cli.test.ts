import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';

/** Runs `npx winnow …` as a user would, from the repository root. */
function winnow(args: string[], input?: string) {
  const r = spawnSync(process.execPath, ['src/cli/bin.mjs', ...args], { encoding: 'utf8', input, timeout: 170_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

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

  it('gives up on a page that never finishes loading', () => {
    const r = winnow(['analyze', 'test/fixtures/never-loads.html', '--timeout', '3000']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('test/fixtures/never-loads.html: error: page did not finish loading within 3 s');
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
    expect(Object.keys(line)).toEqual(['file', 'text', 'ms']);
    expect(line.text).toContain('Room to retreat');
    expect(line.text).not.toContain('Cookie settings');
    expect(line.ms).toBeGreaterThan(0);
  });
});

describe('winnow smooth', () => {
  it('answers each JSON line and flags malformed ones without stopping', () => {
    const input = [
      '{"parents":[-1,0,0],"scores":[0.1,0.9,0.2],"penalties":[0.05,0.05,0.05]}',
      '{not json',
      '{"parents":[-1,0],"scores":[0.2,0.8],"weights":[1,3],"penalties":[0,10]}',
    ].join('\n');
    const r = winnow(['smooth'], input);
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
