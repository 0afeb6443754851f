/**
 * A person's labels in storage.local, one entry per page address (without its #fragment), so they survive restarts
 * and never leave the machine but through a file the person saves. An index (address → counts, bytes, last label)
 * lists the pages without reading every entry.
 *
 * Bounded, but never evicted: labels are a person's work, not a cache. All pages together may take LABEL_CAP_BYTES
 * (Chromium gives storage.local 10 MB: 7 MB site memory, 2 MB labels, the rest settings and the personal model); a save
 * or an import that would go over is refused whole with a message that says what to do, and nothing kept changes.
 *
 * Damage stays local, as in the site memory's store (siteMemoryStore.ts): a page entry that does not check
 * (labelPages.ts) is dropped and reported (console, and the `problem` the popup shows), a damaged index is rebuilt
 * from the entries. Every operation runs after the one before, since each reads, changes and writes the index.
 */
import { errorMessage } from '../shared/protocol.ts';
import { serialQueue } from '../shared/serialQueue.ts';
import { LABELS_CHANGED_ELSEWHERE, type LabelImportReport, type LabelledPageSummary, type PageLabels } from '../shared/labelsApi.ts';
import { labelRevision } from './labelRevision.ts';
import { readAnnotationFiles } from '../../src/labels/annotationMigration.ts';
import { jsonBytes, type StorageAreaLike } from './siteMemoryStore.ts';
import { annotationFileOf, importedPageOf, labelPageAddress, pageLabelsProblem, summaryOf, type ExportMeta } from './labelPages.ts';
import { combineImported, mergePageLabels } from './labelMerge.ts';
import type { AnnotationExport } from '../../src/labels/annotationFile.ts';

/** All labels together; see the header. */
export const LABEL_CAP_BYTES = 2 * 1024 * 1024;
export const LABEL_ENTRY_PREFIX = 'winnow-labels:';
export const LABEL_INDEX_KEY = 'winnow-labels-index';

/** The refusal of a save or import over the cap. */
export function labelsFullMessage(capBytes: number): string {
  return `Label storage is full (${size(capBytes)}): export your labels and clear some pages`;
}

type IndexEntry = LabelledPageSummary & { bytes: number };
type LabelIndex = Record<string, IndexEntry>;

export class LabelStore {
  private readonly serial = serialQueue();
  /** Problems met by any operation, until the popup's next listing shows them. */
  private unreported: string[] = [];

  constructor(
    private readonly area: StorageAreaLike,
    private readonly capBytes: number = LABEL_CAP_BYTES,
    private readonly warn: (message: string) => void = (m) => console.warn(`Winnow: ${m}`),
  ) {}

  /**
   * The labels kept for a page address (null when none, or when they were damaged and dropped: see `problem`), and
   * their revision (labelRevision.ts), which a save of this page must name.
   */
  load(url: string): Promise<{ page: PageLabels | null; problem: string | null; revision: string | null }> {
    return this.serial(async () => {
      const address = labelPageAddress(url);
      const index = await this.readIndex();
      const read = await this.readEntry(address, index);
      return { page: read.page, problem: read.problem, revision: await labelRevision(read.page) };
    });
  }

  /**
   * Replaces a page's labels (none: the page is removed), when storage still holds the revision `basedOn` (null: no
   * labels): a tab saves its whole list, which must not go over labels another tab, an import or a clear kept
   * meanwhile. Refused then (LABELS_CHANGED_ELSEWHERE), over the cap, or when the page does not check; nothing changes.
   */
  save(page: PageLabels, basedOn: string | null): Promise<{ labels: number; bytes: number; revision: string | null }> {
    return this.serial(async () => {
      const address = labelPageAddress(typeof page?.url === 'string' ? page.url : '');
      const problem = pageLabelsProblem(page);
      if (problem !== null) throw new Error(`labels for ${address || 'a page'} not kept: ${problem}`);
      const key = LABEL_ENTRY_PREFIX + address;
      if (await labelRevision((await this.area.get(key))[key]) !== basedOn) {
        throw new Error(`${LABELS_CHANGED_ELSEWHERE} (${address}): read them again`);
      }
      const index = await this.readIndex();
      if (page.segments.length === 0) {
        await this.removePages([address], index);
        return { labels: 0, bytes: 0, revision: null };
      }
      const kept = { ...page, url: address };
      const bytes = this.fitOrRefuse(index, new Map([[address, kept]]));
      await this.writePages(index, [kept]);
      return { labels: kept.segments.length, bytes, revision: await labelRevision(kept) };
    });
  }

  /** Every labelled page's counts, the bytes they take, and problems met since the last listing. */
  list(): Promise<{ pages: LabelledPageSummary[]; bytes: number; capBytes: number; problem: string | null }> {
    return this.serial(async () => {
      const index = await this.readIndex();
      const pages = Object.values(index).map(({ bytes: _, ...summary }) => summary)
        .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.url < b.url ? -1 : 1));
      const problem = this.unreported.length > 0 ? this.unreported.join(' ') : null;
      this.unreported = [];
      return { pages, bytes: storedBytes(index), capBytes: this.capBytes, problem };
    });
  }

  /** Every kept page (damaged ones dropped and reported). */
  allPages(): Promise<PageLabels[]> {
    return this.serial(async () => {
      const index = await this.readIndex();
      const pages: PageLabels[] = [];
      for (const address of Object.keys(index).sort()) {
        const { page } = await this.readEntry(address, index);
        if (page) pages.push(page);
      }
      return pages;
    });
  }

  /** Every kept page as an annotation file. */
  async exportAll(meta: ExportMeta): Promise<AnnotationExport[]> {
    return (await this.allPages()).map((page) => annotationFileOf(page, meta));
  }

  /**
   * Reads annotation files and merges their labels into the kept ones (labelMerge.ts). A file that does not read is
   * rejected whole, with one line; an import that would go over the cap is refused whole (an error), so in both cases
   * nothing kept changes.
   */
  importFiles(files: ReadonlyArray<{ name: string; text: string }>, replace: boolean): Promise<LabelImportReport> {
    const rejected: string[] = [];
    const incoming = new Map<string, PageLabels[]>();
    let read = 0;
    for (const { name, text } of files) {
      if (typeof text !== 'string') {
        rejected.push(`${name}: not a text file`);
        continue;
      }
      const result = readAnnotationFiles(text);
      if ('problems' in result) {
        rejected.push(`${name}: ${result.problems[0]}` +
          (result.problems.length > 1 ? ` (and ${result.problems.length - 1} more)` : ''));
        continue;
      }
      read += 1;
      for (const { file } of result.files) {
        const page = importedPageOf(file);
        incoming.set(page.url, [...(incoming.get(page.url) ?? []), page]);
      }
    }
    return this.serial(async () => {
      const report: LabelImportReport = { files: read, pages: incoming.size, added: 0, unchanged: 0, conflicts: 0,
        replaced: 0, rejected, changedUrls: [] };
      const index = await this.readIndex();
      const changed = new Map<string, PageLabels>();
      for (const [address, pages] of incoming) {
        const kept = (await this.readEntry(address, index)).page;
        const merge = mergePageLabels(kept, combineImported(pages), { replace });
        report.added += merge.added;
        report.unchanged += merge.unchanged;
        report.conflicts += merge.conflicts;
        report.replaced += merge.replaced;
        if (merge.added > 0 || merge.replaced > 0) report.changedUrls.push(address);
        if (merge.page.segments.length > 0 && JSON.stringify(merge.page) !== JSON.stringify(kept)) changed.set(address, merge.page);
      }
      if (changed.size > 0) {
        this.fitOrRefuse(index, changed);
        await this.writePages(index, [...changed.values()]);
      }
      return report;
    });
  }

  /** Removes one page's labels, or every page's (entries the index lost track of too). */
  clear(url?: string): Promise<{ pages: number; labels: number }> {
    return this.serial(async () => {
      const index = await this.readIndex();
      const addresses = url === undefined ? Object.keys(index) : [labelPageAddress(url)].filter((a) => a in index);
      const labels = addresses.reduce((n, a) => n + index[a].template + index[a].content, 0);
      if (url === undefined) {
        const keys = Object.keys(await this.area.get(null)).filter((k) => k.startsWith(LABEL_ENTRY_PREFIX));
        if (keys.length > 0) await this.area.remove(keys);
        await this.area.set({ [LABEL_INDEX_KEY]: {} }); // an empty index, so that no later load reads everything
      } else {
        await this.removePages([labelPageAddress(url)], index);
      }
      return { pages: addresses.length, labels };
    });
  }

  /** The bytes all pages and the index take once `pages` replace theirs; throws the cap's message when over it. */
  private fitOrRefuse(index: LabelIndex, pages: Map<string, PageLabels>): number {
    const after: LabelIndex = { ...index };
    for (const [address, page] of pages) after[address] = indexEntryOf(page);
    const total = storedBytes(after);
    if (total > this.capBytes) throw new Error(labelsFullMessage(this.capBytes));
    return total;
  }

  private async writePages(index: LabelIndex, pages: PageLabels[]): Promise<void> {
    const items: Record<string, unknown> = {};
    for (const page of pages) {
      items[LABEL_ENTRY_PREFIX + page.url] = page;
      index[page.url] = indexEntryOf(page);
    }
    items[LABEL_INDEX_KEY] = index;
    try {
      await this.area.set(items);
    } catch (e) {
      throw new Error(`could not keep the labels: ${errorMessage(e)}`);
    }
  }

  private async removePages(addresses: string[], index: LabelIndex): Promise<void> {
    for (const a of addresses) delete index[a];
    await this.area.remove(addresses.map((a) => LABEL_ENTRY_PREFIX + a));
    await this.area.set({ [LABEL_INDEX_KEY]: index });
  }

  /** A page's entry, checked; a damaged one is dropped (and reported) and a missing one leaves the index. */
  private async readEntry(address: string, index: LabelIndex): Promise<{ page: PageLabels | null; problem: string | null }> {
    const key = LABEL_ENTRY_PREFIX + address;
    const raw = (await this.area.get(key))[key];
    if (raw === undefined) {
      if (index[address]) await this.removePages([address], index);
      return { page: null, problem: null };
    }
    const damage = pageLabelsProblem(raw);
    if (damage === null && (raw as PageLabels).url === address) return { page: raw as PageLabels, problem: null };
    const problem = `The labels kept for ${address} were damaged (${damage ?? 'kept under another address'}): ` +
      'they were dropped.';
    this.report(problem);
    await this.removePages([address], index);
    return { page: null, problem };
  }

  /** The index, rebuilt from the entries when it is missing or damaged. */
  private async readIndex(): Promise<LabelIndex> {
    const raw = (await this.area.get(LABEL_INDEX_KEY))[LABEL_INDEX_KEY];
    if (isIndex(raw)) return raw;
    const all = await this.area.get(null);
    const keys = Object.keys(all).filter((k) => k.startsWith(LABEL_ENTRY_PREFIX));
    if (raw !== undefined) this.report(`The index of your labels was damaged; it was rebuilt from ${keys.length} pages.`);
    const index: LabelIndex = {};
    const dropped: string[] = [];
    for (const key of keys) {
      const address = key.slice(LABEL_ENTRY_PREFIX.length);
      const damage = pageLabelsProblem(all[key]);
      if (damage !== null || (all[key] as PageLabels).url !== address) {
        this.report(`The labels kept for ${address} were damaged (${damage ?? 'kept under another address'}): they were dropped.`);
        dropped.push(key);
        continue;
      }
      const page = all[key] as PageLabels;
      index[address] = indexEntryOf(page);
    }
    if (dropped.length > 0) await this.area.remove(dropped);
    // Written even when empty: without an index, every page's run would read all of storage.local (get(null), up to
    // 7 MB of site memory) to look for labels.
    await this.area.set({ [LABEL_INDEX_KEY]: index });
    return index;
  }

  private report(problem: string): void {
    this.warn(problem);
    this.unreported.push(problem);
  }
}

/** A page's line in the index: its counts, and the bytes storage.local charges for its entry (key and JSON). */
function indexEntryOf(page: PageLabels): IndexEntry {
  return { ...summaryOf(page), bytes: jsonBytes(page, LABEL_ENTRY_PREFIX + page.url) };
}

/** What the labels take in storage.local: every page's entry, and the index itself (which grows with the pages). */
function storedBytes(index: LabelIndex): number {
  return Object.values(index).reduce((sum, e) => sum + e.bytes, 0) + jsonBytes(index, LABEL_INDEX_KEY);
}

function isIndex(raw: unknown): raw is LabelIndex {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  return Object.entries(raw).every(([url, e]) => typeof e === 'object' && e !== null && e.url === url &&
    typeof e.title === 'string' && typeof e.updatedAt === 'string' &&
    [e.bytes, e.template, e.content, e.withoutRows].every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0));
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
