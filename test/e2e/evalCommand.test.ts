import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
