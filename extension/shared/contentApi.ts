import type { Method } from './protocol.ts';
import type { Mode } from './settings.ts';
import type { RunStatus } from './runStatus.ts';
import type { AnnotationExport } from '../../src/labels/annotationFile.ts';
import type { SegmentLabelRecord } from '../../src/labels/pageLabels.ts';

/** Messages the content script in a tab answers. */
export interface ContentApi {
  /** Present and ready (lets the background skip a second injection). */
  ping: Method<Record<string, never>, { ran: boolean }>;
  /**
   * Runs Winnow on the page unless it already ran, with the site's remembered settings, and shows `mode` (default:
   * the site's mode, or highlight when that is off).
   */
  run: Method<{ mode?: Mode }, RunStatus>;
  setMode: Method<{ mode: Mode }, RunStatus>;
  /** Re-smooths the kept classification with a new penalty/threshold and re-applies the mode. */
  setOptions: Method<{ penaltyFactor: number; threshold: number }, RunStatus>;
  status: Method<Record<string, never>, RunStatus | null>;
  /** After the background forgot this site: shows the page again without the site prior (no site templates). */
  forgetSite: Method<Record<string, never>, RunStatus>;
  exportAnnotations: Method<Record<string, never>, AnnotationExport>;
  /** Downloads the reader's article (what the reader view shows) as Markdown or standalone HTML, from the page. */
  saveArticle: Method<{ format: 'markdown' | 'html' }, { fileName: string; bytes: number }>;
  /**
   * The page's labels changed in the background (an import, a clear): loads them again, maps them onto the segments
   * on screen and redraws. Answers how many were put on a segment, and how many did not match (text changed, gone).
   */
  labelsChanged: Method<Record<string, never>, { applied: number; changed: number; missing: number }>;
  /**
   * Which of these labels (an import about to be made for this page) would find no segment on the page as it is now,
   * by the rules of src/labels/labelMapping.ts: their selectors, with why (the element is gone, or its text changed).
   * Nothing is saved or drawn.
   */
  checkLabels: Method<{ labels: SegmentLabelRecord[] }, { unmatched: Array<{ selector: string; reason: 'changed' | 'missing' }> }>;
  /** Captures and classifies the page again (a new personal model, say), keeping the mode; null before a first run. */
  rerun: Method<Record<string, never>, RunStatus | null>;
}
