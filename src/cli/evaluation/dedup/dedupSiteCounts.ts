/**
 * One site's near-duplicate pairs under each text (raw, Winnow's content, the largest GCuts segment, people's gold),
 * and the totals over sites.
 * Pure: texts in, counts out.
 */
import { sharedValues } from '../../../dedup/compareSignatures.ts';
import type { DedupOptions } from '../../../dedup/dedupOptions.ts';
import { nearDuplicateTexts } from '../../../dedup/nearDuplicateTexts.ts';
import { TEXT_KINDS, type PageTexts, type TextKind } from './dedupEvalTexts.ts';

/** A same-site pair flagged under at least one text, with the signature values it shares under each. */
export interface FlaggedPair {
  a: string;
  b: string;
  shared: Record<TextKind, number>;
}

/** What is summed over sites. */
export interface DedupCounts {
  sites: number;
  /** Pages read (failed ones are left out of every pair). */
  pages: number;
  /** Same-site pairs: n(n − 1)/2 per site. */
  pairs: number;
  /** Pairs flagged as near-duplicates under each text. */
  flagged: Record<TextKind, number>;
  /** Pairs flagged under both Winnow's content text and the gold text (the gold's duplicates Winnow keeps). */
  contentAndGold: number;
  /** Pairs flagged under both the largest segment's text and the gold text. */
  segmentAndGold: number;
  /** Pairs flagged under both the raw text and the gold text. */
  rawAndGold: number;
}

export interface SiteDedupRow extends DedupCounts {
  dataset: string;
  site: string;
  heldOut: boolean;
  flaggedPairs: FlaggedPair[];
}

export function countSite(site: { dataset: string; site: string; heldOut: boolean },
  pages: ReadonlyArray<{ id: string; texts: PageTexts }>, options: DedupOptions): SiteDedupRow {
  const results = Object.fromEntries(TEXT_KINDS.map((kind) =>
    [kind, nearDuplicateTexts(pages.map((p) => p.texts[kind]), options)])) as
    Record<TextKind, ReturnType<typeof nearDuplicateTexts>>;
  const key = (a: number, b: number) => a * pages.length + b;
  const flaggedUnder = Object.fromEntries(TEXT_KINDS.map((kind) =>
    [kind, new Set(results[kind].pairs.map((p) => key(p.a, p.b)))])) as Record<TextKind, Set<number>>;
  const any = [...new Set(TEXT_KINDS.flatMap((kind) => [...flaggedUnder[kind]]))].sort((x, y) => x - y);
  const flaggedPairs = any.map((k) => {
    const a = Math.floor(k / pages.length);
    const b = k % pages.length;
    const shared = Object.fromEntries(TEXT_KINDS.map((kind) =>
      [kind, sharedValues(results[kind].signatures[a], results[kind].signatures[b])])) as Record<TextKind, number>;
    return { a: pages[a].id, b: pages[b].id, shared };
  });
  const both = (x: TextKind, y: TextKind) => [...flaggedUnder[x]].filter((k) => flaggedUnder[y].has(k)).length;
  return {
    ...site,
    sites: 1,
    pages: pages.length,
    pairs: (pages.length * (pages.length - 1)) / 2,
    flagged: Object.fromEntries(TEXT_KINDS.map((kind) => [kind, flaggedUnder[kind].size])) as Record<TextKind, number>,
    contentAndGold: both('content', 'gold'),
    segmentAndGold: both('segment', 'gold'),
    rawAndGold: both('raw', 'gold'),
    flaggedPairs,
  };
}

export function sumCounts(rows: readonly DedupCounts[]): DedupCounts {
  const total: DedupCounts = {
    sites: 0, pages: 0, pairs: 0, flagged: { raw: 0, content: 0, segment: 0, gold: 0 }, contentAndGold: 0,
    segmentAndGold: 0, rawAndGold: 0,
  };
  for (const r of rows) {
    total.sites += r.sites;
    total.pages += r.pages;
    total.pairs += r.pairs;
    for (const kind of TEXT_KINDS) total.flagged[kind] += r.flagged[kind];
    total.contentAndGold += r.contentAndGold;
    total.segmentAndGold += r.segmentAndGold;
    total.rawAndGold += r.rawAndGold;
  }
  return total;
}
