// @vitest-environment happy-dom
// Highlight mode reads the page (text, controls, fixed layers) before it places labels: of the text, only what lies
// in boxes that reach a place a label could take. A new penalty redraws the boxes of the same capture: that read is
// reused, not done again; a new capture or a resize reads afresh.
// What it reads comes from the capture where the capture read it already (happy-dom has no layout: the boxes here
// are made up, and only where each comes from is checked, not geometry).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPageUi } from '../../extension/content/pageUi.ts';
import { HighlightOverlay } from '../../extension/content/highlightOverlay.ts';
import { PageScan, type CapturedLayout } from '../../extension/content/pageScan.ts';
import { RectIndex } from '../../extension/content/labelPlacement.ts';
import { TAG } from '../../src/snapshot/tags.ts';

afterEach(() => vi.restoreAllMocks());

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

describe('highlight page read', () => {
  it('is reused for the same capture and made again for a new one or after a resize', async () => {
    document.body.innerHTML = '<nav><a href="/">Home</a></nav><article><p>Story text of the page.</p></article>';
    const overlay = new HighlightOverlay(createPageUi(document));
    const reads = vi.spyOn(document, 'createRange'); // one per page read (PageScan measures text through a Range)
    const boxes = () => [{ el: document.querySelector('nav')!, score: 0.9, site: false, notContent: false }];
    const capture = (): CapturedLayout => ({ elements: [], textNodes: [], textOwners: [], parent: new Int32Array(0),
      style: new Uint32Array(0), fontSize: new Uint8Array(0), tag: new Uint8Array(0), rect: new Float32Array(0),
      viewport: viewport() });
    const firstCapture = capture();
    overlay.show(boxes(), 0.5, firstCapture);
    overlay.hide();
    overlay.show(boxes(), 0.7, firstCapture); // the slider moved: same capture
    expect(reads).toHaveBeenCalledTimes(1);
    overlay.show(boxes(), 0.7, capture()); // the page changed and was captured again
    expect(reads).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('resize'));
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    expect(reads).toHaveBeenCalledTimes(3);
  });
});

describe('highlight page read from a capture', () => {
  document.body.innerHTML = '<p>Text <button>Go</button></p><img alt="">';
  const [p, button, img] = ['p', 'button', 'img'].map((s) => document.querySelector(s)!);
  // Boxes as a capture read them, page coordinates: the paragraph, the button, the picture.
  const layout = (size = viewport()): CapturedLayout => ({
    elements: [p, button, img], textNodes: [p.firstChild!], textOwners: [0], parent: Int32Array.of(-1, 0, -1),
    style: new Uint32Array(3), fontSize: Uint8Array.of(16, 13, 16), tag: Uint8Array.of(TAG.P, TAG.BUTTON, TAG.IMG),
    rect: Float32Array.of(0, 0, 500, 20, 40, 2, 30, 16, 0, 30, 200, 100), viewport: size,
  });
  const live = { left: 7, top: 7, width: 9, height: 9, right: 16, bottom: 16, x: 7, y: 7, toJSON: () => ({}) } as DOMRect;

  it('takes controls and media from the capture\'s boxes while the window keeps its size', () => {
    const boxes = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(live);
    const scan = new PageScan(document, layout());
    scan.want([]);
    expect(scan.step(Infinity)).toBe(true);
    const { hard, soft } = scan;
    expect(boxes).not.toHaveBeenCalled(); // no element asked for its box: no querySelectorAll walk either
    expect(hard).toContainEqual({ x: 40, y: 2, w: 30, h: 16 });
    expect(soft).toEqual([{ x: 0, y: 30, w: 200, h: 100 }]);
  });

  it('reads them again once the window has another size, and reads the captured text\'s own rectangles', () => {
    const boxes = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(live);
    const ranges = vi.spyOn(Range.prototype, 'selectNodeContents');
    const scan = new PageScan(document, layout({ width: window.innerWidth + 100, height: window.innerHeight }));
    // No place near the paragraph's captured box: its text is read all the same, since that box no longer holds.
    scan.want([{ x: 0, y: 5000, w: 50, h: 14 }]);
    scan.step(Infinity);
    expect(boxes.mock.contexts).toEqual([button, img]);
    expect(ranges.mock.calls.map(([node]) => node)).toEqual([p.firstChild]);
    const sx = window.scrollX;
    const sy = window.scrollY;
    expect(scan.soft).toEqual([{ x: 7 + sx, y: 7 + sy, w: 9, h: 9 }]);
  });

  it('reads only the text whose captured box reaches a place a label could take, each text once', () => {
    const ranges = vi.spyOn(Range.prototype, 'selectNodeContents');
    const scan = new PageScan(document, layout());
    scan.want([{ x: 0, y: 5000, w: 50, h: 14 }]); // far below the paragraph (0, 0, 500 × 20)
    scan.step(Infinity);
    expect(ranges).not.toHaveBeenCalled();
    scan.want([{ x: 0, y: 35, w: 50, h: 14 }]); // below it, by less than its font size (16 px)
    scan.step(Infinity);
    expect(ranges.mock.calls.map(([node]) => node)).toEqual([p.firstChild]);
    scan.want([{ x: 0, y: 0, w: 50, h: 14 }]); // read already
    scan.step(Infinity);
    expect(ranges).toHaveBeenCalledTimes(1);
  });

  it('goes on with its pass when asked for the same places again, and starts one for others', () => {
    const hits = vi.spyOn(RectIndex.prototype, 'hits');
    const scan = new PageScan(document, layout());
    const places = () => [{ x: 0, y: 5000, w: 50, h: 14 }];
    scan.want(places());
    scan.step(Infinity);
    expect(hits).toHaveBeenCalledTimes(1); // the paragraph's text, not read: far from the place
    scan.want(places()); // the boxes measured again, unmoved
    expect(scan.step(Infinity)).toBe(true);
    expect(hits).toHaveBeenCalledTimes(1);
    scan.want([{ x: 0, y: 6000, w: 50, h: 14 }]);
    scan.step(Infinity);
    expect(hits).toHaveBeenCalledTimes(2);
  });

  it('reads text whose box has no room, wherever the places are: it spills out of that box', () => {
    const ranges = vi.spyOn(Range.prototype, 'selectNodeContents');
    const flat = layout();
    flat.rect = Float32Array.of(0, 0, 500, 0, 40, 2, 30, 16, 0, 30, 200, 100);
    const scan = new PageScan(document, flat);
    scan.want([{ x: 0, y: 5000, w: 50, h: 14 }]);
    scan.step(Infinity);
    expect(ranges.mock.calls.map(([node]) => node)).toEqual([p.firstChild]);
  });
});
