import type { PageUi } from './pageUi.ts';

export interface HighlightBox {
  el: Element;
  score: number;
  /** The segment repeats across the site's pages (site memory): drawn dashed and labelled "site template". */
  site?: boolean;
}

const CSS = `
.highlight .box { position: absolute; pointer-events: none; border-radius: 2px;
  outline: 2px solid rgba(200, 30, 30, var(--strength)); background: rgba(220, 40, 40, calc(0.06 + 0.22 * var(--strength)));
  font: 600 11px/1.4 system-ui, sans-serif; color: #fff; }
.highlight .label { position: absolute; left: 0; top: 0; background: rgb(180, 25, 25); padding: 0 4px;
  border-bottom-right-radius: 3px; white-space: nowrap; }
.highlight .box.site { outline-style: dashed; outline-color: rgba(120, 40, 160, var(--strength));
  background: rgba(130, 50, 170, calc(0.06 + 0.22 * var(--strength))); }
.highlight .box.site .label { background: rgb(105, 35, 140); }
`;

/**
 * Highlight mode: each template segment outlined and tinted, more strongly the more template it is; content is
 * left alone. Segments the site memory found on the site's other pages are dashed and purple, labelled "site template"
 * (not by colour alone), which the popup's legend explains. Boxes follow the live layout (read all rectangles first, then write, so one layout serves all).
 */
export class HighlightOverlay {
  private layer: HTMLElement | null = null;
  private boxes: HighlightBox[] = [];
  private threshold = 0.5;
  private readonly onResize = () => this.schedule();
  private frame = 0;

  constructor(private readonly ui: PageUi) {}

  show(boxes: HighlightBox[], threshold: number): void {
    this.boxes = boxes;
    this.threshold = threshold;
    if (!this.layer) {
      this.ui.addStyle('highlight', CSS);
      this.layer = this.ui.root.ownerDocument!.createElement('div');
      this.layer.className = 'layer highlight';
      this.layer.setAttribute('aria-hidden', 'true');
      this.ui.root.append(this.layer);
      window.addEventListener('resize', this.onResize);
    }
    this.draw();
  }

  get boxCount(): number {
    return this.layer?.childElementCount ?? 0;
  }

  hide(): void {
    cancelAnimationFrame(this.frame);
    window.removeEventListener('resize', this.onResize);
    this.layer?.remove();
    this.layer = null;
    this.boxes = [];
  }

  private schedule(): void {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.draw());
  }

  private draw(): void {
    if (!this.layer) return;
    const doc = this.layer.ownerDocument;
    const sx = window.scrollX;
    const sy = window.scrollY;
    const rects = this.boxes.map((b) => b.el.getBoundingClientRect());
    const span = Math.max(1e-6, 1 - this.threshold);
    const fragment = doc.createDocumentFragment();
    this.boxes.forEach((b, k) => {
      const r = rects[k];
      if (r.width < 1 || r.height < 1) return;
      const box = doc.createElement('div');
      box.className = b.site ? 'box site' : 'box';
      const strength = Math.min(1, Math.max(0.25, (b.score - this.threshold) / span));
      box.style.cssText = `left:${r.left + sx}px;top:${r.top + sy}px;width:${r.width}px;height:${r.height}px;` +
        `--strength:${strength.toFixed(3)}`;
      const label = doc.createElement('span');
      label.className = 'label';
      label.textContent = `${b.site ? 'site template' : 'template'} ${b.score.toFixed(2)}`;
      box.append(label);
      fragment.append(box);
    });
    this.layer.replaceChildren(fragment);
  }
}
