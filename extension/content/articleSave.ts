/**
 * "Save the clean page": the reader's article (the same the reader view shows) as Markdown or standalone HTML,
 * downloaded from the page itself through a Blob link, so neither the popup nor the context menu needs the downloads
 * permission, and nothing leaves the machine.
 */
import { articleHtml, articleMarkdown, type ArticleFormat } from './articleFormats.ts';
import { readerArticle } from './readerArticle.ts';
import type { CompleteRun } from './pageState.ts';
export type { ArticleFormat };

export interface SavedArticle {
  fileName: string;
  bytes: number;
}

export async function saveArticle(doc: Document, run: CompleteRun, format: ArticleFormat): Promise<SavedArticle> {
  const article = await readerArticle(doc, run);
  const meta = { title: run.capture.declared.title || run.capture.title, url: run.capture.url };
  const text = format === 'markdown' ? articleMarkdown(article, meta) : articleHtml(article, meta);
  const fileName = articleFileName(meta, format);
  const type = format === 'markdown' ? 'text/markdown;charset=utf-8' : 'text/html;charset=utf-8';
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // Revoking at once can cancel the download in Chromium; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { fileName, bytes: new TextEncoder().encode(text).length };
}

/** `winnow-news.example-the-headline.md`: the site and the title, in characters any file system takes. */
export function articleFileName(meta: { title: string; url: string }, format: ArticleFormat): string {
  let host = 'page';
  try {
    host = new URL(meta.url).hostname || host;
  } catch {
    // A page without a parseable address is saved as "page".
  }
  const slug = meta.title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'article';
  return `winnow-${host}-${slug}.${format === 'markdown' ? 'md' : 'html'}`;
}
