import { DEFAULT_PIPELINE_OPTIONS, isValidOption } from '../../src/pipeline/pipelineOptions.ts';
import { parseUrl } from './parseUrl.ts';

export const MODES = ['off', 'highlight', 'hide', 'reader', 'inspect', 'segments'] as const;
export type Mode = (typeof MODES)[number];

/**
 * Modes for looking at one page, never kept as the site's mode: inspect (kept, a plain click on any page of the site
 * would label a segment instead of doing what it does) and segments (how paper 003's GCuts cuts the page: a tool, not
 * a way to read, and a segmentation on every page of a site Winnow always runs on).
 */
export const ONE_PAGE_MODES: readonly Mode[] = ['inspect', 'segments'];

export const READER_THEMES = ['auto', 'light', 'dark'] as const;
export type ReaderTheme = (typeof READER_THEMES)[number];

/** What a person chose for one site (origin); remembered in storage.local. */
export interface SiteSettings {
  mode: Mode;
  /** The paper's c (γᵢ = c·A/Aᵢ). */
  penaltyFactor: number;
  threshold: number;
  readerTheme: ReaderTheme;
  /** Run as soon as a page of this site loads (needs the site's host permission). */
  alwaysRun: boolean;
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  mode: 'highlight',
  penaltyFactor: DEFAULT_PIPELINE_OPTIONS.penaltyFactor,
  threshold: DEFAULT_PIPELINE_OPTIONS.threshold,
  readerTheme: 'auto',
  alwaysRun: false,
};

/**
 * Bounds of the popup's penalty slider (log scale); the default 0.01 sits in the middle. Only the slider's: a site's
 * stored penalty may be any the smoothing accepts (src/smooth/penalties.ts), and the slider then shows its end.
 */
export const PENALTY_MIN = 1e-4;
export const PENALTY_MAX = 1;

/**
 * The key a page's settings live under: its origin, not its site (src/site/siteName.ts), because the "always run here"
 * permission a browser grants is per origin; http and https of one host keep separate settings.
 */
export function settingsKeyOf(url: string): string | null {
  const u = parseUrl(url);
  if (!u) return null;
  if (u.protocol !== 'http:' && u.protocol !== 'https:' && u.protocol !== 'file:') return null;
  return `site:${u.protocol === 'file:' ? 'file://' : u.origin}`;
}

/** Keeps what is valid of a stored value and fills the rest with defaults (storage may hold an older shape). */
export function normalizeSiteSettings(raw: unknown): SiteSettings {
  const o = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    mode: MODES.includes(o.mode as Mode) ? (o.mode as Mode) : DEFAULT_SITE_SETTINGS.mode,
    // The pipeline's own rules: what `setOptions` smooths with is what is stored (no second range that differs).
    penaltyFactor: isValidOption('penaltyFactor', o.penaltyFactor) ? o.penaltyFactor : DEFAULT_SITE_SETTINGS.penaltyFactor,
    threshold: isValidOption('threshold', o.threshold) ? o.threshold : DEFAULT_SITE_SETTINGS.threshold,
    readerTheme: READER_THEMES.includes(o.readerTheme as ReaderTheme)
      ? (o.readerTheme as ReaderTheme) : DEFAULT_SITE_SETTINGS.readerTheme,
    alwaysRun: o.alwaysRun === true,
  };
}

/** Slider position in [0, 1] ↔ penalty on a log scale between PENALTY_MIN and PENALTY_MAX. */
export function penaltyFromSlider(position: number): number {
  const p = Math.min(1, Math.max(0, position));
  const lo = Math.log10(PENALTY_MIN);
  const hi = Math.log10(PENALTY_MAX);
  return Number((10 ** (lo + p * (hi - lo))).toPrecision(3));
}

export function sliderFromPenalty(c: number): number {
  const lo = Math.log10(PENALTY_MIN);
  const hi = Math.log10(PENALTY_MAX);
  const clamped = Math.min(PENALTY_MAX, Math.max(PENALTY_MIN, c));
  return (Math.log10(clamped) - lo) / (hi - lo);
}
