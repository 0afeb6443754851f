/**
 * What Winnow draws on the page, from the page state: the state's mode (highlight boxes, hidden elements, the reader
 * or the GCuts segments, one at a time) and messages. Its element, <winnow-ui>, is added to the page on first use:
 * not before a run.
 */
import type { ReaderTheme } from '../shared/settings.ts';
import { hideWithoutHoles } from './hiddenSpace.ts';
import { HideRecord } from './hideRecord.ts';
import { HighlightOverlay } from './highlightOverlay.ts';
import { createPageUi, type PageUi } from './pageUi.ts';
import { drawnParts } from './drawnParts.ts';
import { labelledRun } from './labelledVerdicts.ts';
import { completeRun, type CompleteRun, type PageState } from './pageState.ts';
import { readerArticle } from './readerArticle.ts';
import { ReaderView } from './readerView.ts';
import { nodesToHide } from './shownParts.ts';
import { StatusToast } from './statusToast.ts';
import { InspectView, type InspectEngine } from './inspectView.ts';
import type { LabelStoreDeps } from './controllerDeps.ts';
import { LabelSession, type LabelCounts, type RowsEngine } from './segmentLabels.ts';
import type { GraphSegmentsWire } from '../shared/workerApi.ts';
import { segmentsToast, segmentsViewBoxes } from './segmentsView.ts';

/** What the person does in the reader that the controller must hear about. */
export interface ReaderEvents {
  /** Left the reader by Escape or its Close button. */
  closed(): void;
  theme(theme: ReaderTheme): void;
}

interface ViewParts {
  ui: PageUi;
  overlay: HighlightOverlay;
  reader: ReaderView;
  toast: StatusToast;
  /** Inspect mode's card and label drawing, once a label session is attached (labelSession). */
  inspect: InspectView | null;
}

export class PageView {
  private parts: ViewParts | null = null;
  private readonly hidden = new HideRecord();
  private labels: { session: LabelSession; engine: () => Promise<InspectEngine & RowsEngine> } | null = null;

  /** `graphSegments` answers the page's GCuts segments for the state's smoothing (segments mode draws them). */
  constructor(private readonly doc: Document, private readonly readerEvents: ReaderEvents,
    private readonly graphSegments: () => Promise<GraphSegmentsWire | null>) {}

  /** Winnow's element on the page, added on first use. */
  pageUi(): PageUi {
    return this.open().ui;
  }

  /**
   * The person's labels of this page, which inspect mode shows and sets: kept in `store`, with the engine's feature
   * rows (for the personal model) and its inspections (for the card).
   */
  labelSession(state: PageState, store: LabelStoreDeps | null,
    engine: () => Promise<InspectEngine & RowsEngine>): LabelSession {
    const session = new LabelSession(state, store,
      { engine, notice: (m) => this.open().toast.notice(m), error: (m) => this.open().toast.error(m) });
    session.onChange = () => this.parts?.inspect?.refresh();
    this.labels = { session, engine };
    return session;
  }

  /**
   * The page's labels changed in the background (an import, a clear): read again and put on the segments, and the mode
   * drawn again, since labels change what hide, highlight and the reader show (labelledVerdicts.ts); inspect mode
   * redraws its labels itself, keeping the segment the person is on.
   */
  async labelsChanged(state: PageState): Promise<LabelCounts> {
    const counts = await this.labels!.session.reload();
    if (state.mode !== 'inspect' && state.mode !== 'off') await this.show(state);
    return counts;
  }

  /** Takes down what was drawn, then draws the state's mode. */
  async show(state: PageState): Promise<void> {
    this.clear();
    // A person's labels win in highlight, hide and the reader; inspect mode shows the model's verdicts beside them.
    const run = state.mode === 'inspect' || state.mode === 'segments' ? completeRun(state) : labelledRun(state);
    const { overlay, reader, toast, inspect } = this.open();
    if (state.mode === 'highlight' || state.mode === 'inspect') {
      // What hide would remove is drawn too, so the two modes agree (drawnParts.ts); never the page itself.
      const page = new Set<Element | null>([this.doc.body, this.doc.documentElement]);
      const { capture: c, smoothed: s } = run;
      overlay.show(drawnParts(c.parent, s.show, s.segments).filter(({ node }) => !page.has(c.elements[node]))
        .map(({ node, segment, notContent }) => ({
          el: c.elements[node],
          score: s.segments[segment].score,
          site: !notContent && s.siteSegments[segment] === 1,
          notContent,
        })), run.settings.threshold, c);
      if (state.mode === 'inspect') inspect?.open(state);
    } else if (state.mode === 'hide') {
      if (!run.smoothed.show.some((v, i) => v === 1 && i > 0)) {
        toast.error('Winnow judged this whole page to be template, so nothing was hidden. Try a lower penalty.');
        return;
      }
      hideWithoutHoles(this.hidden, this.elementsToHide(run));
    } else if (state.mode === 'reader') {
      await reader.open(await readerArticle(this.doc, run), run.settings.readerTheme);
    } else if (state.mode === 'segments') {
      // The model's view, as inspect mode's: GCuts' segments and the smoothing's verdicts, without a person's labels.
      const graph = await toast.during(this.graphSegments(), 'Winnow is cutting this page into segments…');
      if (!graph) {
        toast.error('Winnow lost this page while reading it again, so it cannot cut it into segments. Run it again.');
        return;
      }
      overlay.show(segmentsViewBoxes(run.capture, graph), run.settings.threshold, run.capture);
      toast.info(segmentsToast(graph));
    }
  }

  /** The page as the site made it (what capture must see, and mode 'off'). */
  clear(): void {
    this.parts?.overlay.hide();
    this.parts?.toast.clearInfo();
    this.parts?.inspect?.close();
    this.hidden.restore();
    this.parts?.reader.close(false);
  }

  /** Shows progress while `work` runs, if it takes more than a moment. */
  during<T>(work: Promise<T>, message: string): Promise<T> {
    return this.open().toast.during(work, message);
  }

  /** Shows an error, when Winnow's element is on the page (a run has been asked for). */
  error(message: string): void {
    this.parts?.toast.error(message);
  }

  /** For tests and the status message: how many elements are hidden and boxes drawn. */
  get effects(): { hidden: number; boxes: number; readerOpen: boolean } {
    const parts = this.parts;
    return { hidden: this.hidden.size, boxes: parts?.overlay.boxCount ?? 0, readerOpen: parts?.reader.isOpen ?? false };
  }

  /** Everything but the content (headline, lead media, body): never an ancestor of a shown node, never the page. */
  private elementsToHide({ capture: c, smoothed: s }: CompleteRun): Element[] {
    const page = new Set<Element | null>([this.doc.body, this.doc.documentElement]);
    return nodesToHide(c.parent, s.show).map((i) => c.elements[i]).filter((el) => !page.has(el));
  }

  private open(): ViewParts {
    if (!this.parts) {
      const ui = createPageUi(this.doc);
      this.parts = {
        ui,
        overlay: new HighlightOverlay(ui),
        reader: new ReaderView(ui, () => this.readerEvents.closed(), (theme) => this.readerEvents.theme(theme)),
        toast: new StatusToast(ui),
        inspect: this.labels && new InspectView(ui, this.labels.session, this.labels.engine),
      };
    }
    return this.parts;
  }
}
