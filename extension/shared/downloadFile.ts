/**
 * Files Winnow hands a person (annotations, site memory, the clean page): saved through an ordinary download link to
 * a Blob, so no downloads permission is needed and nothing leaves the machine. Used from the popup and, for the clean
 * page, from the page itself (the context menu has no popup).
 */
import { parseUrl } from './parseUrl.ts';

/**
 * Saves `text` as `fileName`. In a page of its own (the popup) the link is put in the document for the click; in a
 * page Winnow runs on it is clicked detached, so the page's own observers see no element come and go.
 */
export function downloadText(doc: Document, text: string, type: string, fileName: string,
  where: 'own page' | 'visited page' = 'own page'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  if (where === 'own page') doc.body?.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in Chromium; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function downloadJson(doc: Document, value: unknown, fileName: string): void {
  downloadText(doc, JSON.stringify(value, null, 2), 'application/json', fileName);
}

/** `winnow-example.org-2025-01-31T10-20-30.json` */
export function exportFileName(pageUrl: string, at: Date): string {
  return `winnow-${hostPart(pageUrl)}-${fileStamp(at)}.json`;
}

/** `winnow-site-memory-2025-01-31T10-20-30.json`: every site's memory in one file. */
export function siteMemoryFileName(at: Date): string {
  return `winnow-site-memory-${fileStamp(at)}.json`;
}

/** `winnow-news.example-the-headline.md`: the site and the title, in characters any file system takes. */
export function articleFileName(pageUrl: string, title: string, extension: 'md' | 'html'): string {
  const slug = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'article';
  return `winnow-${hostPart(pageUrl)}-${slug}.${extension}`;
}

function hostPart(pageUrl: string): string {
  return (parseUrl(pageUrl)?.hostname || 'page').replace(/[^a-z0-9.-]/gi, '_');
}

function fileStamp(at: Date): string {
  return at.toISOString().replace(/\.\d+Z$/, '').replace(/:/g, '-');
}
