/** What one page's analysis looks like once it leaves the page as JSON (CLI output, extension messages). */
export interface PageSegmentJson {
  node: number;
  /** CSS selector that finds the segment root again on the same page. */
  selector: string;
  rect: { x: number; y: number; width: number; height: number };
  score: number;
  template: boolean;
  text: string;
  parentSegment: number;
}

export interface PageAnalysisJson {
  url: string;
  title: string;
  nodes: number;
  smoothedNodes: number;
  cost: number;
  segments: PageSegmentJson[];
  /** The article's body text as the reader keeps it (winnowExtract's `text`): without its title and byline. */
  readerText: string;
  /** The article's title, byline and publication date (ISO 8601), read from the page's metadata and headline. */
  article: { title: string; byline: string | null; published: string | null };
  timingsMs: Record<string, number>;
}
