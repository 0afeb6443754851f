import { stat, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { sniffPageFile } from './pageSniff.ts';

export interface InputItem {
  /** As the user named it (or found inside a named folder). */
  file: string;
  /** Absolute path, or null with the reason when it cannot be used. */
  path: string | null;
  error?: string;
}

/**
 * Expands FILE_OR_DIR arguments: folders give their .html/.htm files, recursively, in sorted order. A file that is
 * not a page (empty, or binary) comes back with the reason instead of a path, so it is never rendered.
 */
export async function expandInputs(args: string[]): Promise<InputItem[]> {
  const items: InputItem[] = [];
  for (const arg of args) {
    let info;
    try {
      info = await stat(arg);
    } catch {
      items.push({ file: arg, path: null, error: 'no such file or folder' });
      continue;
    }
    if (info.isDirectory()) {
      const found = await htmlFilesUnder(arg);
      if (found.length === 0) items.push({ file: arg, path: null, error: 'folder has no .html files' });
      for (const f of found) items.push(await pageItem(f));
    } else {
      items.push(await pageItem(arg));
    }
  }
  return items;
}

async function pageItem(file: string): Promise<InputItem> {
  const path = resolve(file);
  let sniff;
  try {
    sniff = await sniffPageFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { file, path: null, error: code === 'EACCES' ? 'permission denied' : `unreadable (${code ?? String(e)})` };
  }
  return sniff.page ? { file, path } : { file, path: null, error: sniff.reason };
}

async function htmlFilesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await htmlFilesUnder(p)));
    else if (/\.html?$/i.test(e.name)) out.push(p);
  }
  return out;
}
