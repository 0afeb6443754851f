/**
 * A person's labels on this page, for inspect mode: kept in the background per page address (LabelsApi), put on the
 * segments of every run and re-smooth (src/labels/labelMapping.ts), set and undone here, and saved whole after each
 * change. Labels are a person's work, so nothing is dropped quietly:
 * - a label that does not find its segment stays kept, and the person is told once why (unmatchedLabels.ts);
 * - a save the background refuses (storage full) leaves the label on screen marked "not saved", with the reason; the
 *   next change saves the whole page again, and the page's export carries it meanwhile;
 * - when the page's kept labels could not be read, nothing is saved over them;
 * - a save names the revision of the labels it read; when another tab, an import or a clear changed them since, the
 *   background refuses it, and the labels are read again, this page's unsaved changes put on them, and saved again.
 */
import { mapLabels, type LabelMapping } from '../../src/labels/labelMapping.ts';
import type { AnnotatedSegment, SegmentLabel } from '../../src/labels/annotationFile.ts';
import { sameSegment, subtreeHashField, type SegmentLabelRecord } from '../../src/labels/pageLabels.ts';
import type { LabelTrainingRows } from '../../src/inspect/nodeInspection.ts';
import { pipelineOptions, type PipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { LABELS_CHANGED_ELSEWHERE, labelPageAddress, type LabelledSegment, type PageLabels } from '../shared/labelsApi.ts';
import { errorMessage } from '../shared/protocol.ts';
import { serialQueue } from '../shared/serialQueue.ts';
import type { LabelStoreDeps } from './controllerDeps.ts';
import { modelAnnotationsOf } from './pageReport.ts';
import { completeRun, type PageCapture, type PageState, type SmoothedPage } from './pageState.ts';
import { unmatchedLabels, unmatchedNotice } from './unmatchedLabels.ts';

/** What the session needs of the engine: the feature rows of a labelled segment (for the personal model). */
export interface RowsEngine {
  trainingRows(node: number, options: PipelineOptions): Promise<LabelTrainingRows>;
}

/** Where the session tells the person things, and gets the engine. */
export interface LabelHost {
  engine(): Promise<RowsEngine>;
  notice(message: string): void;
  error(message: string): void;
}

/** The counts `labelsChanged` answers. */
export interface LabelCounts {
  applied: number;
  changed: number;
  missing: number;
}

/** One change, as undo puts it back: the segment's kept label before and after (null: none). */
interface LabelChange {
  before: LabelledSegment | null;
  after: LabelledSegment | null;
}

/** A change not yet saved: the version it was made at, and what the page's list holds for that segment. */
interface UnsavedChange {
  version: number;
  record: SegmentLabelRecord;
  entry: LabelledSegment | null;
}

const CYCLE: Array<SegmentLabel | null> = [null, 'template', 'content'];
/** Saves tried in a row while other tabs keep changing the page's labels, before the person is told. */
const SAVE_TRIES = 3;

export class LabelSession {
  /** Every label kept for the page, the ones that match no segment now included. */
  private stored: LabelledSegment[] = [];
  /** The capture the kept labels were last read for; a new capture (a re-run) reads them again. */
  private loadedFor: PageCapture | null = null;
  /** Whether the kept labels were read once: until then, a save could write over labels never seen. */
  private everLoaded = false;
  /** The revision of the kept labels last read or written (null: none kept), which the next save is based on. */
  private revision: string | null = null;
  private mappedFor: SmoothedPage | null = null;
  /**
   * The segments of one smoothing as the model labelled them: how labels name their segment, and the saved annotation.
   * Made only when labels need them (a selector and an XPath per segment): a page without labels never pays for it,
   * on a run or on a slider move.
   */
  private annotations: { for: SmoothedPage; segments: AnnotatedSegment[] } | null = null;
  /**
   * The node each label was on, for the capture it was found in: on a re-smooth of the same page, a label stays on
   * its element though the segment's own text (which leaves out nested segments) changed with the nesting. Labels
   * with a subtree hash are found again by it on any capture (labelMapping.ts); this keeps those made before it.
   */
  private nodeOfLabel = new Map<SegmentLabelRecord, number>();
  private nodesFor: PageCapture | null = null;
  private readonly undoStack: LabelChange[] = [];
  private readonly unsaved = new Map<string, UnsavedChange>();
  private version = 0;
  private saveFailed = false;
  private lastNotice = '';
  private readonly rowsTried = new Set<SegmentLabelRecord>();
  private prefetched: { url: string; answer: ReturnType<LabelStoreDeps['load']> } | null = null;
  /** Loads, row fills and saves, one at a time and in order: a save never races a load. */
  private readonly queue = serialQueue();
  private pending: Promise<unknown> = Promise.resolve();
  /** Called after every change of what is drawn (labels, "not saved" marks). */
  onChange: () => void = () => {};

  constructor(private readonly state: PageState, private readonly store: LabelStoreDeps | null,
    private readonly host: LabelHost) {}

  /**
   * Starts reading the page's kept labels now (a first run, while the page is captured and classified), so that
   * the run's `follow` finds them read instead of asking the background only then. Used by the next load only.
   */
  prefetch(url: string): void {
    if (!this.store) return;
    const answer = this.store.load(url);
    answer.catch(() => {});
    this.prefetched = { url, answer };
  }

  /** After a run or re-smooth: the kept labels (read again for a new capture) put on the new segments. */
  async follow(): Promise<void> {
    const { capture, smoothed } = this.state;
    if (!capture || !smoothed || this.mappedFor === smoothed) return;
    if (this.loadedFor !== capture) await this.enqueue(() => this.load(capture));
    this.remap(true);
  }

  /** The background's labels changed (import, clear): read them again and put them on the segments. */
  async reload(): Promise<LabelCounts> {
    const { capture } = completeRun(this.state);
    await this.enqueue(() => this.load(capture));
    return this.remap(true);
  }

  /** Labels that would find no segment on the page as it is (an import's check): nothing is kept or drawn. */
  unmatched(records: SegmentLabelRecord[]): Array<{ selector: string; reason: 'changed' | 'missing' }> {
    const run = completeRun(this.state);
    const { changed, missing } = mapLabels(records, this.annotationsOf(run.smoothed));
    return [...changed.map((r) => ({ selector: r.selector, reason: 'changed' as const })),
      ...missing.map((r) => ({ selector: r.selector, reason: 'missing' as const }))];
  }

  /** The label on segment k, and whether its last change could not be saved. */
  labelOf(k: number): { label: SegmentLabel; notSaved: boolean } | null {
    const record = this.state.humanLabels.get(k);
    return record ? { label: record.label, notSaved: this.saveFailed && this.unsaved.has(keyOf(record)) } : null;
  }

  /** Unlabelled → template → content → unlabelled. */
  cycle(k: number): void {
    const now = this.state.humanLabels.get(k)?.label ?? null;
    this.set(k, CYCLE[(CYCLE.indexOf(now) + 1) % CYCLE.length]);
  }

  /** Sets (or, with null, removes) the label of segment k of the current run; false when nothing changed. */
  set(k: number, label: SegmentLabel | null): boolean {
    const { capture, smoothed } = completeRun(this.state);
    if (this.mappedFor !== smoothed) return false;
    const segment = this.annotationsOf(smoothed)[k];
    if (!segment) return false;
    const current = this.state.humanLabels.get(k);
    const before = current ? this.stored.find((s) => s.record === current) ?? null : null;
    if ((before?.record.label ?? null) === label) return false;
    const labelledAt = new Date().toISOString();
    const record = { selector: segment.selector, xpath: segment.xpath, textHash: segment.textHash,
      ...subtreeHashField(segment) };
    const after: LabelledSegment | null = label === null ? null : {
      record: { ...record, label, labelledAt },
      annotation: { ...segment, humanLabel: label, labelledAt },
      rows: null,
    };
    if (after) {
      this.nodeOfLabel.set(after.record, smoothed.segments[k].node);
      this.rowsTried.add(after.record); // its rows are asked for with its save
    }
    this.undoStack.push({ before, after });
    this.apply(before, after, after ? { capture, node: smoothed.segments[k].node } : null);
    return true;
  }

  /** Puts back the label before the last change (of any segment of this page); false when there is none. */
  undo(): boolean {
    const change = this.undoStack.pop();
    if (!change) return false;
    const record = (change.after ?? change.before)!.record;
    const current = change.after && this.stored.includes(change.after) ? change.after
      : this.stored.find((s) => sameSegment(s.record, record)) ?? null;
    this.apply(current, change.before, null);
    return true;
  }

  /** Settles once every load, row fill and save asked for so far is done (tests, and the e2e's status). */
  settled(): Promise<void> {
    return this.pending.then(() => undefined, () => undefined);
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue(task);
    this.pending = run.catch(() => undefined);
    return run;
  }

  /** Replaces `before` with `after` in the page's list, shows it and saves the page. */
  private apply(before: LabelledSegment | null, after: LabelledSegment | null,
    rowsOf: { capture: PageCapture; node: number } | null): void {
    putInList(this.stored, before, after);
    const record = (after ?? before)!.record;
    const version = ++this.version;
    this.unsaved.set(keyOf(record), { version, record, entry: after });
    this.remap(false);
    void this.enqueue(async () => {
      if (after && rowsOf && !after.rows) after.rows = await this.rowsOf(rowsOf.capture, rowsOf.node);
      // A later change is queued: its save carries this one too (the whole page is saved each time).
      if (version === this.version) await this.save(version);
    });
  }

  private async load(capture: PageCapture): Promise<void> {
    if (this.loadedFor && labelPageAddress(this.loadedFor.url) !== labelPageAddress(capture.url)) this.leftPage();
    if (!this.store) {
      this.loadedFor = capture;
      this.everLoaded = true;
      return;
    }
    try {
      const prefetched = this.prefetched?.url === capture.url ? this.prefetched.answer : null;
      this.prefetched = null;
      const { page, problem, revision } = await (prefetched ?? this.store.load(capture.url));
      this.stored = page?.segments ?? [];
      this.revision = revision;
      // What this page changed but could not save yet stays as the person left it.
      for (const u of this.unsaved.values()) {
        putInList(this.stored, this.stored.find((s) => sameSegment(s.record, u.record)) ?? null, u.entry);
      }
      this.loadedFor = capture;
      this.everLoaded = true;
      if (problem) this.host.notice(problem);
    } catch (e) {
      this.host.error(`Your labels for this page could not be read: ${errorMessage(e)}`);
    }
  }

  /**
   * A single-page site showed another page (a new address, the document kept): the changes of the page before cannot
   * be undone or saved here (they belong to its address, which this tab no longer shows), so they are let go, and the
   * person is told when one was not saved.
   */
  private leftPage(): void {
    this.undoStack.length = 0;
    const dropped = this.unsaved.size;
    this.unsaved.clear();
    this.saveFailed = false;
    if (dropped > 0) {
      this.host.notice(`${dropped === 1 ? '1 label change' : `${dropped} label changes`} on ${
        labelPageAddress(this.loadedFor!.url)} could not be saved and ${dropped === 1 ? 'was' : 'were'} dropped: ` +
        'the page\'s address changed.');
    }
  }

  /** The segments of this smoothing as annotations, made on first need. */
  private annotationsOf(smoothed: SmoothedPage): AnnotatedSegment[] {
    if (this.annotations?.for !== smoothed) {
      this.annotations = { for: smoothed, segments: modelAnnotationsOf(this.state).segments };
    }
    return this.annotations.segments;
  }

  /** Puts the kept labels on the current segments; with `tell`, notices unmatched labels (once per outcome). */
  private remap(tell: boolean): LabelCounts {
    const run = completeRun(this.state);
    this.mappedFor = run.smoothed;
    if (this.nodesFor !== run.capture) {
      this.nodeOfLabel = new Map();
      this.nodesFor = run.capture;
    }
    const records = this.stored.map((s) => s.record);
    const mapping = this.keepOnSameNodes(records.length === 0 ? { applied: new Map(), changed: [], missing: [] }
      : mapLabels(records, this.annotationsOf(run.smoothed)));
    this.state.humanLabels = mapping.applied;
    for (const [k, record] of mapping.applied) this.nodeOfLabel.set(record, run.smoothed.segments[k].node);
    if (tell) this.tellUnmatched(mapping);
    this.fillRows(mapping);
    this.onChange();
    return { applied: mapping.applied.size, changed: mapping.changed.length, missing: mapping.missing.length };
  }

  /** A label not found by its text that was on this capture's element, still a segment root, stays on it. */
  private keepOnSameNodes(mapping: LabelMapping): LabelMapping {
    const segmentAt = new Map(completeRun(this.state).smoothed.segments.map((g, k) => [g.node, k]));
    const stays = (record: SegmentLabelRecord) => {
      const node = this.nodeOfLabel.get(record);
      const k = node === undefined ? undefined : segmentAt.get(node);
      if (k === undefined || mapping.applied.has(k)) return true;
      mapping.applied.set(k, record);
      return false;
    };
    return { applied: mapping.applied, changed: mapping.changed.filter(stays), missing: mapping.missing.filter(stays) };
  }

  private tellUnmatched(mapping: LabelMapping): void {
    const { elements, indexOf } = completeRun(this.state).capture;
    const doc = elements[0]?.ownerDocument;
    const captured = (record: SegmentLabelRecord) => {
      if (this.nodeOfLabel.has(record)) return true;
      try {
        const el = doc?.querySelector(record.selector);
        return !!el && indexOf.has(el);
      } catch {
        return false; // an imported label's selector this browser cannot read
      }
    };
    const notice = unmatchedNotice(unmatchedLabels(mapping, captured)) ?? '';
    if (notice && notice !== this.lastNotice) this.host.notice(notice);
    this.lastNotice = notice;
  }

  /** Labels brought in from a file have no feature rows: they get them (and are saved) once they are found here. */
  private fillRows(mapping: LabelMapping): void {
    const { capture, smoothed } = completeRun(this.state);
    const wanting = [...mapping.applied].flatMap(([k, record]) => {
      const entry = this.stored.find((s) => s.record === record);
      return entry && !entry.rows && !this.rowsTried.has(record) ? [{ entry, node: smoothed.segments[k].node }] : [];
    });
    if (wanting.length === 0) return;
    for (const { entry } of wanting) this.rowsTried.add(entry.record);
    void this.enqueue(async () => {
      let filled = 0;
      for (const { entry, node } of wanting) {
        entry.rows = await this.rowsOf(capture, node);
        if (entry.rows) filled += 1;
      }
      if (filled > 0) await this.save(this.version);
    });
  }

  /**
   * The segment's feature rows, or null when the engine failed or the page was classified again before it answered
   * (a request queued behind a re-run's classify gets the rows of whatever node has that number in the new capture).
   */
  private async rowsOf(capture: PageCapture, node: number): Promise<LabelTrainingRows | null> {
    const settings = this.state.settings;
    const current = () => this.state.capture === capture && this.state.classifies === capture.classification;
    if (!current() || !settings) return null;
    try {
      const { penaltyFactor, threshold } = settings;
      const rows = await (await this.host.engine()).trainingRows(node, pipelineOptions({ penaltyFactor, threshold }));
      return current() ? rows : null;
    } catch {
      return null; // filled on a later run; the label itself is kept
    }
  }

  private async save(version: number): Promise<void> {
    if (!this.store || !this.state.capture) return;
    if (!this.everLoaded) await this.load(this.state.capture);
    // The list is saved under the address it was read for: a re-run on a single-page site may have a capture of
    // another address on screen before that address's labels are read.
    const capture = this.loadedFor;
    if (!this.everLoaded || !capture) {
      this.failed('your kept labels for this page could not be read, so nothing was written over them');
      return;
    }
    for (let tries = 1; ; tries++) {
      const page: PageLabels = { url: capture.url, title: capture.title, viewport: { ...capture.viewport },
        segments: [...this.stored] };
      try {
        this.revision = (await this.store.save(page, this.revision)).revision;
        for (const [key, u] of this.unsaved) if (u.version <= version) this.unsaved.delete(key);
        this.saveFailed = false;
        this.onChange();
        return;
      } catch (e) {
        if (!errorMessage(e).includes(LABELS_CHANGED_ELSEWHERE) || tries === SAVE_TRIES) {
          this.failed(errorMessage(e));
          return;
        }
      }
      // Changed elsewhere since read: read them again (this page's unsaved changes are put on them) and save that.
      await this.load(capture);
      this.remap(false);
    }
  }

  private failed(reason: string): void {
    this.saveFailed = true;
    this.host.error(`Your label is shown but not saved: ${reason}. It stays while this page is open, and the ` +
      'page\'s exported annotations carry it.');
    this.onChange();
  }
}

/** How a label's segment is named in the unsaved list. */
function keyOf(record: SegmentLabelRecord): string {
  return `${record.selector}\n${record.textHash}`;
}

/** `after` in the place of `before` (added when `before` is not there; `before` removed when `after` is null). */
function putInList(list: LabelledSegment[], before: LabelledSegment | null, after: LabelledSegment | null): void {
  const i = before ? list.indexOf(before) : -1;
  if (after && i >= 0) list[i] = after;
  else if (after) list.push(after);
  else if (i >= 0) list.splice(i, 1);
}
