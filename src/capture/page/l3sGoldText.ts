import { blockText } from './blockText.ts';

/** As a number: the page's own scripts may have replaced the global `Node`. */
const ELEMENT_NODE = 1;

const L3S_CLASS = /(?:^|\s)x-nc-sel(\d)(?:\s|$)/;

/**
 * The gold main content of an L3S-GN1 annotated page: the text whose nearest `x-nc-selN` span has one of `classes`.
 * Spans can sit inside other annotated spans (a class-0 span around a link that holds its own span): the nearest
 * one decides.
 */
export function l3sGoldText(body: Node, classes: readonly number[]): string {
  return blockText(body, (text) => {
    const label = nearestL3sClass(text);
    return label !== null && classes.includes(label);
  });
}

export function nearestL3sClass(node: Node): number | null {
  for (let n = node.parentNode; n; n = n.parentNode) {
    if (n.nodeType !== ELEMENT_NODE) continue;
    const m = L3S_CLASS.exec((n as Element).getAttribute('class') ?? '');
    if (m) return Number(m[1]);
  }
  return null;
}

/** The gold text of the whole page (l3sGoldText of its body). */
export function l3sPageGoldText(doc: Document, classes: readonly number[]): string {
  if (!doc.body) throw new Error('page has no body');
  return l3sGoldText(doc.body, classes);
}
