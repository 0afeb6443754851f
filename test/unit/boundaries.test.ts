import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, normalize, sep } from 'node:path';
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

/** Each import or re-export of a repository file by relative path, resolved, and whether it imports types only. */
function relativeImports(file: string): Array<{ target: string; typeOnly: boolean }> {
  const statement = /(?:import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  return [...readFileSync(file, 'utf8').matchAll(statement)]
    .map((m) => ({ target: normalize(join(dirname(file), m[2] ?? m[3])), typeOnly: m[1] !== undefined }));
}

describe('the door into a rendered page', () => {
  const PAGE_API = join('src', 'capture', 'page', 'pageApi.ts');
  const PAGE_CODE = join('src', 'capture', 'page') + sep;
  const files = [...sourceFiles('src'), ...sourceFiles('extension')];

  it('src/cli reaches src/capture only through the page API type (what runs in the page stays out of Node)', () => {
    const offenders = files.filter((f) => f.startsWith(join('src', 'cli'))).flatMap((f) => relativeImports(f)
      .filter((i) => i.target.startsWith(join('src', 'capture')) && !(i.typeOnly && i.target === PAGE_API))
      .map((i) => `${f} → ${i.target}`));
    expect(offenders).toEqual([]);
  });

  it("only the page script's entry imports src/capture/page (its eval peers stay out of the extension and library)", () => {
    const offenders = files.filter((f) => !f.startsWith(PAGE_CODE) && f !== join('src', 'capture', 'pageEntry.ts'))
      .flatMap((f) => relativeImports(f)
        .filter((i) => i.target.startsWith(PAGE_CODE) && !(i.typeOnly && i.target === PAGE_API))
        .map((i) => `${f} → ${i.target}`));
    expect(offenders).toEqual([]);
  });

  it('sees type-only and value imports apart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'winnow-imports-'));
    const file = join(dir, 'a.ts');
    writeFileSync(file, "import type { A } from './t.ts';\nimport { b, type C } from '../v.ts';\nexport * from './w.ts';\n");
    expect(relativeImports(file)).toEqual([
      { target: join(dir, 't.ts'), typeOnly: true },
      { target: join(dirname(dir), 'v.ts'), typeOnly: false },
      { target: join(dir, 'w.ts'), typeOnly: false },
    ]);
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
