/**
 * The reader decision: one answer per page to "what is the content", used by every host (the extension's reader and
 * hide modes, `winnowExtract`, `winnow extract`). Pure: depends on the snapshot, the smoothed scores and, when the
 * page has them, metadata hints read from the document (title, byline).
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { readerKeepAndArticle } from './readerKeep.ts';
import { showOnScreen } from './leadMedia.ts';
import { findByline, findHeadline } from './headline.ts';
import { subtreeEnd } from '../snapshot/tree.ts';
import type { InformativeRegions } from '../segment/informativeRegions.ts';

/** What the document itself says about its article (meta tags, JSON-LD, <title>); all optional. */
export interface ArticleHints {
  title?: string | null;
  byline?: string | null;
  /** Nodes whose class, id, rel or itemprop name them as the author or byline (read from the document). */
  authorNodes?: readonly number[];
}

export interface ReaderDecision {
  /** Per node, 1 when the node belongs to the body text (skip every 0 node with its subtree to read the body). */
  keep: Uint8Array;
  /** The article region (SD's densest prose region), -1 on pages with several areas and no article. */
  article: number;
  /** The headline element, -1 when none was found. Not part of `keep`: the title is reported apart from the body. */
  headline: number;
  /** The byline element, -1 when none was found. Not part of `keep`. */
  byline: number;
  /**
   * Per node, 1 when hide mode must leave it on screen: the body plus the headline, byline and lead media of the
   * main content. Hide mode hides the topmost nodes marked 0.
   */
  show: Uint8Array;
  /** SD's page type (paper 004): 'article', 'article-with-comments' or 'multiple'. */
  pageType: InformativeRegions['pageType'];
}

export function readerDecision(s: PageSnapshot, values: ArrayLike<number>, threshold: number,
  hints: ArticleHints = {}): ReaderDecision {
  const { keep, article, pageType } = readerKeepAndArticle(s, values, threshold);
  const headline = findHeadline(s, article, hints.title);
  const byline = findByline(s, headline, article, hints.byline, hints.authorNodes);
  // The body text does not repeat the title and byline, which are reported apart (as other extractors do).
  for (const node of [headline, byline]) if (node >= 0) keep.fill(0, node, subtreeEnd(s, node));
  const show = showOnScreen(s, keep, article, headline, byline);
  return { keep, article, headline, byline, show, pageType };
}
