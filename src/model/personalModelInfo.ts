/**
 * The personal model's state as the popup and the command line show it. Defined in the core (src/ never imports
 * extension/); extension/shared/labelsApi.ts passes it in its messages.
 */
export interface PersonalModelInfo {
  /** ISO 8601 time of the fit. */
  trainedAt: string;
  version: string;
  pages: number;
  segments: number;
  rows: number;
  /**
   * Agreement with the person's labels on pages held out from the fit, before (bundled model) and after: the share of
   * held-out labelled segments whose rows' mean probability is on the label's side of 0.5 (the classifier's verdict,
   * before smoothing). Null with too few pages.
   */
  heldOut: {
    pages: number; segments: number; before: number; after: number;
    /** What each fold held out whole: sites when the labels come from several, else pages (src/model/labelFolds.ts). */
    by?: 'site' | 'page';
  } | null;
}
