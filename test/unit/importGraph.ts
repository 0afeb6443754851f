// The repository's import graph, read from the source text: what the boundary tests check layers and cycles on.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.(ts|mts|mjs|js)$/.test(name) ? [p] : [];
  });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The module specifiers a file imports (static, re-exports and dynamic imports with a literal path). */
export function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
}

/**
 * The repository files a file imports by relative path (packages and Node built-ins left out). A `?script` import is
 * not an edge: crxjs turns it into the built script's file name (the background injects the content script by name).
 */
export function localImportsOf(file: string): string[] {
  return importsOf(file)
    .filter((i) => i.startsWith('.') && !i.includes('?script'))
    .map((i) => normalize(join(dirname(file), i)))
    .filter((p) => existsSync(p));
}

/**
 * Import cycles among `files` (each one as the list of files around it, starting from its smallest name); type-only
 * imports count too, since a cycle of types still ties the files' meaning together.
 */
export function importCycles(files: string[]): string[][] {
  const inSet = new Set(files);
  const edges = new Map(files.map((f) => [f, localImportsOf(f).filter((t) => inSet.has(t))]));
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of edges.get(f) ?? []) {
      if (state.get(t) === 'open') {
        const cycle = stack.slice(stack.indexOf(t));
        const start = cycle.indexOf([...cycle].sort()[0]);
        const canonical = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(canonical.join(' → '), canonical);
      } else if (!state.has(t)) {
        visit(t);
      }
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return [...cycles.values()];
}
