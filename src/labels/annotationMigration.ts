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
  const tooBig = sizeProblem(text);
  if (tooBig) return { problems: [tooBig] };
  const json = parseJson(text);
  return 'problem' in json ? { problems: [json.problem] } : readAnnotationJson(json.value);
}

/** What `readAnnotationFiles` answers: every file a text held, or why the whole text is refused. */
export type AnnotationListRead =
  { files: Array<{ file: AnnotationExport; migratedFrom: 1 | null }>; list: boolean } | { problems: string[] };

/**
 * One annotation file, or a JSON list of them as the extension's "export all labels" writes (one file per page).
 * The list is read whole or not at all: one bad entry refuses the text, each problem prefixed with its entry
 * (`file 3 of 5: $.segments[0].score: …`), so an import never takes half of a file a person picked.
 */
export function readAnnotationFiles(text: string): AnnotationListRead {
  const tooBig = sizeProblem(text);
  if (tooBig) return { problems: [tooBig] };
  const json = parseJson(text);
  if ('problem' in json) return { problems: [json.problem] };
  if (!Array.isArray(json.value)) {
    const one = readAnnotationJson(json.value);
    return 'problems' in one ? one : { files: [one], list: false };
  }
  const entries: unknown[] = json.value;
  if (entries.length === 0) return { problems: ['an empty list: it holds no annotation files'] };
  const files: Array<{ file: AnnotationExport; migratedFrom: 1 | null }> = [];
  const problems: string[] = [];
  entries.forEach((entry, k) => {
    const read = readAnnotationJson(entry);
    if ('problems' in read) problems.push(...read.problems.map((p) => `file ${k + 1} of ${entries.length}: ${p}`));
    else files.push(read);
  });
  return problems.length > 0 ? { problems } : { files, list: true };
}

function sizeProblem(text: string): string | null {
  return text.length > MAX_ANNOTATION_FILE_BYTES
    ? `the file is ${Math.ceil(text.length / 1048576)} MB; annotation files are at most ${MAX_ANNOTATION_FILE_BYTES / 1048576} MB`
    : null;
}

function parseJson(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    return { problem: `not JSON (${e instanceof Error ? e.message : String(e)}); was the file cut short?` };
  }
}

/** A parsed file of either version, as the current version. */
function readAnnotationJson(json: unknown): AnnotationRead {
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
