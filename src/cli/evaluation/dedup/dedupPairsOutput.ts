/**
 * What `winnow dedup` prints: one line per near-duplicate pair (file A, file B, shared/total, Jaccard estimate), a
 * summary line, and with --json one JSON object as the last line. Pure: results in, text out.
 */
import type { DedupOptions } from '../../../dedup/dedupOptions.ts';
import type { NearDuplicate } from '../../../dedup/nearDuplicateTexts.ts';

/** Which text of a page was shingled. */
export type DedupTextKind = 'content' | 'raw' | 'segment';

export interface DedupRun {
  text: DedupTextKind;
  options: DedupOptions;
  /** The pages read, in input order; pairs index into it. */
  files: string[];
  /** Per file of `files`, whether its text had no word (such a page is nobody's near-duplicate). */
  empty: boolean[];
  pairs: NearDuplicate[];
  /** Inputs that could not be read or rendered, with the one-line reason (already reported on stderr). */
  failed: Array<{ file: string; error: string }>;
}

const TEXT_NAME: Record<DedupTextKind, string> = {
  content: "Winnow's content text",
  raw: 'the whole visible text',
  segment: "each page's largest GCuts segment",
};

/** The rule in words, for headers and reports: "6-word shingles, 8 min-hashes, ≥ 4 shared". */
export function ruleText(o: Pick<DedupOptions, 'shingle' | 'hashes' | 'minShared'>): string {
  return `${o.shingle}-word shingles, ${o.hashes} min-hashes, ≥ ${o.minShared} shared`;
}

/** The pairs as aligned lines under a header naming the text and the rule. */
export function pairLines(run: DedupRun): string[] {
  const header = `near-duplicate pairs of ${TEXT_NAME[run.text]} (${ruleText(run.options)}):`;
  if (run.pairs.length === 0) return [header, '  none'];
  const width = Math.max(...run.pairs.map((p) => run.files[p.a].length));
  return [header, ...run.pairs.map((p) => `  ${run.files[p.a].padEnd(width)}  ${run.files[p.b]}  ` +
    `${p.shared}/${run.options.hashes}  J≈${p.jaccard.toFixed(2)}`)];
}

export function summaryLine(run: DedupRun): string {
  const n = run.files.length;
  const empty = run.empty.filter(Boolean).length;
  return `${n} page${n === 1 ? '' : 's'} compared (${run.failed.length} failed, ${empty} without words), ` +
    `${(n * (n - 1)) / 2} pairs, ${run.pairs.length} near-duplicate${run.pairs.length === 1 ? '' : 's'}`;
}

/** The --json line: the run's options, counts and pairs by file name. */
export function dedupJson(run: DedupRun): string {
  const n = run.files.length;
  return JSON.stringify({
    text: run.text,
    shingle: run.options.shingle,
    hashes: run.options.hashes,
    minShared: run.options.minShared,
    pages: n,
    failed: run.failed,
    empty: run.files.filter((_, i) => run.empty[i]),
    pairsCompared: (n * (n - 1)) / 2,
    nearDuplicates: run.pairs.length,
    pairs: run.pairs.map((p) => ({
      a: run.files[p.a], b: run.files[p.b], shared: p.shared, total: run.options.hashes,
      jaccard: Number(p.jaccard.toFixed(4)),
    })),
  });
}
