/**
 * The popup's "Your labels" section: the labelled pages with their counts, "Export all labels" (one JSON file, a list
 * of annotation files), "Import labels…" and "Clear all labels". An import shows what it did; labels it would change
 * are kept unless the person confirms, and clearing asks first (focus on "Keep", Escape keeps), as forgetting the
 * site memory does (siteMemoryPanel.ts). Files about the open tab's page are checked against it first
 * (openPageCheck.ts); when the page gained or lost labels, its content script is told, so it draws them.
 */
import { callBackground, callTab } from '../shared/runtimeClient.ts';
import { downloadJson } from '../shared/downloadFile.ts';
import { labelPageAddress, type LabelImportReport, type LabelledPageSummary } from '../shared/labelsApi.ts';
import { MAX_ANNOTATION_FILE_BYTES } from '../../src/labels/annotationMigration.ts';
import { refuseUnmatchedOnOpenPage } from './openPageCheck.ts';
import { ConfirmPrompt } from './confirmPrompt.ts';

export interface LabelsPanelDeps {
  tabId(): number;
  tabUrl(): string;
  /** Winnow ran on the tab, so its content script is there to draw labels. */
  pageRan(): boolean;
  /** The pages now labelled (the model section enables "Improve" from them). */
  listed(pages: LabelledPageSummary[]): void;
}

/** A file the person picked, as much of it as the check needs (the browser's File, or a stand-in in tests). */
export interface PickedFile {
  name: string;
  size: number;
  text(): Promise<string>;
}

/**
 * The picked files' texts, except those over the annotation file's limit: refused from their size, before a byte is
 * read (a 50 MB file would hold up the popup and the message to the background for nothing).
 */
export async function readPickedFiles(files: readonly PickedFile[]):
  Promise<{ files: Array<{ name: string; text: string }>; rejected: string[] }> {
  const out: Array<{ name: string; text: string }> = [];
  const rejected: string[] = [];
  for (const f of files) {
    if (f.size > MAX_ANNOTATION_FILE_BYTES) {
      rejected.push(`${f.name}: the file is ${Math.ceil(f.size / 1048576)} MB; annotation files are at most ` +
        `${MAX_ANNOTATION_FILE_BYTES / 1048576} MB`);
      continue;
    }
    try {
      out.push({ name: f.name, text: await f.text() });
    } catch (e) {
      rejected.push(`${f.name}: could not be read (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  return { files: out, rejected };
}

/** What an import did, in words (the rejected files are listed apart, one line each). */
export function importSummary(report: LabelImportReport): string {
  if (report.files === 0) return 'Nothing was imported.';
  const parts = [`${plural(report.added, 'label')} added`];
  if (report.replaced > 0) parts.push(`${report.replaced} replaced by newer ones`);
  else if (report.conflicts > 0) parts.push(`${report.conflicts} kept where the file had a newer, different label`);
  if (report.unchanged > 0) parts.push(`${report.unchanged} already there`);
  return `Imported ${plural(report.files, 'file')} (${plural(report.pages, 'page')}): ${parts.join(', ')}.`;
}

export class LabelsPanel {
  private readonly summary: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly problem: HTMLElement;
  private readonly report: HTMLElement;
  private readonly rejected: HTMLUListElement;
  private readonly exportButton: HTMLButtonElement;
  private readonly importButton: HTMLButtonElement;
  private readonly fileInput: HTMLInputElement;
  private readonly clearButton: HTMLButtonElement;
  private readonly confirm: ConfirmPrompt;
  private pages: LabelledPageSummary[] = [];

  constructor(private readonly doc: Document, private readonly deps: LabelsPanelDeps) {
    const el = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T;
    this.summary = el('labels-summary');
    this.list = el('labels-pages');
    this.problem = el('labels-problem');
    this.report = el('labels-report');
    this.rejected = el('labels-rejected');
    this.exportButton = el('export-labels');
    this.importButton = el('import-labels');
    this.fileInput = el('import-labels-file');
    this.clearButton = el('clear-labels');
    this.confirm = new ConfirmPrompt({
      box: el('labels-confirm'), question: el('labels-question'), yes: el('labels-yes'), no: el('labels-no'),
    });
    this.exportButton.addEventListener('click', () => void this.exportAll());
    this.importButton.addEventListener('click', () => this.fileInput.click());
    this.fileInput.addEventListener('change', () => void this.importPicked());
    this.clearButton.addEventListener('click', () => this.ask(
      `Clear all ${plural(this.labelCount(), 'label')} on ${plural(this.pages.length, 'page')}? ` +
      'Export them first to keep a copy.', 'Clear', () => this.clearAll(), this.clearButton));
  }

  /** Reads the labelled pages from the background and shows them. */
  async refresh(): Promise<void> {
    const listing = await callBackground('labelledPages', {});
    this.pages = listing.pages;
    this.list.replaceChildren(...listing.pages.map((p) => this.pageItem(p)));
    this.summary.textContent = listing.pages.length === 0 ? 'No labels yet: label segments in "Inspect and label" mode.'
      : `${plural(this.labelCount(), 'label')} on ${plural(listing.pages.length, 'page')} ` +
        `(${Math.ceil(listing.bytes / 1024)} KB of ${Math.round(listing.capBytes / 1048576)} MB)`;
    this.summary.dataset.pages = String(listing.pages.length);
    this.showProblem(listing.problem);
    this.exportButton.disabled = listing.pages.length === 0;
    this.clearButton.disabled = listing.pages.length === 0;
    this.deps.listed(listing.pages);
  }

  private pageItem(p: LabelledPageSummary): HTMLLIElement {
    const li = this.doc.createElement('li');
    li.dataset.url = p.url;
    const title = this.doc.createElement('span');
    title.className = 'page-title';
    title.textContent = p.title || p.url;
    title.title = p.url;
    const counts = this.doc.createElement('span');
    counts.className = 'counts';
    counts.textContent = `${p.template} template, ${p.content} content` +
      (p.withoutRows > 0 ? ` (${p.withoutRows} not yet usable for training)` : '');
    li.append(title, ' ', counts);
    return li;
  }

  private labelCount(): number {
    return this.pages.reduce((n, p) => n + p.template + p.content, 0);
  }

  private async exportAll(): Promise<void> {
    try {
      const files = await callBackground('exportLabels', {});
      downloadJson(this.doc, files, `winnow-labels-${new Date().toISOString().replace(/\.\d+Z$/, '').replace(/:/g, '-')}.json`);
    } catch (e) {
      this.showProblem(message(e));
    }
  }

  private async importPicked(): Promise<void> {
    const picked = [...(this.fileInput.files ?? [])];
    // The same file can be picked again later (a fixed copy): the input must see a change.
    this.fileInput.value = '';
    if (picked.length === 0) return;
    this.report.textContent = `Reading ${plural(picked.length, 'file')}…`;
    this.rejected.replaceChildren();
    this.showProblem(null);
    const read = await readPickedFiles(picked);
    const checked = await refuseUnmatchedOnOpenPage(read.files, {
      url: this.deps.pageRan() ? this.deps.tabUrl() : null,
      check: (labels) => callTab(this.deps.tabId(), 'checkLabels', { labels }),
    }).catch((e: unknown) => ({ files: [], rejected: [`the open page could not check the labels: ${message(e)}`] }));
    const files = checked.files;
    const rejected = [...read.rejected, ...checked.rejected];
    let report: LabelImportReport = { files: 0, pages: 0, added: 0, unchanged: 0, conflicts: 0, replaced: 0, rejected: [],
      changedUrls: [] };
    try {
      if (files.length > 0) report = await callBackground('importAnnotations', { files, replace: false });
    } catch (e) {
      this.report.textContent = '';
      this.showRejected(rejected);
      this.showProblem(message(e));
      return;
    }
    this.showReport(report, [...rejected, ...report.rejected]);
    await this.afterChange(report.changedUrls);
    if (report.conflicts > 0) {
      const accepted = files.filter((f) => !report.rejected.some((line) => line.startsWith(`${f.name}: `)));
      this.ask(`Replace ${plural(report.conflicts, 'label')} with newer imported ones?`, 'Replace',
        () => this.replaceWith(accepted, report.added, rejected), this.importButton);
    }
  }

  /** The person confirmed: the same files again, newer labels replacing kept ones. */
  private async replaceWith(files: Array<{ name: string; text: string }>, addedBefore: number, rejected: string[]):
    Promise<void> {
    try {
      const report = await callBackground('importAnnotations', { files, replace: true });
      this.showReport({ ...report, added: report.added + addedBefore }, [...rejected, ...report.rejected]);
      await this.afterChange(report.changedUrls);
    } catch (e) {
      this.showProblem(message(e));
    }
    this.importButton.focus();
  }

  private async clearAll(): Promise<void> {
    const had = this.pages.map((p) => p.url);
    try {
      const cleared = await callBackground('clearLabels', {});
      this.report.textContent = `Cleared ${plural(cleared.labels, 'label')} on ${plural(cleared.pages, 'page')}.`;
      this.rejected.replaceChildren();
    } catch (e) {
      this.showProblem(message(e));
      return;
    }
    await this.afterChange(had);
    (this.exportButton.disabled ? this.importButton : this.exportButton).focus();
  }

  /** The list again, and the open tab told when its page's labels changed. */
  private async afterChange(changedUrls: string[]): Promise<void> {
    const tabPage = labelPageAddress(this.deps.tabUrl());
    if (this.deps.pageRan() && changedUrls.some((u) => labelPageAddress(u) === tabPage)) {
      try {
        await callTab(this.deps.tabId(), 'labelsChanged', {});
      } catch (e) {
        // The labels are kept whatever the tab says (it may have navigated away).
        this.showProblem(`The labels were kept, but the page could not show them: ${message(e)}`);
      }
    }
    await this.refresh().catch((e: unknown) => this.showProblem(message(e)));
  }

  private showReport(report: LabelImportReport, rejected: string[]): void {
    this.report.textContent = importSummary(report);
    this.showRejected(rejected);
  }

  private showRejected(lines: string[]): void {
    this.rejected.replaceChildren(...lines.map((line) => {
      const li = this.doc.createElement('li');
      li.textContent = line;
      return li;
    }));
    this.rejected.hidden = lines.length === 0;
  }

  private showProblem(problem: string | null): void {
    this.problem.textContent = problem ?? '';
    this.problem.hidden = !problem;
  }

  private ask(question: string, yes: string, act: () => Promise<void>, opener: HTMLButtonElement): void {
    this.confirm.ask(opener, act, { question, yes });
  }
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
