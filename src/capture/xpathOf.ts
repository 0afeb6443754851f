/**
 * Absolute XPath of an element in the light DOM (`/html/body/div[2]/p[1]`); null inside a shadow root, where XPath
 * cannot reach. Steps carry a position only when siblings share the name, as `selectorOf` does.
 */
export function xpathOf(el: Element): string | null {
  if (el.getRootNode().nodeType !== 9) return null; // not in the document itself (shadow root, detached)
  const steps: string[] = [];
  let node: Element | null = el;
  while (node) {
    const parent: Element | null = node.parentElement;
    const name = node.namespaceURI === 'http://www.w3.org/1999/xhtml' ? node.localName : `*[local-name()='${node.localName}']`;
    if (!parent) {
      steps.unshift(name);
      break;
    }
    let index = 0;
    let same = 0;
    for (const sibling of Array.from(parent.children)) {
      if (sibling.localName === node.localName && sibling.namespaceURI === node.namespaceURI) {
        same++;
        if (sibling === node) index = same;
      }
    }
    steps.unshift(same > 1 ? `${name}[${index}]` : name);
    node = parent;
  }
  return `/${steps.join('/')}`;
}
