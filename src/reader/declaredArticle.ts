/**
 * What a document declares about its article, as the page hands it to the engine: the raw metadata strings
 * (src/capture/pageMetadata.ts reads them, without deciding anything) and the nodes its markup names as the author.
 * The engine decides among them (articleMetadata: JSON-LD parsed, titles cleaned, bylines tidied) off the page's
 * thread, where the page does not wait for it.
 */
import { articleMetadata, type MetadataSources } from './articleMetadata.ts';

export interface DeclaredSources {
  metadata: MetadataSources;
  /** Snapshot nodes named as the author or byline (CaptureResult.authorNodes). */
  authorNodes: number[];
}

/** The reader decision's hints: the declared title (else the document's `<title>`), byline and author nodes. */
export function declaredHints(sources: DeclaredSources, documentTitle: string):
  { title: string; byline: string | null; authorNodes: number[] } {
  const metadata = articleMetadata(sources.metadata);
  return { title: metadata.title || documentTitle, byline: metadata.byline, authorNodes: sources.authorNodes };
}
