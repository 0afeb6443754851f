import type { Mode } from './settings.ts';

/** Where the classifier and smoothing ran for a page. */
export type EngineKind = 'worker' | 'in-page';

/** What the content script reports after a run or a change; the popup shows it and the tests read it. */
export interface RunStatus {
  url: string;
  mode: Mode;
  penaltyFactor: number;
  threshold: number;
  nodes: number;
  segments: number;
  templateSegments: number;
  /** Share of the page's visible text that lies in template segments, in [0, 1]. */
  templateTextShare: number;
  /** How many times the page was captured (a slider move must not add one). */
  captures: number;
  /** Computed styles read from the page by the last capture; a re-run reads only new or changed elements'. */
  stylesRead: number;
  /** How many times the classified snapshot was smoothed. */
  smooths: number;
  engine: EngineKind;
  /** total: from the run request to the mode being on screen (after the next paint). */
  timingsMs: { capture: number; classify: number; smooth: number; total: number };
  /** Wall-clock time (ms since the epoch) at which the first run's mode was on screen: for end-to-end timings. */
  shownAtEpochMs: number;
}
