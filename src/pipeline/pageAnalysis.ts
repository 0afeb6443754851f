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
  /** Visible text with every template segment removed. */
  readerText: string;
  timingsMs: Record<string, number>;
}
