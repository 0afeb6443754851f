// @vitest-environment happy-dom
// Highlight mode reads the whole page (text, controls, fixed layers) before it places labels. A new penalty redraws
// the boxes of the same capture: that read is reused, not done again; a new capture or a resize reads afresh.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPageUi } from '../../extension/content/pageUi.ts';
import { HighlightOverlay } from '../../extension/content/highlightOverlay.ts';

afterEach(() => vi.restoreAllMocks());

describe('highlight page read', () => {
  it('is reused for the same capture and made again for a new one or after a resize', async () => {
    document.body.innerHTML = '<nav><a href="/">Home</a></nav><article><p>Story text of the page.</p></article>';
    const overlay = new HighlightOverlay(createPageUi(document));
    const reads = vi.spyOn(document, 'createRange'); // one per page read (PageScan measures text through a Range)
    const boxes = () => [{ el: document.querySelector('nav')!, score: 0.9, site: false, notContent: false }];
    const capture = () => ({ elements: [], parent: new Int32Array(0), style: new Uint32Array(0) });
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
