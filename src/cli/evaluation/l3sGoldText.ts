import { blockText } from './blockText.ts';
import { ELEMENT_NODE, type DomElement, type DomNode } from './pageDom.ts';

const L3S_CLASS = /(?:^|\s)x-nc-sel(\d)(?:\s|$)/;

/**
 * The gold main content of an L3S-GN1 annotated page: the text whose nearest `x-nc-selN` span has one of `classes`.
 * Spans can sit inside other annotated spans (a class-0 span around a link that holds its own span): the nearest
 * one decides.
 */
export function l3sGoldText(body: DomNode, classes: readonly number[]): string {
  return blockText(body, (text) => {
    const label = nearestL3sClass(text);
    return label !== null && classes.includes(label);
  });
}

export function nearestL3sClass(node: DomNode): number | null {
  for (let n = node.parentNode; n; n = n.parentNode) {
    if (n.nodeType !== ELEMENT_NODE) continue;
    const m = L3S_CLASS.exec((n as DomElement).getAttribute('class') ?? '');
    if (m) return Number(m[1]);
  }
  return null;
}
