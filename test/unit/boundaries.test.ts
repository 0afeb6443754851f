import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, normalize, sep } from 'node:path';
import { importCycles, importsOf, localImportsOf, sourceFiles } from './importGraph.ts';
import { readdirSync } from 'node:fs';

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

  it('src/ has none, the command line included', () => {
    expect(importCycles(sourceFiles('src')).map((c) => c.join(' → '))).toEqual([]);
  });

  it('extension/ has none', () => {
    expect(importCycles(sourceFiles('extension')).map((c) => c.join(' → '))).toEqual([]);
  });
});

describe("the command line's folders (docs/ARCHITECTURE.md)", () => {
  const CLI = join('src', 'cli');
  /** A file's part of the command line: its folder under src/cli, or its own name for a top-level file. */
  const partOf = (file: string) => {
    const [first, ...rest] = file.slice(CLI.length + 1).split(sep);
    return rest.length ? `${first}/` : first;
  };
  /** Who imports which part, between parts (within a part anything goes). */
  const edges = sourceFiles(CLI).flatMap((f) => localImportsOf(f)
    .filter((t) => t.startsWith(CLI + sep) && partOf(t) !== partOf(f))
    .map((t) => ({ from: partOf(f), to: partOf(t), file: `${f} → ${t}` })));

  /** The architecture page's table of src/cli: each row's parts and the parts they may import. */
  const documented = (() => {
    const page = readFileSync(join('docs', 'ARCHITECTURE.md'), 'utf8');
    const table = page.slice(page.indexOf('| In `src/cli/` |'));
    const rows = table.split('\n').filter((l) => l.startsWith('| `'));
    const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    return rows.flatMap((row) => {
      const cells = row.split(/(?<!\\)\|/).map((c) => c.trim());
      // Parts that share a row are one part (bin.mjs runs main.ts).
      const parts = names(cells[1]);
      return parts.map((part) => ({ part, imports: [...names(cells[3]), ...parts] }));
    });
  })();

  it('the table names every folder and top-level file of src/cli, and nothing else', () => {
    const actual = readdirSync(CLI, { withFileTypes: true }).map((d) => (d.isDirectory() ? `${d.name}/` : d.name)).sort();
    expect(documented.map((d) => d.part).sort()).toEqual(actual);
  });

  it('each part imports only the parts its row names', () => {
    const allowed = new Map(documented.map((d) => [d.part, new Set(d.imports)]));
    const offenders = edges.filter((e) => !allowed.get(e.from)?.has(e.to)).map((e) => e.file);
    expect(offenders).toEqual([]);
  });

  it('only main.ts imports commands/', () => {
    expect(edges.filter((e) => e.to === 'commands/' && e.from !== 'main.ts').map((e) => e.file)).toEqual([]);
  });

  it('datasets/ imports neither evaluation/ nor training/', () => {
    const offenders = edges.filter((e) => e.from === 'datasets/' && ['evaluation/', 'training/'].includes(e.to));
    expect(offenders.map((e) => e.file)).toEqual([]);
  });
});
