/** A page of a dataset, ready to capture: where it is, its site and address. */
export interface LabelledPage {
  id: string;
  site: string;
  path: string;
  /** Original address of the page, for intra-site links. */
  url: string;
  /**
   * Files the page loads by a site-absolute address (`/_css/screen.css` becomes `file:///_css/screen.css` when the
   * page is opened from disk), keyed by that file: URL, valued by the local copy. Only archives that ship their CSS.
   */
  resources?: Record<string, string>;
}
