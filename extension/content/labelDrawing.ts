/**
 * Inspect mode's own drawing over the page: the segments a person labelled, drawn apart from the model's boxes (a
 * thick solid outline, green for content and blue for template, with a tag saying "you: content" / "you: template":
 * not by colour alone), marked "not saved" when the background refused the change, and a dashed ring on the segment
 * the card describes. Boxes come from boxGeometry.ts, so they sit on what can be seen, and a box on a fixed element
 * stays with it; they are measured again after a scroll or resize.
 */
import type { SegmentLabel } from '../../src/labels/annotationFile.ts';
import { boxGeometry, styleReader } from './boxGeometry.ts';
import type { PageUi } from './pageUi.ts';
import { BoxLayers } from './boxLayers.ts';

export interface LabelledBox {
  el: Element;
  label: SegmentLabel;
  notSaved: boolean;
}

const TAG_HEIGHT = 16;

const CSS = `
.human .box { position: absolute; pointer-events: none; border-radius: 2px; }
.human .box.content { outline: 3px solid rgb(20, 130, 50); }
.human .box.template { outline: 3px solid rgb(30, 90, 200); }
.human .box.focus { outline: 2px dashed #111; outline-offset: 3px; box-shadow: 0 0 0 5px rgba(255, 255, 255, .7); }
.human .tag { position: absolute; right: -3px; top: -${TAG_HEIGHT + 3}px; height: ${TAG_HEIGHT}px; padding: 0 5px;
  border-radius: 3px 3px 0 0; font: 700 11px/${TAG_HEIGHT}px system-ui, sans-serif; color: #fff; white-space: nowrap; }
.human .box.content .tag { background: rgb(20, 120, 50); }
.human .box.template .tag { background: rgb(30, 80, 190); }
.human .box.not-saved .tag { background: rgb(150, 20, 20); }
.human.viewport { position: fixed; }
`;

export class LabelDrawing {
  private readonly layers: BoxLayers;
  private boxes: LabelledBox[] = [];
  private focus: Element | null = null;
  private frame = 0;
  private readonly onMove = () => {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.write());
  };

  constructor(ui: PageUi) {
    this.layers = new BoxLayers(ui, 'human', CSS, { resize: this.onMove, scroll: this.onMove });
  }

  /** Draws the labelled segments and the focus ring (null: none). */
  draw(boxes: LabelledBox[], focus: Element | null): void {
    this.boxes = boxes;
    this.focus = focus;
    this.layers.open();
    this.write();
  }

  get labelledCount(): number {
    return this.boxes.length;
  }

  clear(): void {
    cancelAnimationFrame(this.frame);
    this.layers.close();
    this.boxes = [];
    this.focus = null;
  }

  private write(): void {
    const layers = this.layers.current;
    if (!layers) return;
    const { page: pageLayer, viewport: viewportLayer } = layers;
    const doc = pageLayer.ownerDocument;
    const styleOf = styleReader(window);
    const page = doc.createDocumentFragment();
    const viewport = doc.createDocumentFragment();
    const items: Array<{ el: Element; className: string; tag: string | null }> = this.boxes.map((b) => ({
      el: b.el,
      className: `box ${b.label}${b.notSaved ? ' not-saved' : ''}`,
      tag: `you: ${b.label}${b.notSaved ? ' · not saved' : ''}`,
    }));
    if (this.focus) items.push({ el: this.focus, className: 'box focus', tag: null });
    for (const item of items) {
      const geometry = boxGeometry(item.el, styleOf);
      if (!geometry) continue;
      const { x, y, w, h } = geometry.rect;
      const div = doc.createElement('div');
      div.className = item.className;
      div.style.cssText = `left:${x}px;top:${y}px;width:${w}px;height:${h}px`;
      if (item.tag) {
        const tag = doc.createElement('span');
        tag.className = 'tag';
        tag.textContent = item.tag;
        div.append(tag);
      }
      (geometry.layer === 'viewport' ? viewport : page).append(div);
    }
    pageLayer.replaceChildren(page);
    viewportLayer.replaceChildren(viewport);
  }
}
