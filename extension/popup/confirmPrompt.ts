/**
 * A question the popup asks before something a person cannot take back (forget a site, clear labels, replace labels,
 * reset the model). Asking puts the focus on the safe answer; that answer or Escape closes the question and gives the
 * focus back to the button that asked; the other answer closes it and does the thing. One per popup section, each
 * with its own group of elements in popup.html.
 */
export interface ConfirmElements {
  /** The group holding the question and both answers (hidden while nothing is asked). */
  box: HTMLElement;
  /** Where the question is written; absent for a question popup.html spells out. */
  question?: HTMLElement;
  yes: HTMLButtonElement;
  no: HTMLButtonElement;
}

export class ConfirmPrompt {
  private pending: { act: () => unknown; opener: HTMLElement } | null = null;

  constructor(private readonly el: ConfirmElements) {
    el.no.addEventListener('click', () => this.keep());
    el.yes.addEventListener('click', () => {
      const act = this.pending?.act;
      this.close();
      act?.();
    });
    el.box.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      this.keep();
    });
  }

  /** Asks; `act` runs on the other answer. `question` and `yes` replace the texts when given. */
  ask(opener: HTMLElement, act: () => unknown, texts: { question?: string; yes?: string } = {}): void {
    this.pending = { act, opener };
    if (texts.question !== undefined && this.el.question) this.el.question.textContent = texts.question;
    if (texts.yes !== undefined) this.el.yes.textContent = texts.yes;
    this.el.box.hidden = false;
    this.el.no.focus();
  }

  /** The safe answer: nothing done, the focus back where the question came from. */
  private keep(): void {
    const opener = this.pending?.opener;
    this.close();
    opener?.focus();
  }

  private close(): void {
    this.el.box.hidden = true;
    this.pending = null;
  }
}
