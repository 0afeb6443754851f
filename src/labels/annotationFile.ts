/**
 * The annotation file: one page's segments with the model's labels and a person's, as the popup exports it and
 * imports it again, and as `winnow train --annotations` reads it. Documented in src/labels/annotations.schema.json
 * (JSON Schema, which a unit test keeps in step with this validator); bump ANNOTATION_SCHEMA_VERSION on any
 * incompatible change and teach `readAnnotationFile` the old version.
 *
 * Version 2 adds to each segment `textHash` (finds a labelled segment again when the page changed,
 * src/labels/segmentText.ts) and `labelledAt` (when its human label was set: a newer label wins a merge). Version 1
 * files are still read (src/labels/annotationMigration.ts). `subtreeHash` came later within version 2, optional, so
 * files written before it still read (their labels are found by `textHash` alone). `segmentation` (the page cut by
 * paper 003's GCuts, with the smoothing's verdict per segment) came later within version 2 too, optional likewise.
 */
import { optionProblem } from '../pipeline/pipelineOptions.ts';

export const ANNOTATION_SCHEMA_VERSION = 2;
export const ANNOTATION_SCHEMA_ID = 'winnow-annotations';

export type SegmentLabel = 'template' | 'content';

export interface AnnotatedSegment {
  /** CSS selector that finds the segment root again on the same page. */
  selector: string;
  /** Absolute XPath of the segment root (light DOM only; null inside shadow roots). */
  xpath: string | null;
  /** Document coordinates in CSS px at the time of the run. */
  rect: { x: number; y: number; width: number; height: number };
  /** Smoothed templateness in [0, 1]. */
  score: number;
  /** The model's label: template when score ≥ threshold. */
  label: SegmentLabel;
  /** A person's label; null when nobody labelled the segment. */
  humanLabel: SegmentLabel | null;
  /** Index of the enclosing segment in `segments`, -1 for the page's root segment. */
  parentSegment: number;
  text: string;
  /** Hash of the segment's own text, white space collapsed (segmentTextHash): how labels find it again. */
  textHash: string;
  /**
   * Hash of the root's whole subtree text, nested segments included, hashed the same way: it stays when another
   * penalty nests other segments inside (and so changes the own text). Absent in files written before it.
   */
  subtreeHash?: string;
  /** ISO 8601 time the human label was set; null when there is none. */
  labelledAt: string | null;
  /**
   * Whether the segment's root repeats across the pages of the site Winnow remembers (site memory); absent when the
   * run had none.
   */
  siteTemplate?: boolean;
}

/** One segment of a graph segmentation (paper 003), with the smoothing's verdict on it. */
export interface GraphSegmentAnnotation {
  /** The smoothing's verdict: template when `score` ≥ the file's options.threshold. */
  label: SegmentLabel;
  /** Area-weighted mean smoothed templateness of its leaves, in [0, 1] (src/session/graphSegmentVerdicts.ts). */
  score: number;
  /** The union of its parts' boxes, document coordinates in CSS px at the time of the run. */
  rect: { x: number; y: number; width: number; height: number };
  /** The nodes heading its parts (one per disjoint region), in document order, as the segments' roots are given. */
  roots: Array<{ selector: string; xpath: string | null }>;
  /** Leaves of the segmentation tree (visible nodes without visible children) in it. */
  leaves: number;
  /** Visible characters under its roots. */
  chars: number;
}

/** The page as a graph segmenter cut it; its verdicts are at the file's options. */
export interface GraphSegmentationAnnotation {
  method: 'gcuts' | 'cclus';
  /** The segmentation model whose learned costs it used. */
  model: string;
  segments: GraphSegmentAnnotation[];
}

export interface AnnotationExport {
  schema: typeof ANNOTATION_SCHEMA_ID;
  version: typeof ANNOTATION_SCHEMA_VERSION;
  page: { url: string; title: string; viewport: { width: number; height: number } };
  /** ISO 8601 time of the export. */
  createdAt: string;
  model: { version: string; featureSchema: string; featureSchemaVersion: number };
  options: { penaltyFactor: number; threshold: number; minArea: number };
  segments: AnnotatedSegment[];
  /** The page cut by GCuts (or CClus); absent in files written before it, and in lists of labels from storage. */
  segmentation?: GraphSegmentationAnnotation;
}

/** Every problem with a parsed file of the current version, as `path: what is wrong`; an empty list means valid. */
export function validateAnnotationExport(json: unknown): string[] {
  return validateAnnotationVersion(json, ANNOTATION_SCHEMA_VERSION);
}

/** Every problem with a parsed file of the given version (1 or 2). */
export function validateAnnotationVersion(json: unknown, version: 1 | 2): string[] {
  const errors: string[] = [];
  const v = new Validator(errors);
  if (!v.object(json, '$')) return errors;
  const o = json as Record<string, unknown>;
  v.literal(o.schema, ANNOTATION_SCHEMA_ID, '$.schema');
  v.literal(o.version, version, '$.version');
  if (v.object(o.page, '$.page')) {
    const p = o.page as Record<string, unknown>;
    v.string(p.url, '$.page.url');
    v.string(p.title, '$.page.title');
    if (v.object(p.viewport, '$.page.viewport')) {
      const vp = p.viewport as Record<string, unknown>;
      v.number(vp.width, '$.page.viewport.width', 0);
      v.number(vp.height, '$.page.viewport.height', 0);
    }
  }
  if (v.string(o.createdAt, '$.createdAt') && Number.isNaN(Date.parse(o.createdAt as string))) {
    errors.push('$.createdAt: not an ISO 8601 time');
  }
  if (v.object(o.model, '$.model')) {
    const m = o.model as Record<string, unknown>;
    v.string(m.version, '$.model.version');
    v.string(m.featureSchema, '$.model.featureSchema');
    v.number(m.featureSchemaVersion, '$.model.featureSchemaVersion', 1);
  }
  if (v.object(o.options, '$.options')) {
    const op = o.options as Record<string, unknown>;
    // The pipeline's own rule for each option: a file the extension would refuse to smooth with is refused here too.
    for (const key of ['penaltyFactor', 'threshold', 'minArea'] as const) {
      const problem = optionProblem(key, op[key]);
      if (problem) v.fail(`$.options.${key}`, problem);
    }
  }
  if (!Array.isArray(o.segments)) {
    errors.push('$.segments: expected an array');
    return errors;
  }
  o.segments.forEach((seg, i) => validateSegment(v, seg, `$.segments[${i}]`, o.segments as unknown[], version));
  if (o.segmentation !== undefined) validateSegmentation(v, o.segmentation, '$.segmentation');
  return errors;
}

function validateSegmentation(v: Validator, x: unknown, at: string): void {
  if (!v.object(x, at)) return;
  const g = x as Record<string, unknown>;
  v.oneOf(g.method, ['gcuts', 'cclus'], `${at}.method`);
  v.string(g.model, `${at}.model`, 1);
  if (!Array.isArray(g.segments)) {
    v.fail(`${at}.segments`, 'expected an array');
    return;
  }
  g.segments.forEach((seg: unknown, i: number) => {
    const here = `${at}.segments[${i}]`;
    if (!v.object(seg, here)) return;
    const s = seg as Record<string, unknown>;
    v.oneOf(s.label, ['template', 'content'], `${here}.label`);
    v.number(s.score, `${here}.score`, 0, 1);
    v.rect(s.rect, `${here}.rect`);
    if (!Array.isArray(s.roots) || s.roots.length === 0) {
      v.fail(`${here}.roots`, 'expected a non-empty array');
    } else {
      s.roots.forEach((root: unknown, k: number) => {
        if (!v.object(root, `${here}.roots[${k}]`)) return;
        const r = root as Record<string, unknown>;
        v.string(r.selector, `${here}.roots[${k}].selector`, 1);
        if (r.xpath !== null) v.string(r.xpath, `${here}.roots[${k}].xpath`, 1);
      });
    }
    v.count(s.leaves, `${here}.leaves`);
    v.count(s.chars, `${here}.chars`);
  });
}

function validateSegment(v: Validator, seg: unknown, at: string, all: unknown[], version: 1 | 2): void {
  if (!v.object(seg, at)) return;
  const s = seg as Record<string, unknown>;
  v.string(s.selector, `${at}.selector`, 1);
  if (s.xpath !== null) v.string(s.xpath, `${at}.xpath`, 1);
  v.rect(s.rect, `${at}.rect`);
  v.number(s.score, `${at}.score`, 0, 1);
  v.oneOf(s.label, ['template', 'content'], `${at}.label`);
  if (s.humanLabel !== null) v.oneOf(s.humanLabel, ['template', 'content'], `${at}.humanLabel`);
  if (v.number(s.parentSegment, `${at}.parentSegment`, -1, all.length - 1) && !Number.isInteger(s.parentSegment)) {
    v.fail(`${at}.parentSegment`, 'expected an integer');
  }
  v.string(s.text, `${at}.text`);
  if (version >= 2) {
    v.string(s.textHash, `${at}.textHash`, 1);
    if (s.labelledAt !== null && v.string(s.labelledAt, `${at}.labelledAt`) &&
      Number.isNaN(Date.parse(s.labelledAt as string))) v.fail(`${at}.labelledAt`, 'not an ISO 8601 time');
    if (s.labelledAt !== null && s.humanLabel === null) v.fail(`${at}.labelledAt`, 'set without a human label');
  }
  if (s.subtreeHash !== undefined) v.string(s.subtreeHash, `${at}.subtreeHash`, 1);
  if (s.siteTemplate !== undefined && typeof s.siteTemplate !== 'boolean') v.fail(`${at}.siteTemplate`, 'expected a boolean');
}

class Validator {
  constructor(private readonly errors: string[]) {}

  fail(at: string, what: string): false {
    this.errors.push(`${at}: ${what}`);
    return false;
  }

  object(x: unknown, at: string): boolean {
    return typeof x === 'object' && x !== null && !Array.isArray(x) ? true : this.fail(at, 'expected an object');
  }

  string(x: unknown, at: string, minLength = 0): boolean {
    if (typeof x !== 'string') return this.fail(at, 'expected a string');
    return x.length >= minLength ? true : this.fail(at, `expected at least ${minLength} characters`);
  }

  number(x: unknown, at: string, min = -Infinity, max = Infinity): boolean {
    if (typeof x !== 'number' || !Number.isFinite(x)) return this.fail(at, 'expected a finite number');
    return x >= min && x <= max ? true : this.fail(at, `expected a number in [${min}, ${max}], got ${x}`);
  }

  literal(x: unknown, expected: string | number, at: string): boolean {
    return x === expected ? true : this.fail(at, `expected ${JSON.stringify(expected)}, got ${JSON.stringify(x)}`);
  }

  /** A box: x and y any finite numbers, width and height ≥ 0. */
  rect(x: unknown, at: string): void {
    if (!this.object(x, at)) return;
    const r = x as Record<string, unknown>;
    this.number(r.x, `${at}.x`);
    this.number(r.y, `${at}.y`);
    this.number(r.width, `${at}.width`, 0);
    this.number(r.height, `${at}.height`, 0);
  }

  /** An integer ≥ 0. */
  count(x: unknown, at: string): void {
    if (this.number(x, at, 0) && !Number.isInteger(x)) this.fail(at, 'expected an integer');
  }

  oneOf(x: unknown, options: string[], at: string): boolean {
    return typeof x === 'string' && options.includes(x) ? true : this.fail(at, `expected one of ${options.join(', ')}`);
  }
}
