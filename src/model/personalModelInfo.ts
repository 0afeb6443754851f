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
  /** Agreement with the person's labels on pages held out from the fit, before (bundled model) and after; null with too few pages. */
  heldOut: { pages: number; segments: number; before: number; after: number } | null;
}
