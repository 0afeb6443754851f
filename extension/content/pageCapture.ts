/**
 * The page side of a run: walks the live page into a snapshot for the engine, and keeps what maps the results back
 * onto its elements. Styles read once are remembered across captures and forgotten where the page changes.
 */
import { captureSnapshotSliced } from '../../src/capture/captureSnapshot.ts';
import { StyleCache } from '../../src/capture/elementStyle.ts';
import { readMetadataSources } from '../../src/capture/pageMetadata.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import { LiveWatcher } from './liveWatcher.ts';
import type { PageCapture } from './pageState.ts';
import { yieldToPage } from './yieldToPage.ts';

export interface CapturedPage {
  /** For the engine, which takes ownership of it. */
  snapshot: PageSnapshot;
  /** Not yet classified: no classify time, no site memory. */
  capture: PageCapture;
  /** Computed styles this capture read from the page (the rest came from the cache). */
  stylesRead: number;
  /** The page thread's time in this capture (the walk's slices and the bookkeeping after), not the turns between. */
  busyMs: number;
}

export class PageCapturer {
  /** Re-runs after page changes read computed styles only for new or changed elements (see StyleCache). */
  private readonly styles = new StyleCache();

  constructor(private readonly doc: Document) {}

  /** Capture stops adding nodes past captureSnapshot's cap (200,000); the rest counts into the last kept ancestor. */
  async capture(): Promise<CapturedPage> {
    // Sliced: a 100k-node page takes seconds to walk, and the page must keep painting and answering input meanwhile.
    const readsBefore = this.styles.reads;
    const { snapshot, elements, textNodes, textOwners, authorNodes } = await captureSnapshotSliced(this.doc, { yieldToPage, styleCache: this.styles });
    const stylesRead = this.styles.reads - readsBefore;
    let busyStarted = performance.now();
    // A turn of its own for the page: reading the metadata (its meta tags, microdata and JSON-LD scripts) must not
    // lengthen the capture's last slice on a huge page.
    let busyMs = snapshot.captureMs + performance.now() - busyStarted;
    await yieldToPage();
    busyStarted = performance.now();
    // Only read here; the engine decides among them (src/reader/declaredArticle.ts), off the page's thread.
    const metadata = readMetadataSources(this.doc);
    let indexOf: Map<Element, number> | undefined;
    const capture: PageCapture = {
      elements,
      textNodes,
      textOwners,
      // Made when first asked for (the reader view, inspect mode), not on every run: drawing a mode needs none.
      get indexOf() {
        return indexOf ??= new Map(elements.map((el, i) => [el, i]));
      },
      parent: snapshot.parent.slice(),
      style: snapshot.style.slice(),
      tag: snapshot.tag.slice(),
      rect: snapshot.rect.slice(),
      fontSize: snapshot.fontSize.slice(),
      words: snapshot.words.slice(),
      links: snapshot.links.slice(),
      url: snapshot.url,
      title: snapshot.title,
      declaredSources: { metadata, authorNodes },
      // The document's <title> until the engine has decided (PageRun.classifyIn).
      declared: { title: snapshot.title, byline: null, authorNodes },
      viewport: { ...snapshot.viewport },
      captureMs: snapshot.captureMs,
      classifyMs: 0,
      site: null,
      rememberOnto: null,
      classification: 0,
    };
    busyMs += performance.now() - busyStarted;
    return { snapshot, capture, stylesRead, busyMs };
  }

  /**
   * Follows the page once it is shown: calls `onBigChange` after the page changed a lot, and keeps the style cache
   * true meanwhile (changed elements are forgotten; all of them when the window is resized, as media queries may
   * restyle anything). The watcher starts when told to.
   */
  watch(onBigChange: () => void): LiveWatcher {
    const live = new LiveWatcher(this.doc.body ?? this.doc.documentElement, onBigChange,
      (el) => this.styles.forgetSubtree(el));
    this.doc.defaultView?.addEventListener('resize', () => this.styles.clear());
    return live;
  }
}
