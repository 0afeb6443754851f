import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.(ts|mts|mjs|js)$/.test(name) ? [p] : [];
  });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
}

describe('layer boundaries', () => {
  const files = sourceFiles('src');

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('src/ never imports from extension/', () => {
    const offenders = files.filter((f) => importsOf(f).some((i) => /(^|\/)extension\//.test(i)));
    expect(offenders).toEqual([]);
  });

  it('only src/cli imports Node built-ins or playwright', () => {
    const offenders = files
      .filter((f) => !f.startsWith(join('src', 'cli')))
      .filter((f) => importsOf(f).some((i) => i.startsWith('node:') || i.startsWith('playwright')));
    expect(offenders).toEqual([]);
  });

  it('nothing outside src/cli and src/capture imports the command line or the capture code', () => {
    const core = files.filter((f) => !f.startsWith(join('src', 'cli')) && !f.startsWith(join('src', 'capture')));
    const offenders = core.filter((f) => importsOf(f).some((i) => /\/(cli|capture)\//.test(i)));
    expect(offenders).toEqual([]);
  });
});
