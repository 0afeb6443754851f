/** One page of an evaluation set: the file to render and where its gold main content comes from. */
export interface EvalPage {
  /** Stable id for the report (the dataset's own file name or id). */
  id: string;
  /** The HTML file rendered in Chromium. */
  path: string;
  /**
   * The gold main content: a text written by people (Dragnet, CleanEval), or the text of L3S's annotated spans of
   * the given classes, read in the rendered page itself so that gold and predictions come from the same DOM.
   */
  gold: { text: string } | { l3sClasses: readonly number[] };
  /** article, forum, product, …: sets that say (the Scrapinghub format) get scores per type. */
  pageType?: string;
  /** Sentences a good extraction contains (`with`) and boilerplate it leaves out (`without`), when the set has them. */
  snippets?: { with: readonly string[]; without: readonly string[] };
}

export interface EvalSet {
  /** Dataset name as given to --dataset. */
  name: string;
  /** One line for the report: which pages and which gold. */
  description: string;
  pages: EvalPage[];
  /** Pages of the dataset left out before rendering, with why (a gold file without its page, say). */
  skipped?: Array<{ id: string; reason: string }>;
}
