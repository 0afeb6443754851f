/**
 * The part of the segmentation evaluation that runs inside the page: reads kreuzer-popular's human blocks and
 * captures. Kept apart from the Node side (no Node imports) so it can be tested in a DOM without a browser.
 */

/** A human block of the page: top-level (data-block="1") or sub-block ("2"), with its data-block-type. */
export interface HumanBlock {
  level: 1 | 2;
  type: string;
  /** Index of the nearest enclosing block, -1 when there is none. */
  parentBlock: number;
}

/**
 * Per snapshot node, which human block it lies in (indices into `blocks`, -1 for none). Two granularities, both by
 * nesting rather than by the data-block level: the annotators were not consistent with levels (www.cato.org marks
 * every block "2" and none "1"; 50 of the 919 "2" blocks sit inside no "1" block), whereas which block lies inside
 * which is unambiguous.
 */
export interface HumanBlocks {
  blocks: HumanBlock[];
  /** Innermost block containing the node (the node's own element counts): the finest human segmentation. */
  innermost: Int32Array;
  /** Outermost block containing the node: sub-blocks merged into the block they sit in. */
  outermost: Int32Array;
}

/**
 * What is rendered, and why: the annotators marked their blocks on index.blocks.html, which is the page's DOM as it
 * stood after its scripts had run (index.dom.html) plus the data-block attributes and one outline style. We render
 * that file itself rather than index.html, whose pre-script DOM would have to be matched node by node to the marked
 * one; with JavaScript on (as in every other Winnow capture), so that <noscript> fallbacks stay hidden as they were
 * for the annotators. The archive has no external script files, so the page's scripts can hardly rebuild the DOM;
 * a leftover that navigates away is stopped (segmentationPageRoute.ts).
 *
 * Before capturing, the script removes every trace of the annotation (the attributes count towards the captured HTML
 * length, a classifier feature, and the outline style is not the site's), remembering the marked elements; after
 * capturing it maps each snapshot node to its innermost and outermost block through its DOM ancestors, so a block
 * whose element is not itself a snapshot node (display: contents, under the capture's limits) still claims the nodes
 * inside it. Levels are kept for the record only: a data-block value containing "1" is level 1 (one w3.org block is
 * marked "2 1").
 *
 * Passed to page.evaluate as a string: tsx would otherwise inject its helpers into the function.
 */
export function groundTruthCaptureScript(siteHost: string): string {
  return `(() => {
  const marked = Array.from(document.querySelectorAll('[data-block]'));
  const indexOf = new Map(marked.map((el, i) => [el, i]));
  const enclosing = (el) => {
    for (let e = el.parentElement; e; e = e.parentElement) if (indexOf.has(e)) return indexOf.get(e);
    return -1;
  };
  const blocks = marked.map((el) => ({
    level: /(^|\\s)1(\\s|$)/.test(el.getAttribute('data-block') || '') ? 1 : 2,
    type: (el.getAttribute('data-block-type') || '').trim(),
    parentBlock: enclosing(el),
  }));
  for (const el of marked) {
    el.removeAttribute('data-block');
    el.removeAttribute('data-block-type');
  }
  for (const style of Array.from(document.querySelectorAll('style'))) {
    if ((style.textContent || '').includes('[data-block]')) style.remove();
  }
  const captured = globalThis.__winnow.captureForTraining(${JSON.stringify(siteHost)});
  const elements = globalThis.__winnow.elements();
  const innermost = [];
  const outermost = [];
  for (const el of elements) {
    let inner = -1;
    let outer = -1;
    for (let e = el; e; e = e.parentElement) {
      const k = indexOf.get(e);
      if (k === undefined) continue;
      if (inner < 0) inner = k;
      outer = k;
    }
    innermost.push(inner);
    outermost.push(outer);
  }
  return { snapshot: captured.snapshot, blocks, innermost, outermost };
})()`;
}
