/**
 * Two layers in Winnow's shadow root that boxes over the page are drawn into: one that scrolls with the page, and one
 * fixed to the window for boxes on position:fixed elements (boxGeometry.ts says which). While the layers are up, the
 * window's resizes and every scroll (captured: scrolling inside an element does not bubble, and its boxes move too)
 * are passed on, so the boxes can follow the live layout. Highlight mode and inspect mode's labels each have a pair.
 */
import type { PageUi } from './pageUi.ts';

export interface LayerEvents {
  resize(): void;
  scroll(): void;
}

export class BoxLayers {
  private layers: { page: HTMLElement; viewport: HTMLElement } | null = null;

  /** `name` is the layers' class (their CSS is scoped by it, `.NAME.viewport` being the fixed one). */
  constructor(private readonly ui: PageUi, private readonly name: string, private readonly css: string,
    private readonly events: LayerEvents) {}

  /** The layers, put up (with their style and listeners) on first use. */
  open(): { page: HTMLElement; viewport: HTMLElement } {
    if (!this.layers) {
      this.ui.addStyle(this.name, this.css);
      this.layers = { page: this.layer(`layer ${this.name}`), viewport: this.layer(`layer ${this.name} viewport`) };
      window.addEventListener('resize', this.events.resize);
      document.addEventListener('scroll', this.events.scroll, { capture: true, passive: true });
    }
    return this.layers;
  }

  /** The layers while they are up, null otherwise. */
  get current(): { page: HTMLElement; viewport: HTMLElement } | null {
    return this.layers;
  }

  /** Takes the layers down and stops listening. */
  close(): void {
    window.removeEventListener('resize', this.events.resize);
    document.removeEventListener('scroll', this.events.scroll, { capture: true });
    this.layers?.page.remove();
    this.layers?.viewport.remove();
    this.layers = null;
  }

  private layer(className: string): HTMLElement {
    const layer = this.ui.root.ownerDocument!.createElement('div');
    layer.className = className;
    layer.setAttribute('aria-hidden', 'true');
    this.ui.root.append(layer);
    return layer;
  }
}
