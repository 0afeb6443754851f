/**
 * One page's kept labels (PageLabels) as plain data: the address it is kept under, the annotation file it is exported
 * as, the labels an annotation file brings in, and what is wrong with a stored one. No storage here
 * (labelStore.ts keeps them); the merge of kept and imported labels is in labelMerge.ts.
 */
import {
  ANNOTATION_SCHEMA_ID, ANNOTATION_SCHEMA_VERSION, validateAnnotationExport, type AnnotatedSegment, type AnnotationExport,
} from '../../src/labels/annotationFile.ts';
import { labelsOfFile } from '../../src/labels/pageLabels.ts';
import { FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../src/pipeline/pipelineOptions.ts';
import { labelPageAddress, type LabelledPageSummary, type LabelledSegment, type PageLabels } from '../shared/labelsApi.ts';

export { labelPageAddress };

/** What the exported file says about the model and options: the model in use when the labels are exported. */
export interface ExportMeta {
  createdAt: string;
  modelVersion: string;
}

/**
 * A page's labels as an annotation file (the current schema): its labelled segments only, each with its human label
 * and time from the label record (the truth; the annotation is what the segment was when labelled). The segments'
 * nesting is not kept with the labels, so every segment's parent is -1.
 */
export function annotationFileOf(page: PageLabels, meta: ExportMeta): AnnotationExport {
  const { penaltyFactor, threshold, minArea } = DEFAULT_PIPELINE_OPTIONS;
  return {
    schema: ANNOTATION_SCHEMA_ID,
    version: ANNOTATION_SCHEMA_VERSION,
    page: { url: page.url, title: page.title, viewport: { ...page.viewport } },
    createdAt: meta.createdAt,
    model: { version: meta.modelVersion, featureSchema: FEATURE_SCHEMA.name, featureSchemaVersion: FEATURE_SCHEMA.version },
    options: { penaltyFactor, threshold, minArea },
    segments: page.segments.map(({ record, annotation }): AnnotatedSegment => ({
      ...annotation,
      selector: record.selector,
      xpath: record.xpath,
      textHash: record.textHash,
      humanLabel: record.label,
      labelledAt: record.labelledAt,
      parentSegment: -1,
    })),
  };
}

/** The human labels an annotation file brings, as a page's labels without feature rows (the page has not run here). */
export function importedPageOf(file: AnnotationExport): PageLabels {
  const labelled = file.segments.filter((s) => s.humanLabel !== null);
  const records = labelsOfFile(file);
  return {
    url: labelPageAddress(file.page.url),
    title: file.page.title,
    viewport: { ...file.page.viewport },
    segments: labelled.map((s, k): LabelledSegment => ({
      record: records[k],
      annotation: { ...s, parentSegment: -1, labelledAt: records[k].labelledAt },
      rows: null,
    })),
  };
}

export function summaryOf(page: PageLabels): LabelledPageSummary {
  const times = page.segments.map((s) => Date.parse(s.record.labelledAt)).filter((t) => Number.isFinite(t));
  return {
    url: page.url,
    title: page.title,
    template: page.segments.filter((s) => s.record.label === 'template').length,
    content: page.segments.filter((s) => s.record.label === 'content').length,
    withoutRows: page.segments.filter((s) => s.rows === null).length,
    updatedAt: new Date(times.length > 0 ? Math.max(...times) : 0).toISOString(),
  };
}

/**
 * What is wrong with a page's labels as stored or as sent to be stored, or null. Checked as the annotation file it
 * exports to (so a kept page always exports a valid file), plus the feature rows.
 */
export function pageLabelsProblem(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'not an object';
  const page = raw as Partial<PageLabels>;
  if (typeof page.url !== 'string' || page.url.length === 0) return 'url: expected an address';
  if (!Array.isArray(page.segments)) return 'segments: expected an array';
  for (const [k, s] of page.segments.entries()) {
    if (typeof s !== 'object' || s === null) return `segments[${k}]: expected an object`;
    if (typeof s.record !== 'object' || s.record === null) return `segments[${k}].record: expected an object`;
    if (typeof s.annotation !== 'object' || s.annotation === null) return `segments[${k}].annotation: expected an object`;
    if (typeof s.record.labelledAt !== 'string' || Number.isNaN(Date.parse(s.record.labelledAt))) {
      return `segments[${k}].record.labelledAt: not an ISO 8601 time`;
    }
    const rows = rowsProblem(s.rows);
    if (rows) return `segments[${k}].rows: ${rows}`;
  }
  const problems = validateAnnotationExport(annotationFileOf(page as PageLabels,
    { createdAt: new Date(0).toISOString(), modelVersion: 'check' }));
  return problems.length > 0 ? problems[0].replace(/^\$\./, '') +
    (problems.length > 1 ? ` (and ${problems.length - 1} more)` : '') : null;
}

function rowsProblem(rows: unknown): string | null {
  if (rows === null) return null;
  if (typeof rows !== 'object' || rows === undefined) return 'expected an object or null';
  const { features, areaFractions } = rows as { features?: unknown; areaFractions?: unknown };
  if (!Array.isArray(features) || !Array.isArray(areaFractions)) return 'expected features and areaFractions lists';
  if (features.length !== areaFractions.length) return 'features and areaFractions differ in length';
  const finite = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  if (!areaFractions.every(finite)) return 'an area fraction is not a number';
  if (!features.every((r) => Array.isArray(r) && r.every(finite))) return 'a feature row holds a non-number';
  return null;
}
