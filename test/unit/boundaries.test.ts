import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { importCycles, importsOf, sourceFiles } from './importGraph.ts';

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

describe('import cycles', () => {
  it('the cycle check finds a cycle when there is one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'winnow-cycle-'));
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = 1;\n");
    writeFileSync(join(dir, 'b.ts'), "import type { C } from './c.ts';\nexport const b = 2;\n");
    writeFileSync(join(dir, 'c.ts'), "export { a } from './a.ts';\nexport type C = number;\n");
    writeFileSync(join(dir, 'd.ts'), "import { a } from './a.ts';\n");
    const cycles = importCycles(sourceFiles(dir)).map((c) => c.map((f) => basename(f)));
    expect(cycles).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('src/ outside the command line has none', () => {
    const files = sourceFiles('src').filter((f) => !f.startsWith(join('src', 'cli')));
    expect(importCycles(files).map((c) => c.join(' → '))).toEqual([]);
  });

  it('extension/ has none', () => {
    expect(importCycles(sourceFiles('extension')).map((c) => c.join(' → '))).toEqual([]);
  });
});
