/**
 * "Save the clean page": the reader's article (the same the reader view shows) as Markdown or standalone HTML,
 * downloaded from the page itself (shared/downloadFile.ts), so the context menu, which has no popup, can save too.
 */
import { articleHtml, articleMarkdown, type ArticleFormat } from './articleFormats.ts';
import { readerArticle } from './readerArticle.ts';
import type { PageState } from './pageState.ts';
import { labelledRun } from './labelledVerdicts.ts';
import { articleFileName, downloadText } from '../shared/downloadFile.ts';
export type { ArticleFormat };

export interface SavedArticle {
  fileName: string;
  bytes: number;
}

/** The article as the reader shows it, a person's labels applied (labelledVerdicts.ts). */
export async function saveArticle(doc: Document, state: PageState, format: ArticleFormat): Promise<SavedArticle> {
  const run = labelledRun(state);
  const article = await readerArticle(doc, run);
  const meta = { title: run.capture.declared.title || run.capture.title, url: run.capture.url };
  const text = format === 'markdown' ? articleMarkdown(article, meta) : articleHtml(article, meta);
  const fileName = articleFileName(meta.url, meta.title, format === 'markdown' ? 'md' : 'html');
  const type = format === 'markdown' ? 'text/markdown;charset=utf-8' : 'text/html;charset=utf-8';
  downloadText(doc, text, type, fileName, 'visited page');
  return { fileName, bytes: new TextEncoder().encode(text).length };
}
