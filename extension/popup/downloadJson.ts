import { parseUrl } from '../shared/parseUrl.ts';

/** Saves a value as a .json file through an ordinary download link (no downloads permission needed). */
export function downloadJson(doc: Document, value: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  doc.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in Chromium; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `winnow-example.org-2025-01-31T10-20-30.json` */
export function exportFileName(pageUrl: string, at: Date): string {
  const host = parseUrl(pageUrl)?.hostname || 'page';
  return `winnow-${host.replace(/[^a-z0-9.-]/gi, '_')}-${fileStamp(at)}.json`;
}

/** `winnow-site-memory-2025-01-31T10-20-30.json`: every site's memory in one file. */
export function siteMemoryFileName(at: Date): string {
  return `winnow-site-memory-${fileStamp(at)}.json`;
}

function fileStamp(at: Date): string {
  return at.toISOString().replace(/\.\d+Z$/, '').replace(/:/g, '-');
}
