import type { PageUi } from './pageUi.ts';

const CSS = `
.toast { position: fixed; right: 16px; bottom: 16px; max-width: 360px; padding: 10px 14px; border-radius: 8px;
  font: 14px/1.4 system-ui, sans-serif; color: #fff; background: #333; box-shadow: 0 4px 16px rgba(0,0,0,.3);
  display: flex; gap: 10px; align-items: center; pointer-events: auto; }
.toast.error { background: #8b1a1a; }
.toast.notice, .toast.info { background: #1f3f66; }
.toast button { font: inherit; color: inherit; background: transparent; border: 1px solid currentColor;
  border-radius: 4px; padding: 0 6px; cursor: pointer; }
.toast button:focus-visible { outline: 2px solid #fff; outline-offset: 2px; }
.spinner { width: 14px; height: 14px; border: 2px solid rgba(255,255,255,.4); border-top-color: #fff;
  border-radius: 50%; animation: spin 0.8s linear infinite; flex: none; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
`;

/**
 * Progress ("Winnow is reading this page…") when a run takes longer than a moment, friendly errors, notices that
 * are no error but must be read (labels that no longer match the page), and short reports that go by themselves.
 */
export class StatusToast {
  private el: HTMLElement | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private infoTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly ui: PageUi) {}

  /** Shows progress only if `work` is still running after `delayMs`, and removes it when it settles. */
  async during<T>(work: Promise<T>, message: string, delayMs = 300): Promise<T> {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.show(message, 'progress'), delayMs);
    try {
      return await work;
    } finally {
      clearTimeout(this.timer);
      if (this.el?.dataset.kind === 'progress') this.clear();
    }
  }

  error(message: string): void {
    this.show(message, 'error');
  }

  /** A message that stays until dismissed, as an error does, without being one. */
  notice(message: string): void {
    this.show(message, 'notice');
  }

  /** A report on what was just drawn (segments mode's count and time): goes by itself after `hideAfterMs`. */
  info(message: string, hideAfterMs = 6000): void {
    this.show(message, 'info');
    const el = this.el;
    this.infoTimer = setTimeout(() => { if (this.el === el) this.clear(); }, hideAfterMs);
  }

  /** Takes down a report of `info`, which belongs to what was drawn; errors and notices stay until dismissed. */
  clearInfo(): void {
    if (this.el?.dataset.kind === 'info') this.clear();
  }

  clear(): void {
    clearTimeout(this.infoTimer);
    this.el?.remove();
    this.el = null;
  }

  private show(message: string, kind: 'progress' | 'error' | 'notice' | 'info'): void {
    this.clear();
    this.ui.addStyle('toast', CSS);
    const doc = this.ui.root.ownerDocument!;
    const el = doc.createElement('div');
    el.className = `toast ${kind === 'progress' ? '' : kind}`;
    el.dataset.kind = kind;
    el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    if (kind === 'progress') {
      const spinner = doc.createElement('span');
      spinner.className = 'spinner';
      el.append(spinner);
    }
    const text = doc.createElement('span');
    text.textContent = message;
    el.append(text);
    if (kind !== 'progress') {
      const close = doc.createElement('button');
      close.type = 'button';
      close.textContent = 'Dismiss';
      close.addEventListener('click', () => this.clear());
      el.append(close);
    }
    this.ui.root.append(el);
    this.el = el;
  }
}
