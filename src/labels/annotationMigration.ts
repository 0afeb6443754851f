import {
  ANNOTATION_SCHEMA_VERSION, validateAnnotationVersion, type AnnotatedSegment, type AnnotationExport,
} from './annotationFile.ts';
import { segmentTextHash } from './segmentText.ts';

/** Files bigger than this are refused before parsing: one page's annotations are kilobytes, not tens of megabytes. */
export const MAX_ANNOTATION_FILE_BYTES = 10 * 1024 * 1024;

export type AnnotationRead = { file: AnnotationExport; migratedFrom: 1 | null } | { problems: string[] };

/**
 * An annotation file from its text, whatever version it is in (1 or 2), as the current version. Refuses, with every
 * reason, text that is too big, not JSON (a truncated download), another schema or an unknown version, and files
 * whose content does not validate; a refused file changes nothing.
 */
export function readAnnotationFile(text: string): AnnotationRead {
  if (text.length > MAX_ANNOTATION_FILE_BYTES) {
    return { problems: [`the file is ${Math.ceil(text.length / 1048576)} MB; annotation files are at most ` +
      `${MAX_ANNOTATION_FILE_BYTES / 1048576} MB`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { problems: [`not JSON (${e instanceof Error ? e.message : String(e)}); was the file cut short?`] };
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (version === 1) {
    const problems = validateAnnotationVersion(json, 1);
    return problems.length > 0 ? { problems } : { file: migrateV1(json as AnnotationV1), migratedFrom: 1 };
  }
  const problems = validateAnnotationVersion(json, ANNOTATION_SCHEMA_VERSION);
  return problems.length > 0 ? { problems } : { file: json as AnnotationExport, migratedFrom: null };
}

type AnnotationV1 = Omit<AnnotationExport, 'version' | 'segments'> & {
  version: 1;
  segments: Array<Omit<AnnotatedSegment, 'textHash' | 'labelledAt'>>;
};

/** Version 1 → 2: each segment's text hash from its text; a human label counts as set when the file was written. */
export function migrateV1(v1: AnnotationV1): AnnotationExport {
  return {
    ...v1,
    version: ANNOTATION_SCHEMA_VERSION,
    segments: v1.segments.map((s) => ({
      ...s,
      textHash: segmentTextHash(s.text),
      labelledAt: s.humanLabel === null ? null : v1.createdAt,
    })),
  };
}
