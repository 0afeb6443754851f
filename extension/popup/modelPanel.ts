/**
 * The popup's "Your model" section: which model runs use (bundled or personal), "Improve the model with my labels"
 * (enabled once labels with feature rows of both kinds exist on two pages; the background says exactly what is
 * missing when they do not), what the fit did to the agreement with the person's labels on pages held out from it,
 * and "Reset to the bundled model" after a confirm. After either, the open page runs again with the model now in use.
 */
import { callBackground, callTab } from '../shared/runtimeClient.ts';
import type { RunStatus } from '../shared/runStatus.ts';
import { TOO_FEW_LABELS, type LabelledPageSummary, type PersonalModelInfo } from '../shared/labelsApi.ts';
import { ConfirmPrompt } from './confirmPrompt.ts';

export interface ModelPanelDeps {
  tabId(): number;
  pageRan(): boolean;
  /** A new status from the page (after it ran again with another model). */
  showStatus(status: RunStatus): void;
}

/**
 * Whether the listed labels may be enough to fit: labels with rows on two pages, and both labels among them. The
 * listing does not say which label a row-less one has, so this can be hopeful; the background checks exactly.
 */
export function labelsLookUsable(pages: readonly LabelledPageSummary[]): boolean {
  const withRows = pages.filter((p) => p.template + p.content > p.withoutRows);
  return withRows.length >= 2 && withRows.some((p) => p.template > 0) && withRows.some((p) => p.content > 0);
}

/** The held-out agreement before and after, in words and numbers. */
export function agreementText(info: PersonalModelInfo): string {
  const fitted = `Fitted on ${plural(info.segments, 'labelled segment')} (${plural(info.rows, 'element')}) ` +
    `on ${plural(info.pages, 'page')}.`;
  const h = info.heldOut;
  if (!h) return `${fitted} Too few pages to hold some out, so there is no before/after measure yet.`;
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const compared = h.after > h.before ? 'more often than' : h.after < h.before ? 'less often than' : 'as often as';
  // With labels from several sites, whole sites are held out (src/model/labelFolds.ts): say so.
  const held = h.by === 'site' ? 'On sites held out from the fit' : 'On pages held out from the fit';
  return `${fitted} ${held} (${plural(h.pages, 'page')}, ${plural(h.segments, 'segment')}) ` +
    `your model agrees with your labels ${compared} the bundled model: ${pct(h.before)} before, ${pct(h.after)} after.`;
}

export class ModelPanel {
  private readonly inUse: HTMLElement;
  private readonly improve: HTMLButtonElement;
  private readonly reason: HTMLElement;
  private readonly result: HTMLElement;
  private readonly error: HTMLElement;
  private readonly reset: HTMLButtonElement;
  private readonly confirm: ConfirmPrompt;
  private usable = false;
  private personal = false;
  private busy = false;

  constructor(doc: Document, private readonly deps: ModelPanelDeps) {
    const el = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T;
    this.inUse = el('model-in-use');
    this.improve = el('improve-model');
    this.reason = el('improve-reason');
    this.result = el('model-result');
    this.error = el('model-error');
    this.reset = el('reset-model');
    this.confirm = new ConfirmPrompt({ box: el('reset-confirm'), yes: el('reset-yes'), no: el('reset-no') });
    this.improve.addEventListener('click', () => void this.fit());
    this.reset.addEventListener('click', () => this.confirm.ask(this.reset, () => this.resetModel()));
  }

  /** The labelled pages changed (labelsPanel.ts): "Improve" follows them. */
  labelsListed(pages: readonly LabelledPageSummary[]): void {
    this.usable = labelsLookUsable(pages);
    this.updateButtons();
  }

  /** Which model runs use, from the background. */
  async refresh(): Promise<void> {
    const [info, model] = await Promise.all([callBackground('personalModel', {}), callBackground('model', {})]);
    this.personal = info !== null;
    this.inUse.dataset.model = this.personal ? 'personal' : 'bundled';
    this.inUse.textContent = info
      ? `In use: your personal model, fitted ${new Date(info.trainedAt).toLocaleString()} on ` +
        `${plural(info.segments, 'labelled segment')} (${model.version}).`
      : `In use: the bundled model (${model.version}).`;
    if (model.problem) this.showError(model.problem);
    this.updateButtons();
  }

  private updateButtons(): void {
    this.improve.disabled = this.busy || !this.usable;
    this.reason.textContent = this.usable ? '' : `${TOO_FEW_LABELS}.`;
    this.reason.hidden = this.usable;
    this.reset.disabled = this.busy || !this.personal;
  }

  private async fit(): Promise<void> {
    this.setBusy(true, 'Fitting the model on your labels…');
    this.showError(null);
    try {
      const info = await callBackground('improveModel', {});
      this.result.textContent = agreementText(info);
      if (info.heldOut) {
        this.result.dataset.before = String(info.heldOut.before);
        this.result.dataset.after = String(info.heldOut.after);
      }
    } catch (e) {
      this.result.textContent = '';
      this.showError(e instanceof Error ? e.message : String(e));
      this.setBusy(false);
      return;
    }
    await this.afterChange();
    this.setBusy(false);
    this.improve.focus();
  }

  private async resetModel(): Promise<void> {
    this.setBusy(true);
    this.showError(null);
    try {
      await callBackground('resetModel', {});
      this.result.textContent = 'Winnow uses the bundled model again.';
    } catch (e) {
      this.showError(e instanceof Error ? e.message : String(e));
    }
    await this.afterChange();
    this.setBusy(false);
    (this.improve.disabled ? this.inUse : this.improve).focus();
  }

  /** The open page runs again with the model now in use, and the section says which it is. */
  private async afterChange(): Promise<void> {
    try {
      if (this.deps.pageRan()) {
        const status = await callTab(this.deps.tabId(), 'rerun', {});
        if (status) this.deps.showStatus(status);
      }
    } catch (e) {
      // The model is kept whatever the tab says (it may have navigated away).
      this.showError(`The model was changed, but the page could not run again: ${e instanceof Error ? e.message : String(e)}`);
    }
    await this.refresh().catch((e: unknown) => this.showError(e instanceof Error ? e.message : String(e)));
  }

  private setBusy(busy: boolean, text?: string): void {
    this.busy = busy;
    this.improve.setAttribute('aria-busy', String(busy));
    if (text) this.result.textContent = text;
    this.updateButtons();
  }

  private showError(problem: string | null): void {
    this.error.textContent = problem ?? '';
    this.error.hidden = !problem;
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
