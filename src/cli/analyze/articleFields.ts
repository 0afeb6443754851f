import type { PageAnalysisJson } from '../../pipeline/pageAnalysis.ts';

/** The article's title, byline and publication date as `extract` prints them. */
export interface ArticleFields {
  title: string;
  byline: string | null;
  published: string | null;
}

/**
 * Reads the analysis' `article` ({title, byline, published}, found by the reader in the page) when the page script
 * provides it, and falls back to the document title and nulls otherwise. The field is read as unknown on purpose:
 * this compiles and behaves whether or not PageAnalysisJson declares it, and a malformed field is ignored.
 */
export function articleFields(analysis: PageAnalysisJson): ArticleFields {
  const article: unknown = 'article' in analysis ? analysis.article : undefined;
  const field = (name: string): unknown =>
    article !== null && typeof article === 'object' ? (article as Record<string, unknown>)[name] : undefined;
  const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
  return {
    title: text(field('title')) ?? analysis.title,
    byline: text(field('byline')),
    published: text(field('published')),
  };
}
