/**
 * A person's labels as the extension's parts pass them around. The background keeps them per page address in
 * storage.local (extension/background/labelStore.ts); the content script sets them in inspect mode and finds them
 * again on later runs (src/labels/labelMapping.ts); the popup lists, exports, imports and clears them, and fits the
 * personal model on them. Labels never leave the machine but through a file the person saves.
 */
import type { Method } from './protocol.ts';
import type { AnnotatedSegment, AnnotationExport } from '../../src/labels/annotationFile.ts';
import type { SegmentLabelRecord } from '../../src/labels/pageLabels.ts';
import type { LabelTrainingRows } from '../../src/inspect/nodeInspection.ts';
import type { PersonalModelInfo } from '../../src/model/personalModelInfo.ts';

/** The personal model's state, for the popup (defined in the core, which the command line shares). */
export type { PersonalModelInfo };
import { parseUrl } from './parseUrl.ts';

/**
 * The address a page's labels are kept under: its address without the #fragment (an in-page anchor is the same page).
 * A text that is not an address (an annotation file may hold anything) is kept as it is, up to its '#'.
 */
export function labelPageAddress(url: string): string {
  const u = parseUrl(url);
  if (!u) return url.split('#')[0];
  u.hash = '';
  return u.href;
}

/**
 * The start of a save's refusal when the page's kept labels changed since the tab read them (recognised by the content
 * script, which then reads them again and saves its change on top: segmentLabels.ts).
 */
export const LABELS_CHANGED_ELSEWHERE = 'labels changed elsewhere since this tab read them';

/** Why "Improve the model" cannot fit yet: the personal fit needs both labels, with feature rows, on two pages. */
export const TOO_FEW_LABELS = 'Label at least one template and one content segment on two pages first';

/** One labelled segment as kept: how to find it again, what it was when labelled, and its feature rows. */
export interface LabelledSegment {
  record: SegmentLabelRecord;
  /** The segment as exported (rect, the model's score and label, text), with `humanLabel`/`labelledAt` set. */
  annotation: AnnotatedSegment;
  /** Feature rows of its nodes, for the personal model; null for labels imported from a file until the page is run. */
  rows: LabelTrainingRows | null;
}

/** All labels of one page address. */
export interface PageLabels {
  url: string;
  title: string;
  /** The page's viewport when the labels were set (the annotation file's `page.viewport`). */
  viewport: { width: number; height: number };
  segments: LabelledSegment[];
}

export interface LabelledPageSummary {
  url: string;
  title: string;
  template: number;
  content: number;
  /** Labels without feature rows (imported, page not run since): they do not train the personal model yet. */
  withoutRows: number;
  /** ISO 8601 time of the newest label. */
  updatedAt: string;
}

export interface LabelImportReport {
  /** Files read and pages they held. */
  files: number;
  pages: number;
  added: number;
  unchanged: number;
  /** Existing labels a newer imported one would change: replaced only when the import was confirmed (`replace`). */
  conflicts: number;
  replaced: number;
  /** One line per rejected file or entry: `name: reason`. */
  rejected: string[];
  /** Addresses of the pages whose labels changed (a tab showing one is told to draw them). */
  changedUrls: string[];
}

/** Messages about labels and the personal model the background answers (part of BackgroundApi). */
export interface LabelsApi {
  /**
   * The labels kept for one page address; `problem` says when stored data was damaged and dropped; `revision` names
   * what was read (null: no labels), for the next save's `basedOn`.
   */
  pageLabels: Method<{ url: string }, { page: PageLabels | null; problem: string | null; revision: string | null }>;
  /**
   * Replaces the labels of one page (an empty list removes the page), if storage still holds the revision `basedOn`
   * (another tab, an import or a clear may have changed them since): else refused with LABELS_CHANGED_ELSEWHERE, and
   * the tab reads them again. Refused with a clear message over the cap. Answers the revision now kept.
   */
  savePageLabels: Method<{ page: PageLabels; basedOn: string | null },
    { labels: number; bytes: number; revision: string | null }>;
  labelledPages: Method<Record<string, never>, {
    pages: LabelledPageSummary[]; bytes: number; capBytes: number; problem: string | null;
  }>;
  /** Every labelled page as an annotation file (v2) holding its labelled segments. */
  exportLabels: Method<Record<string, never>, AnnotationExport[]>;
  /**
   * Reads annotation files (v1, v2, or a list of them as "export all" writes) and merges their human labels: new
   * labels are added, a newer label for a labelled segment replaces the old one only with `replace`.
   */
  importAnnotations: Method<{ files: Array<{ name: string; text: string }>; replace: boolean }, LabelImportReport>;
  /** Removes the labels of one page, or of all pages without `url`. */
  clearLabels: Method<{ url?: string }, { pages: number; labels: number }>;
  /** Fits the personal model on the kept labels (with their rows) and keeps it; the bundled model is its prior. */
  improveModel: Method<Record<string, never>, PersonalModelInfo>;
  personalModel: Method<Record<string, never>, PersonalModelInfo | null>;
  /** Drops the personal model: runs use the bundled model again. */
  resetModel: Method<Record<string, never>, { reset: boolean }>;
}
