/**
 * Inspect mode's interaction with the page (highlight's boxes are drawn by the page view as in highlight mode): the
 * segment under the pointer, or reached by the keyboard, is described by a card (inspectCard.ts) and ringed; a click
 * on it cycles the person's label, and keys set it (T template, C content, U unlabel, Z undo) or move (← → previous
 * and next segment, ↑ parent, ↓ first child; Esc lets go). The page stays usable: only a labelling click is kept from
 * the page (it must not follow a link), a click with a modifier key still reaches it, and keys typed into the page's
 * fields are left alone. Listeners are on the window, in the capture phase, so the page's own handlers come after.
 */
import type { NodeInspection } from '../../src/inspect/nodeInspection.ts';
import { pipelineOptions, type PipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { rectOf, type Rect } from '../../src/util/rects.ts';
import { errorMessage } from '../shared/protocol.ts';
import { InspectCard, segmentName, type CardFacts } from './inspectCard.ts';
import { placeCard } from './inspectCardPlacement.ts';
import { LabelDrawing } from './labelDrawing.ts';
import type { PageUi } from './pageUi.ts';
import { completeRun, type PageState, type SmoothedPage } from './pageState.ts';
import type { LabelSession } from './segmentLabels.ts';
import { SegmentNesting, type SegmentStep } from './segmentNesting.ts';
import { personInput } from './personInput.ts';

/** What the card asks of the engine: why a node scored as it did (NodeInspection). */
export interface InspectEngine {
  inspect(node: number, options: PipelineOptions, top?: number): Promise<NodeInspection>;
}

/** How many feature contributions the card lists. */
const TOP_FEATURES = 5;
/** Text nodes measured to keep the card off a large segment's text (the rest of a huge segment is not read). */
const MAX_TEXT_NODES = 400;

const STEPS: Record<string, SegmentStep> = {
  ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'previous', ArrowRight: 'next',
};

export class InspectView {
  private state: PageState | null = null;
  private nesting: { smoothed: SmoothedPage; nesting: SegmentNesting } | null = null;
  /** The segment the card describes (index in the segments `focusedIn`), or null. */
  private focused: number | null = null;
  private focusedIn: SmoothedPage | null = null;
  /** The pointer's last place, and where it was when the keyboard last moved the focus (see onPointerOver). */
  private pointer: { x: number; y: number } | null = null;
  private pointerPinned: { x: number; y: number } | null = null;
  private readonly card: InspectCard;
  private readonly drawing: LabelDrawing;
  private readonly inspections = new Map<string, NodeInspection | { failed: string }>();
  private inspectionsFor: object | null = null;
  private asked = 0;
  private readonly listeners: Array<[string, (e: Event) => void]> = [
    ['mouseover', (e) => this.onPointerOver(e as MouseEvent)],
    ['focusin', (e) => this.pointAt(e.target)],
    ['click', (e) => this.onClick(e as MouseEvent)],
    ['keydown', (e) => this.onKey(e as KeyboardEvent)],
  ];

  constructor(ui: PageUi, private readonly labels: LabelSession,
    private readonly engine: () => Promise<InspectEngine>) {
    this.card = new InspectCard(ui);
    this.drawing = new LabelDrawing(ui);
  }

  get isOpen(): boolean {
    return this.state !== null;
  }

  /** Starts inspecting the state's current run (again after a re-smooth: the focus is let go). */
  open(state: PageState): void {
    if (!this.state) for (const [type, fn] of this.listeners) window.addEventListener(type, fn, { capture: true });
    this.state = state;
    this.focused = null;
    this.card.hide();
    this.refresh();
  }

  close(): void {
    if (this.state) for (const [type, fn] of this.listeners) window.removeEventListener(type, fn, { capture: true });
    this.state = null;
    this.focused = null;
    this.card.hide();
    this.drawing.clear();
  }

  /** Draws the labels and the card again (a label changed, was saved or could not be). */
  refresh(): void {
    const state = this.state;
    if (!state?.capture || !state.smoothed) return;
    const { capture, smoothed } = state;
    // New segments (a re-smooth or re-run): the focus was on a segment of the old ones.
    if (this.focusedIn !== smoothed) this.focused = null;
    const boxes = [...state.humanLabels.keys()].sort((a, b) => a - b).flatMap((k) => {
      const label = this.labels.labelOf(k);
      const el = capture.elements[smoothed.segments[k]?.node];
      return label && el ? [{ el, ...label }] : [];
    });
    const focusEl = this.focused === null ? null : capture.elements[smoothed.segments[this.focused].node];
    this.drawing.draw(boxes, focusEl ?? null);
    if (this.focused !== null) this.describe(this.focused);
  }

  /** The segment of an event's target, or null (outside the page's segments, or the page as a whole). */
  private segmentOf(target: EventTarget | null): number | null {
    const { capture } = completeRun(this.state!);
    for (let el = target instanceof Element ? target : null; el; el = el.parentElement) {
      const node = capture.indexOf.get(el);
      if (node !== undefined) return this.segments().segmentOf(node);
    }
    return null;
  }

  private segments(): SegmentNesting {
    const { capture, smoothed } = completeRun(this.state!);
    if (this.nesting?.smoothed !== smoothed) {
      this.nesting = { smoothed, nesting: new SegmentNesting(capture.parent, smoothed.segments) };
    }
    return this.nesting.nesting;
  }

  /**
   * The pointer came over an element. Chromium also says so when the page scrolls under a pointer that did not move
   * (as a keyboard step scrolls a segment into view): the pointer then takes the focus only once it moves.
   */
  private onPointerOver(e: MouseEvent): void {
    const at = { x: e.clientX, y: e.clientY };
    const still = this.pointerPinned && this.pointerPinned.x === at.x && this.pointerPinned.y === at.y;
    this.pointer = at;
    if (still) return;
    this.pointerPinned = null;
    this.pointAt(e.target);
  }

  private pointAt(target: EventTarget | null): void {
    const k = this.segmentOf(target);
    if (k !== null && k !== this.focused) this.focus(k, false);
  }

  private focus(k: number | null, byKeyboard: boolean): void {
    this.focused = k;
    this.focusedIn = this.state!.smoothed;
    if (byKeyboard) this.pointerPinned = this.pointer;
    if (k === null) this.card.hide();
    if (k !== null && byKeyboard) {
      const { capture, smoothed } = completeRun(this.state!);
      const el = capture.elements[smoothed.segments[k].node];
      if (el && !inViewport(rectOf(el.getBoundingClientRect()))) el.scrollIntoView?.({ block: 'nearest' });
    }
    this.refresh();
  }

  private onClick(e: MouseEvent): void {
    if (!personInput.fromPerson(e)) return; // the page's own el.click(): not the person labelling
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    const k = this.segmentOf(e.target);
    if (k === null) return;
    // A labelling click: the page must not follow a link or run its own click handler for it.
    e.preventDefault();
    e.stopImmediatePropagation();
    this.focused = k;
    this.focusedIn = this.state!.smoothed;
    this.labels.cycle(k);
    this.refresh();
  }

  private onKey(e: KeyboardEvent): void {
    if (!personInput.fromPerson(e) || e.ctrlKey || e.metaKey || e.altKey) return;
    // Keys of an input method's composition, and keys typed into a field (the real target: a field inside a web
    // component's shadow root reaches the window as its host), are the page's.
    if (e.isComposing || e.key === 'Process' || isTyping(e.composedPath()[0] ?? e.target)) return;
    const k = this.focused;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    let handled = true;
    if (key === 'z') handled = e.repeat || this.labels.undo(); // Z held down undoes one change, not the session
    else if (key === 't' || key === 'c' || key === 'u') {
      if (k === null) handled = false;
      else this.labels.set(k, key === 't' ? 'template' : key === 'c' ? 'content' : null);
    } else if (key === 'Escape') {
      handled = k !== null;
      this.focus(null, true);
    } else if (STEPS[key]) {
      const to = k === null ? this.firstOnScreen() : this.segments().step(k, STEPS[key]);
      handled = to !== null || k !== null; // at an end: the key stays ours rather than scrolling the page away
      if (to !== null) this.focus(to, true);
    } else handled = false;
    if (!handled) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    this.refresh();
  }

  /** Where the arrow keys start: the first segment (not the page) with a part in the window. */
  private firstOnScreen(): number | null {
    const { capture, smoothed } = completeRun(this.state!);
    const nesting = this.segments();
    for (let k = 0; k < smoothed.segments.length; k++) {
      const el = capture.elements[smoothed.segments[k].node];
      if (!nesting.isPage(k) && el && inViewport(rectOf(el.getBoundingClientRect()))) return k;
    }
    return nesting.first();
  }

  /** Shows the card for segment k with what is known now, and asks the engine for the rest once. */
  private describe(k: number): void {
    const run = completeRun(this.state!);
    const { capture, smoothed, settings } = run;
    if (this.inspectionsFor !== smoothed) {
      this.inspections.clear();
      this.inspectionsFor = smoothed;
    }
    const segment = smoothed.segments[k];
    const key = `${segment.node}`;
    const facts: CardFacts = {
      score: segment.score,
      template: segment.template,
      human: this.labels.labelOf(k),
      breadcrumb: this.segments().breadcrumb(k).map((s, i) =>
        (i === 0 ? 'page' : segmentName(capture.elements[smoothed.segments[s].node]))),
      rect: segment.rect,
      words: capture.words[segment.node] ?? 0,
      links: capture.links[segment.node] ?? 0,
      inspection: this.inspections.get(key) ?? null,
    };
    this.place(this.card.show(facts), capture.elements[segment.node]);
    if (this.inspections.has(key)) return;
    const asked = ++this.asked;
    const options = pipelineOptions({ penaltyFactor: settings.penaltyFactor, threshold: settings.threshold });
    this.engine().then((engine) => engine.inspect(segment.node, options, TOP_FEATURES))
      .then((ins): NodeInspection | { failed: string } => ins, (e) => ({ failed: errorMessage(e) }))
      .then((ins) => {
        if (this.inspectionsFor !== smoothed) return;
        this.inspections.set(key, ins);
        if (asked === this.asked && this.focused === k) this.describe(k);
      });
  }

  /** Puts the card beside the segment, off its text when it can (inspectCardPlacement.ts). */
  private place(card: HTMLElement, el: Element | undefined): void {
    const doc = card.ownerDocument;
    const viewport = { w: doc.documentElement.clientWidth || innerWidth, h: doc.documentElement.clientHeight || innerHeight };
    const size = card.getBoundingClientRect();
    const segment = el ? rectOf(el.getBoundingClientRect()) : { x: 0, y: 0, w: 0, h: 0 };
    const at = placeCard({ w: size.width, h: size.height }, segment, viewport, el ? textRects(el, viewport) : []);
    card.style.left = `${at.x}px`;
    card.style.top = `${at.y}px`;
  }
}

function inViewport(r: Rect): boolean {
  return r.w > 0 && r.h > 0 && r.y + r.h > 0 && r.y < innerHeight && r.x + r.w > 0 && r.x < innerWidth;
}

/** The segment's lines of text in the window (viewport coordinates), from its first text nodes. */
function textRects(el: Element, viewport: { w: number; h: number }): Rect[] {
  const doc = el.ownerDocument;
  const walker = doc.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const range = doc.createRange();
  const out: Rect[] = [];
  for (let n = walker.nextNode(), seen = 0; n && seen < MAX_TEXT_NODES; n = walker.nextNode(), seen++) {
    if (!n.nodeValue?.trim()) continue;
    range.selectNodeContents(n);
    for (const r of Array.from(range.getClientRects?.() ?? [])) {
      if (r.bottom > 0 && r.top < viewport.h && r.right > 0 && r.left < viewport.w) out.push(rectOf(r));
    }
  }
  return out;
}

/** Roles of the page's own widgets that take keys (ARIA): typing, picking, or moving a value with the arrows. */
const KEYED_ROLES = '[role="textbox"], [role="combobox"], [role="searchbox"], [role="slider"], [role="spinbutton"]';

/** Whether a key goes into something the person is typing in or moving (the page's fields keep their keys). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest(KEYED_ROLES) !== null;
}
