import { readFile } from 'node:fs/promises';
import type { ReaderQuality } from './measureReader.ts';

/** test/quality/readerFloors.json: each sampled page's lowest acceptable reader F1, numbers only. */
export interface FloorsFile {
  generated: string;
  command: string;
  /** How far under the measured F1 each floor sits. */
  margin: number;
  pages: Record<string, number>;
}

export const FLOORS_FILE = new URL('./readerFloors.json', import.meta.url);

/**
 * A page may read this much worse than when its floor was set before the test fails: more than the run-to-run noise
 * of a busy machine (timings decide a few pages' fallbacks), far less than what a broken rule costs.
 */
export const FLOOR_MARGIN = 0.05;

/** max(0, F1 − margin), rounded down to two decimals. */
export function floorFor(f1: number, margin = FLOOR_MARGIN): number {
  // The small epsilon keeps 0.87 − 0.05 (0.8200000000000001 or 0.8199999999999999) at 0.82.
  return Math.max(0, Math.floor((f1 - margin) * 100 + 1e-9) / 100);
}

export async function readFloors(): Promise<FloorsFile> {
  return JSON.parse(await readFile(FLOORS_FILE, 'utf8')) as FloorsFile;
}

/** Pages read below their floor (a page without a floor counts as below, so the sample and floors stay in step). */
export function pagesBelowFloor(rows: readonly ReaderQuality[], floors: Readonly<Record<string, number>>):
  ReaderQuality[] {
  return rows.filter((r) => !(r.id in floors) || r.f1 < floors[r.id]);
}

/** Mean page F1 over all rows and per set, in the sets' order of first appearance. */
export function meanF1BySet(rows: readonly ReaderQuality[]): Array<{ set: string; pages: number; meanF1: number }> {
  const groups = new Map<string, number[]>([['all', rows.map((r) => r.f1)]]);
  for (const r of rows) groups.set(r.set, [...(groups.get(r.set) ?? []), r.f1]);
  return [...groups].map(([set, f1s]) => ({ set, pages: f1s.length, meanF1: f1s.reduce((a, b) => a + b, 0) / f1s.length }));
}

/** One line per page: id, set, type, F1 (P/R) and, when given, its floor; failed pages say why. No page text. */
export function qualityTable(rows: readonly ReaderQuality[], floors?: Readonly<Record<string, number>>): string {
  const num = (x: number | null) => (x === null ? '  -  ' : x.toFixed(3));
  const lines = rows.map((r) => {
    const floor = floors ? `  floor ${r.id in floors ? floors[r.id].toFixed(2) : 'none'}` : '';
    const note = r.error ? `  error: ${r.error}` : r.warnings ? `  warning: ${r.warnings.join('; ')}` : '';
    return `${r.id.padEnd(46)} ${r.set.padEnd(9)} ${r.pageType.padEnd(13)} F1 ${r.f1.toFixed(3)}  ` +
      `P ${num(r.precision)}  R ${num(r.recall)}${floor}${note}`;
  });
  const means = meanF1BySet(rows).map((m) => `${m.set} ${m.meanF1.toFixed(3)} (${m.pages})`).join(', ');
  return [...lines, `mean F1: ${means}`].join('\n');
}

/** The test's failure message: every page under its floor with measured vs floor, then the means. */
export function belowFloorReport(rows: readonly ReaderQuality[], floors: Readonly<Record<string, number>>): string {
  const below = pagesBelowFloor(rows, floors);
  const lines = below.map((r) => `  ${r.id} (${r.set} ${r.pageType}): F1 ${r.f1.toFixed(3)} < floor ` +
    `${r.id in floors ? floors[r.id].toFixed(2) : '(none: add the page with npm run quality:floors)'}` +
    (r.error ? `  [${r.error}]` : ''));
  const means = meanF1BySet(rows).map((m) => `${m.set} ${m.meanF1.toFixed(3)}`).join(', ');
  return `${below.length} of ${rows.length} sampled pages read below their floor (test/quality/readerFloors.json):\n` +
    `${lines.join('\n')}\nmean F1: ${means}\n` +
    'If the change is meant to trade these pages for others, run npm run quality:floors, review the diff and commit it.';
}
