/**
 * The part of the segmentation evaluation that runs inside the page: reads kreuzer-popular's human blocks and
 * captures.
 */
import type { SnapshotJson } from '../../snapshot/snapshotJson.ts';
import type { HumanBlock, HumanBlocksJson } from './pageApi.ts';

/** A capture of the page as JSON, with the element of each of its nodes. */
export interface CaptureWithElements {
  snapshot: SnapshotJson;
  /** elements[i] is snapshot node i. */
  elements: readonly Element[];
}

/**
 * Per snapshot node, which human block it lies in. Two granularities, both by nesting rather than by the data-block
 * level: the annotators were not consistent with levels (www.cato.org marks every block "2" and none "1"; 50 of the
 * 919 "2" blocks sit inside no "1" block), whereas which block lies inside which is unambiguous.
 *
 * What is rendered, and why: the annotators marked their blocks on index.blocks.html, which is the page's DOM as it
 * stood after its scripts had run (index.dom.html) plus the data-block attributes and one outline style. We render
 * that file itself rather than index.html, whose pre-script DOM would have to be matched node by node to the marked
 * one; with JavaScript on (as in every other Winnow capture), so that <noscript> fallbacks stay hidden as they were
 * for the annotators. The archive has no external script files, so the page's scripts can hardly rebuild the DOM;
 * a leftover that navigates away is stopped (src/cli/evaluation/segmentation/segmentationPageRoute.ts).
 *
 * Before capturing (`capture`), every trace of the annotation is removed (the attributes count towards the captured
 * HTML length, a classifier feature, and the outline style is not the site's), remembering the marked elements; after
 * capturing each snapshot node is mapped to its innermost and outermost block through its DOM ancestors, so a block
 * whose element is not itself a snapshot node (display: contents, under the capture's limits) still claims the nodes
 * inside it. Levels are kept for the record only: a data-block value containing "1" is level 1 (one w3.org block is
 * marked "2 1").
 */
export function readHumanBlocks(doc: Document, capture: () => CaptureWithElements): HumanBlocksJson {
  const marked = Array.from(doc.querySelectorAll('[data-block]'));
  const indexOf = new Map(marked.map((el, i) => [el, i]));
  const enclosing = (el: Element) => {
    for (let e = el.parentElement; e; e = e.parentElement) if (indexOf.has(e)) return indexOf.get(e)!;
    return -1;
  };
  const blocks = marked.map((el): HumanBlock => ({
    level: /(^|\s)1(\s|$)/.test(el.getAttribute('data-block') || '') ? 1 : 2,
    type: (el.getAttribute('data-block-type') || '').trim(),
    parentBlock: enclosing(el),
  }));
  for (const el of marked) {
    el.removeAttribute('data-block');
    el.removeAttribute('data-block-type');
  }
  for (const style of Array.from(doc.querySelectorAll('style'))) {
    if ((style.textContent || '').includes('[data-block]')) style.remove();
  }
  const captured = capture();
  const innermost: number[] = [];
  const outermost: number[] = [];
  for (const el of captured.elements) {
    let inner = -1;
    let outer = -1;
    for (let e: Element | null = el; e; e = e.parentElement) {
      const k = indexOf.get(e);
      if (k === undefined) continue;
      if (inner < 0) inner = k;
      outer = k;
    }
    innermost.push(inner);
    outermost.push(outer);
  }
  return { snapshot: captured.snapshot, blocks, innermost, outermost };
}
