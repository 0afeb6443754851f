import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readAnnotationFile } from '../../labels/annotationMigration.ts';
import type { AnnotationExport } from '../../labels/annotationFile.ts';

/** One page's annotations and the HTML file on disk it is captured from again. */
export interface AnnotatedPage {
  /** The annotation file it came from, and its place in that file when the file holds a list. */
  source: string;
  annotation: AnnotationExport;
  htmlPath: string;
}

/**
 * The files named after `--annotations` and after `--html` on the command line (`--annotations a.json b.json --html
 * a.html`): node:util's parser keeps one value per option, so the lists are read from the arguments as typed.
 */
export function listOptionFiles(args: readonly string[], option: string): string[] {
  const out: string[] = [];
  let inList = false;
  for (const a of args) {
    if (a.startsWith(`--${option}=`)) {
      out.push(a.slice(option.length + 3));
      inList = true;
    } else if (a === `--${option}`) {
      inList = true;
    } else if (a.startsWith('-')) {
      inList = false;
    } else if (inList) {
      out.push(a);
    }
  }
  return out;
}

/**
 * Reads the annotation files (v1, v2, or a JSON list of them as "export all" writes) and finds each page's HTML: its
 * `page.url` when that is a file: address or a path on disk, else the `--html` file with the same base name (as the
 * annotation file or the address's last part), else the `--html` file at the same place in the list when there are
 * as many as pages. A file that does not read, or a page none of these finds, is an error naming the file.
 */
export async function readAnnotatedPages(files: readonly string[], htmlFiles: readonly string[]): Promise<AnnotatedPage[]> {
  const annotations: Array<{ source: string; file: string; annotation: AnnotationExport }> = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      throw new Error(`${file}: cannot read the annotation file`);
    }
    const trimmed = text.trimStart();
    const entries = trimmed.startsWith('[') ? listEntries(file, text) : [text];
    entries.forEach((entry, k) => {
      const read = readAnnotationFile(entry);
      const source = entries.length > 1 || trimmed.startsWith('[') ? `${file}[${k}]` : file;
      if ('problems' in read) throw new Error(`${source}: not an annotation file: ${read.problems.slice(0, 3).join('; ')}`);
      annotations.push({ source, file, annotation: read.file });
    });
  }
  for (const h of htmlFiles) if (!isFile(h)) throw new Error(`--html ${h}: no such file`);
  return annotations.map(({ source, file, annotation }, k) => ({
    source, annotation, htmlPath: htmlPathOf(source, file, annotation.page.url, k, annotations.length, htmlFiles),
  }));
}

function listEntries(file: string, text: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: not JSON (${(e as Error).message}); was the file cut short?`);
  }
  return (json as unknown[]).map((entry) => JSON.stringify(entry));
}

function htmlPathOf(source: string, file: string, url: string, index: number, pages: number, htmlFiles: readonly string[]): string {
  if (url.startsWith('file:')) {
    const path = fileURLToPath(url);
    if (isFile(path)) return path;
  } else if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && isFile(url)) {
    return resolve(url);
  }
  const stem = (p: string) => basename(p, extname(p));
  const names = new Set([stem(file), stem(url.replace(/[?#].*$/, '').replace(/\/+$/, ''))]);
  const byName = htmlFiles.filter((h) => names.has(stem(h)));
  if (byName.length === 1) return resolve(byName[0]);
  if (htmlFiles.length === pages) return resolve(htmlFiles[index]);
  throw new Error(`${source}: no HTML for its page ${url}: it is not a file on disk, and no --html file has its base ` +
    `name${htmlFiles.length ? ` (or comes at the same place: ${htmlFiles.length} --html files for ${pages} pages)` : ''}`);
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
