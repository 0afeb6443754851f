import { boxGeometry, scrollArea, styleReader, type BoxGeometry, type StyleOf } from './boxGeometry.ts';
import { tintedBoxes } from './boxTint.ts';
import { candidatePlaces, placeLabels, type LabelRequest } from './labelPlacement.ts';
import { PageScan, type CapturedLayout } from './pageScan.ts';
import type { PageUi } from './pageUi.ts';
import { BoxLayers } from './boxLayers.ts';
import { intersection, moved, overlaps, type Rect } from '../../src/util/rects.ts';
import { yieldToPage } from './yieldToPage.ts';

export interface HighlightBox {
  el: Element;
  score: number;
  /** The segment repeats across the site's pages (site memory): drawn dashed and labelled "site template". */
  site?: boolean;
  /**
   * Hide mode removes it, though it is no template segment: the reader decision left it out of the content (a cookie
   * banner, a sidebar scored as content). Labelled "not content", tinted as lightly as a template box can be.
   */
  notContent?: boolean;
  /**
   * Drawn for segments mode (segmentsView.ts) instead: outlined in the segment's colour ("r, g, b"), dashed when the
   * smoothing calls it template, and labelled with `tag` (its number and verdict in words).
   */
  segment?: { colour: string; tag: string; template: boolean };
}

/**
 * The label's font: compact, one line, and monospaced, so that its width follows from its length (labelWidth)
 * without measuring text: measuring needed a canvas made in the page on every run. The fonts here advance about
 * 0.6 em a character, DejaVu Sans Mono (Debian's monospace) and Menlo a little more, so a character is counted
 * generously; the text is centred in whatever room is left.
 */
const LABEL_FONT_PX = 10;
const LABEL_CHAR_EM = 0.62;
const LABEL_FONT = `600 ${LABEL_FONT_PX}px ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, "Liberation Mono", monospace`;
const LABEL_HEIGHT = 14;
const LABEL_PADDING = 4;
/** How long the page scan may run in one task (as capture's slices): the page keeps painting on a huge page. */
const SCAN_SLICE_MS = 25;

// Every per-box value is a custom property on the box (geometry, strength, tint, the label's place), so a box stays
// one element holding one label, as the e2e harness reads it (overlayBoxes in test/e2e/extensionHarness.ts).
const CSS = `
.highlight .box { position: absolute; pointer-events: none; border-radius: 2px;
  outline: 2px solid rgba(200, 30, 30, var(--strength));
  background: rgba(220, 40, 40, calc(var(--tint) * (0.06 + 0.22 * var(--strength)))); }
.highlight .label { position: absolute; left: var(--lx); top: var(--ly); width: var(--lw); height: ${LABEL_HEIGHT}px;
  display: var(--label); overflow: hidden; padding: 0 ${LABEL_PADDING}px; border-radius: 3px;
  font: ${LABEL_FONT}; line-height: ${LABEL_HEIGHT}px; text-align: center; color: #fff; background: rgb(180, 25, 25);
  white-space: nowrap; }
.highlight .box.site { outline-style: dashed; outline-color: rgba(120, 40, 160, var(--strength));
  background: rgba(130, 50, 170, calc(var(--tint) * (0.06 + 0.22 * var(--strength)))); }
.highlight .box.site .label { background: rgb(105, 35, 140); }
.highlight .box.segment { outline: 2px solid rgb(var(--c)); background: rgba(var(--c), calc(var(--tint) * 0.12)); }
.highlight .box.segment.template { outline-style: dashed; }
.highlight .box.segment .label { background: rgb(var(--c)); }
.highlight.viewport { position: fixed; }
`;

/** One box on screen: the box asked for, drawn on its element or on a fixed element inside it. */
interface DrawnBox {
  box: HighlightBox;
  /** The element measured: the box's own, or a position:fixed element inside it (which its own box does not cover). */
  el: Element;
  geometry: BoxGeometry;
  div: HTMLElement;
  /** Its clip-path as last written ('' for none). */
  clip: string;
}

/**
 * Highlight mode: each template segment outlined and tinted, more strongly the more template it is; content is
 * left alone. Segments the site memory found on the site's other pages are dashed and purple, labelled "site template"
 * (not by colour alone), which the popup's legend explains. What a person sees is kept honest:
 * - a box covers only the visible part of its element (boxGeometry.ts), and a box on a position:fixed element, or on
 *   a fixed element inside a drawn one, stays on it while the page scrolls (a layer of its own, position:fixed);
 * - where a fixed element floats over the page, the page's boxes are cut away (clip-path), as the page's own content
 *   is: no box is drawn over a cookie banner, and two tints never add up there;
 * - at most one tint covers any point (boxTint.ts): a box nested in a tinted one is an outline;
 * - labels never cover the page's text or each other (labelPlacement.ts).
 * Boxes follow the live layout: everything is read first, then written, so one layout serves all; scrolling only
 * moves what must move (boxes inside sticky or scrolling elements, the cut-outs of fixed elements).
 * Segments mode draws its boxes here too, one mode at a time (segmentsView.ts: colours and tags of its own).
 */
export class HighlightOverlay {
  private readonly layers: BoxLayers;
  private boxes: HighlightBox[] = [];
  private threshold = 0.5;
  private drawn: DrawnBox[] = [];
  private fixed: Element[] = [];
  /** Counts drawings: a page read still going on for an older one stops. */
  private drawing = 0;
  /**
   * The page read and the capture it is of: a new penalty or threshold (the popup's slider) or a switch back to
   * highlight redraws the boxes of the same page, whose text has not moved, so what was read is not read again (only
   * text under the new boxes' label places is). A new capture (the page changed) or a resize reads it afresh.
   */
  private lastScan: { page: CapturedLayout; scan: PageScan } | null = null;
  private page: CapturedLayout | null = null;
  private readonly onResize = () => {
    this.lastScan = null;
    cancelAnimationFrame(this.drawFrame);
    this.drawFrame = requestAnimationFrame(() => this.draw());
  };
  private readonly onScroll = () => {
    if (this.fixed.length === 0 && !this.drawn.some((d) => d.geometry.moves)) return;
    cancelAnimationFrame(this.followFrame);
    this.followFrame = requestAnimationFrame(() => this.follow());
  };
  private drawFrame = 0;
  private followFrame = 0;

  constructor(ui: PageUi) {
    this.layers = new BoxLayers(ui, 'highlight', CSS, { resize: this.onResize, scroll: this.onScroll });
  }

  /**
   * Draws `boxes`; `page` is the capture they come from (a page read is reused for the same one), whose style bits
   * say which elements are position:fixed.
   */
  show(boxes: HighlightBox[], threshold: number, page: CapturedLayout): void {
    this.boxes = boxes;
    this.threshold = threshold;
    this.page = page;
    this.layers.open();
    this.draw();
  }

  get boxCount(): number {
    return this.drawn.length;
  }

  hide(): void {
    this.drawing++;
    cancelAnimationFrame(this.drawFrame);
    cancelAnimationFrame(this.followFrame);
    this.layers.close();
    this.boxes = [];
    this.drawn = [];
    this.fixed = [];
  }

  /**
   * Draws the boxes with what the page scan found (fixed elements, what labels must not cover). On most pages the
   * text under the labels' places is read within one short task and everything is drawn at once; on a very large
   * page the boxes are drawn first, without labels, and drawn again with them once the scan, in slices, is done.
   */
  private draw(): void {
    const layers = this.layers.current;
    if (!layers) return;
    const drawing = ++this.drawing;
    const page = this.page;
    if (!page) return;
    if (this.lastScan?.page !== page) this.lastScan = { page, scan: new PageScan(layers.page.ownerDocument, page) };
    const { scan } = this.lastScan;
    if (this.write(scan, performance.now() + SCAN_SLICE_MS)) return;
    void (async () => {
      do {
        await yieldToPage();
        if (drawing !== this.drawing) return;
      } while (!scan.step(performance.now() + SCAN_SLICE_MS));
      // Measured again: the page may have moved meanwhile (the little text under new places is read at once).
      this.write(scan, Infinity);
    })();
  }

  /**
   * Reads every box's place, then the text its label could cover until `deadline`, then writes the boxes: with their
   * labels if that read is done (returns true), else without (false: the scan goes on).
   */
  private write(scan: PageScan, deadline: number): boolean {
    const layers = this.layers.current;
    if (!layers) return true;
    const { page: pageLayer, viewport: viewportLayer } = layers;
    const doc = pageLayer.ownerDocument;
    this.fixed = scan.fixed();
    const measured = this.measure(styleReader(window));
    const tinted = tintedBoxes(measured.map((m) => ({ rect: m.geometry.rect, layer: m.geometry.layer })));
    const requests = this.labelRequests(doc, measured, tinted);
    const candidates = requests.map((r) => candidatePlaces(r.box, r.width, r.height));
    scan.want(candidates.flat());
    const read = scan.step(deadline);
    const labels = this.labels(doc, measured, requests, candidates, read ? scan : null);
    const span = Math.max(1e-6, 1 - this.threshold);
    const pageBoxes = doc.createDocumentFragment();
    const viewportBoxes = doc.createDocumentFragment();
    this.drawn = measured.map((m, k) => {
      const { box, geometry: { rect, layer } } = m;
      const div = doc.createElement('div');
      div.className = boxClass(box);
      const strength = box.notContent ? 0.25 : Math.min(1, Math.max(0.25, (box.score - this.threshold) / span));
      const label = labels[k];
      div.style.cssText = `left:${rect.x}px;top:${rect.y}px;width:${rect.w}px;height:${rect.h}px;` +
        `--strength:${strength.toFixed(3)};--tint:${tinted[k] ? 1 : 0};` +
        `--lx:${label.place ? label.place.x - rect.x : 0}px;--ly:${label.place ? label.place.y - rect.y : 0}px;` +
        `--lw:${label.width}px;--label:${label.place ? 'block' : 'none'};` +
        (box.segment ? `--c:${box.segment.colour}` : '');
      const text = doc.createElement('span');
      text.className = 'label';
      text.textContent = label.text;
      div.append(text);
      (layer === 'viewport' ? viewportBoxes : pageBoxes).append(div);
      return { ...m, div, clip: '' };
    });
    pageLayer.replaceChildren(pageBoxes);
    viewportLayer.replaceChildren(viewportBoxes);
    this.cutOutFixed();
    return read;
  }

  /**
   * Each box's visible part, and a box for each fixed element inside a drawn element (a banner that is part of a
   * template segment is not where its segment's box is), in document order: outer boxes before the boxes inside them.
   */
  private measure(styleOf: StyleOf): Array<Omit<DrawnBox, 'div' | 'clip'>> {
    const byElement = new Map(this.boxes.map((b) => [b.el, b]));
    const out: Array<Omit<DrawnBox, 'div' | 'clip'>> = [];
    for (const box of this.boxes) {
      const geometry = boxGeometry(box.el, styleOf);
      if (geometry) out.push({ box, el: box.el, geometry });
    }
    for (const el of this.fixed) {
      if (byElement.has(el)) continue;
      let owner: HighlightBox | undefined;
      for (let a = el.parentElement; a && !owner; a = a.parentElement) owner = byElement.get(a);
      const geometry = owner && boxGeometry(el, styleOf);
      if (owner && geometry) out.push({ box: owner, el, geometry });
    }
    return out.sort((a, b) => (a.el === b.el ? 0 :
      a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  }

  /**
   * What each box's label asks for: its text and width, and the box it names (page coordinates, as things are at this
   * scroll position), in the order labels are placed: the outermost (tinted) boxes name what is drawn, the labels of
   * outlines inside them come after.
   */
  private labelRequests(doc: Document, measured: Array<Omit<DrawnBox, 'div' | 'clip'>>, tinted: boolean[]):
    Array<LabelRequest & { k: number; text: string }> {
    const sx = window.scrollX;
    const sy = window.scrollY;
    const viewport = { x: sx, y: sy, w: doc.documentElement.clientWidth, h: doc.documentElement.clientHeight };
    const requests = measured.map(({ box, geometry: g }, k) => {
      const text = box.segment ? box.segment.tag :
        box.notContent ? 'not content' : `${box.site ? 'site template' : 'template'} ${box.score.toFixed(2)}`;
      return {
        k,
        text,
        box: g.layer === 'viewport' ? moved(g.rect, sx, sy) : g.rect,
        width: labelWidth(text),
        height: LABEL_HEIGHT,
        bounds: g.layer === 'viewport' ? viewport : undefined,
      };
    });
    return [...requests.filter((r) => tinted[r.k]), ...requests.filter((r) => !tinted[r.k])];
  }

  /**
   * Each box's label: its text and width, and where it goes (null: nowhere free, or the page not read yet: not
   * drawn). `candidates` are the requests' places the scan was asked to read under, worked out once per drawing.
   */
  private labels(doc: Document, measured: Array<Omit<DrawnBox, 'div' | 'clip'>>,
    requests: Array<LabelRequest & { k: number; text: string }>, candidates: Rect[][], page: PageScan | null):
    Array<{ text: string; width: number; place: Rect | null }> {
    const places = page
      ? placeLabels(requests, { hard: page.hard, soft: page.soft, bounds: scrollArea(doc) }, candidates) : [];
    const sx = window.scrollX;
    const sy = window.scrollY;
    const out = new Array<{ text: string; width: number; place: Rect | null }>(measured.length);
    requests.forEach((r, i) => {
      const place = places[i] ?? null;
      // Back to the box's own layer: a viewport box's label is placed relative to it.
      out[r.k] = { text: r.text, width: r.width,
        place: place && measured[r.k].geometry.layer === 'viewport' ? moved(place, -sx, -sy) : place };
    });
    return out;
  }

  /** After a scroll: boxes inside sticky or scrolling elements move with them, and the cut-outs follow. */
  private follow(): void {
    if (!this.layers.current) return;
    const styleOf = styleReader(window);
    for (const d of this.drawn) {
      if (!d.geometry.moves) continue;
      const geometry = boxGeometry(d.el, styleOf);
      if (!geometry) {
        d.div.style.display = 'none';
        continue;
      }
      const { x, y, w, h } = geometry.rect;
      d.geometry = { ...geometry, moves: true };
      Object.assign(d.div.style, { display: '', left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px` });
    }
    this.cutOutFixed();
  }

  /**
   * Where a fixed element floats over the page, the page's boxes (and their labels) are cut away, so that they are
   * not drawn over it — the page's own content is under it too. A box's own fixed elements are not cut from it.
   */
  private cutOutFixed(): void {
    const floating = this.fixed.map((el) => {
      const r = el.getBoundingClientRect();
      return { el, rect: { x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height } };
    });
    for (const d of this.drawn) {
      if (d.geometry.layer !== 'page') continue;
      const { x, y, w, h } = d.geometry.rect;
      // The box with its outline and its label, which sits on one of its edges.
      const m = LABEL_HEIGHT + 2;
      const area = { x: x - m, y: y - m, w: w + 2 * m, h: h + 2 * m };
      const holes = floating.filter((f) => !f.el.contains(d.el) && !d.el.contains(f.el))
        .map((f) => intersection(f.rect, area)).filter((r): r is Rect => r !== null && overlaps(r, area));
      const clip = holes.length === 0 ? '' : clipPathWithHoles(holes.map((r) => moved(r, -x, -y)), w, h);
      // Only what changed is written: this runs in every frame of a scroll.
      if (clip !== d.clip) d.div.style.clipPath = d.clip = clip;
    }
  }
}

/**
 * A clip-path keeping everything around the box (its outline and label reach outside it) except the holes, which are
 * rectangles in the box's coordinates.
 */
export function clipPathWithHoles(holes: readonly Rect[], w: number, h: number): string {
  const m = 10_000;
  const rect = (r: Rect) => `M${r.x} ${r.y}h${r.w}v${r.h}h${-r.w}z`;
  return `path(evenodd, "${[{ x: -m, y: -m, w: w + 2 * m, h: h + 2 * m }, ...holes].map(rect).join('')}")`;
}

/** The box's classes, which its CSS keys on: a segment's, a site template's or a template's. */
function boxClass(box: HighlightBox): string {
  if (box.segment) return box.segment.template ? 'box segment template' : 'box segment';
  return box.site ? 'box site' : 'box';
}

/** The label's width for its text, with its padding: one advance per character of the monospaced label font. */
function labelWidth(text: string): number {
  return Math.ceil(text.length * LABEL_CHAR_EM * LABEL_FONT_PX + 2 * LABEL_PADDING + 1);
}
