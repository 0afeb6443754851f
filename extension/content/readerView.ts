import type { PageUi } from './pageUi.ts';
import type { ReaderTheme } from '../shared/settings.ts';
import { afterNextPaintOrTimeout } from './yieldToPage.ts';

const CSS = `
.reader { position: fixed; inset: 0; overflow: auto; overscroll-behavior: contain; pointer-events: auto;
  background: var(--bg); color: var(--fg); font: 19px/1.65 Georgia, 'Iowan Old Style', 'Noto Serif', serif;
  --bg: #fbfaf7; --fg: #1d1d1f; --muted: #5f6368; --rule: #dedbd3; --code: #f1efe9; --link: #1a55b3; }
.reader.dark { --bg: #17181b; --fg: #e6e4df; --muted: #a0a3a8; --rule: #3a3b3f; --code: #232428; --link: #8ab4f8; }
@media (prefers-color-scheme: dark) {
  .reader.auto { --bg: #17181b; --fg: #e6e4df; --muted: #a0a3a8; --rule: #3a3b3f; --code: #232428; --link: #8ab4f8; }
}
/* The article's blocks below are each a stacking context of their own (content-visibility implies paint
   containment), painted after the bar in tree order: without a z-index they would scroll over it. */
.bar { position: sticky; top: 0; z-index: 1; display: flex; gap: 8px; justify-content: flex-end; padding: 10px 16px;
  background: var(--bg); border-bottom: 1px solid var(--rule); font: 14px/1.4 system-ui, sans-serif; }
.bar button { font: inherit; color: var(--fg); background: transparent; border: 1px solid var(--rule);
  border-radius: 6px; padding: 4px 10px; cursor: pointer; }
.bar button:focus-visible, .reader a:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
article { max-width: 40em; margin: 0 auto; padding: 24px 20px 80px; }
article:focus { outline: none; }
/* A huge article (a 100k-element page) would take seconds to lay out at once: blocks off screen are skipped until
   they scroll near, with their last size remembered so the scroll bar stays steady. */
article > * { content-visibility: auto; contain-intrinsic-size: auto 4em; }
h1, h2, h3, h4, h5, h6 { font-family: system-ui, sans-serif; line-height: 1.25; margin: 1.4em 0 .5em; }
h1 { font-size: 1.9em; } h2 { font-size: 1.45em; } h3 { font-size: 1.2em; } h4, h5, h6 { font-size: 1em; }
/* A part the page sets on a line of its own (readerContent: a kicker over its headline); a minor one is in smaller
   type there, as it is here. */
.reader .line { display: block; }
.reader .line.minor { font-size: .6em; font-weight: 600; color: var(--muted); margin-bottom: .3em; }
p, ul, ol, dl, blockquote, figure, table, pre { margin: 0 0 1em; }
a { color: var(--link); }
img { max-width: 100%; height: auto; display: block; margin: 0 auto; }
p img, li img, a img { display: inline-block; }
figure { margin-left: 0; margin-right: 0; }
figcaption { color: var(--muted); font-size: .85em; text-align: center; margin-top: .4em; }
.byline { color: var(--muted); font: .85em/1.5 system-ui, sans-serif; margin-top: -.2em; }
blockquote { border-left: 3px solid var(--rule); margin-left: 0; padding-left: 1em; color: var(--muted); }
pre { background: var(--code); padding: 12px 14px; border-radius: 6px; overflow: auto; line-height: 1.45; }
code, kbd, samp, pre { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; font-size: .85em; }
:not(pre) > code { background: var(--code); padding: .1em .3em; border-radius: 3px; }
table { border-collapse: collapse; display: block; overflow-x: auto; font-size: .9em; }
th, td { border: 1px solid var(--rule); padding: 4px 8px; vertical-align: top; }
hr { border: 0; border-top: 1px solid var(--rule); }
`;

/** Top-level blocks added per turn: a few screens' worth, well under a frame to style. */
const BLOCKS_PER_CHUNK = 200;

/**
 * Reader mode: the article in a full-window view inside our shadow root, over the untouched page. Escape or the
 * Close button leaves it; focus moves into it on open and back to where it was on close.
 */
export class ReaderView {
  private el: HTMLElement | null = null;
  private previousFocus: Element | null = null;
  private theme: ReaderTheme = 'auto';

  constructor(private readonly ui: PageUi, private readonly onClose: () => void,
    private readonly onTheme: (t: ReaderTheme) => void) {}

  get isOpen(): boolean {
    return this.el !== null;
  }

  /**
   * Shows the article. A long one goes in by chunks of blocks, a turn of the page between chunks, because styling
   * 100k new elements at once is a freeze of its own; the promise settles when all of it is in.
   */
  async open(article: DocumentFragment, theme: ReaderTheme): Promise<void> {
    this.close(false);
    this.ui.addStyle('reader', CSS);
    const doc = this.ui.root.ownerDocument!;
    this.previousFocus = doc.activeElement;
    this.theme = theme;
    const el = doc.createElement('div');
    el.className = `reader ${theme}`;
    el.setAttribute('role', 'dialog');
    el.setAttribute('aria-modal', 'true');
    el.setAttribute('aria-label', 'Winnow reader view');
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        this.close(true);
      }
    });
    const bar = doc.createElement('div');
    bar.className = 'bar';
    const themeButton = doc.createElement('button');
    themeButton.type = 'button';
    // "auto" follows the system: the button offers the opposite of what is on screen.
    const looksDark = () => this.theme === 'dark' ||
      (this.theme === 'auto' && (doc.defaultView?.matchMedia('(prefers-color-scheme: dark)').matches ?? false));
    const label = () => { themeButton.textContent = looksDark() ? 'Light' : 'Dark'; };
    label();
    themeButton.addEventListener('click', () => {
      this.theme = looksDark() ? 'light' : 'dark';
      el.className = `reader ${this.theme}`;
      label();
      this.onTheme(this.theme);
    });
    const close = doc.createElement('button');
    close.type = 'button';
    close.textContent = 'Close reader';
    close.addEventListener('click', () => this.close(true));
    bar.append(themeButton, close);
    const body = doc.createElement('article');
    body.tabIndex = -1;
    const blocks = Array.from(article.childNodes);
    body.append(...blocks.slice(0, BLOCKS_PER_CHUNK));
    el.append(bar, body);
    this.ui.root.append(el);
    this.el = el;
    body.focus({ preventScroll: true });
    for (let k = BLOCKS_PER_CHUNK; k < blocks.length && this.el === el; k += BLOCKS_PER_CHUNK) {
      // Each chunk is styled and painted before the next goes in; a plain yield would let them pile up unrendered.
      await afterNextPaintOrTimeout();
      if (this.el === el) body.append(...blocks.slice(k, k + BLOCKS_PER_CHUNK));
    }
  }

  /** The article's text (for status and tests). */
  get text(): string {
    return this.el?.querySelector('article')?.textContent ?? '';
  }

  close(byUser: boolean): void {
    if (!this.el) return;
    this.el.remove();
    this.el = null;
    if (this.previousFocus instanceof HTMLElement) this.previousFocus.focus({ preventScroll: true });
    if (byUser) this.onClose();
  }
}
