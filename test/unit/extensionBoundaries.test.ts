// Who may import whom inside extension/ (docs/ARCHITECTURE.md): the parts run in different places (the page, the
// worker frame, the background, the popup) and share only extension/shared and the core in src/.
import { describe, expect, it } from 'vitest';
import { join, sep } from 'node:path';
import { localImportsOf, sourceFiles } from './importGraph.ts';

const PARTS = ['background', 'content', 'popup', 'worker', 'shared'] as const;
type Part = (typeof PARTS)[number];

/** Which other parts each part may import (src/'s core is open to all of them, the command line to none). */
const MAY_IMPORT: Record<Part, readonly Part[]> = {
  background: ['shared'],
  content: ['shared'],
  popup: ['shared'],
  worker: ['shared'],
  shared: [],
};

function partOf(file: string): Part | null {
  const [top, part] = file.split(sep);
  return top === 'extension' && (PARTS as readonly string[]).includes(part) ? (part as Part) : null;
}

describe('extension part boundaries', () => {
  const files = sourceFiles('extension');

  it('finds every part', () => {
    expect(new Set(files.map(partOf).filter(Boolean))).toEqual(new Set(PARTS));
  });

  it.each(PARTS)('%s imports only the parts it may', (part) => {
    const offenders = files.filter((f) => partOf(f) === part).flatMap((f) => localImportsOf(f)
      .filter((t) => {
        const target = partOf(t);
        return target !== null && target !== part && !MAY_IMPORT[part].includes(target);
      })
      .map((t) => `${f} → ${t}`));
    expect(offenders).toEqual([]);
  });

  it('nothing in the extension imports the command line or Node', () => {
    const offenders = files.filter((f) => localImportsOf(f).some((t) => t.startsWith(join('src', 'cli'))));
    expect(offenders).toEqual([]);
  });
});
