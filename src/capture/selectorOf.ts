/**
 * A CSS selector that finds this element again on the same page: the nearest ancestor-or-self with a unique id
 * anchors the path, then `tag:nth-of-type(k)` steps down. Robust to class churn, short enough to read.
 */
export function selectorOf(el: Element): string {
  const doc = el.ownerDocument;
  const steps: string[] = [];
  let node: Element | null = el;
  while (node && node !== doc.documentElement) {
    if (node.id && isUniqueId(doc, node.id)) {
      steps.unshift(`#${cssEscape(node.id)}`);
      return steps.join(' > ');
    }
    steps.unshift(stepOf(node));
    const parent: Element | null = node.parentElement ?? hostOf(node);
    node = parent;
  }
  steps.unshift('html');
  return steps.join(' > ');
}

function stepOf(node: Element): string {
  const name = node.localName;
  const parent = node.parentElement;
  if (!parent) return name;
  let index = 0;
  let same = 0;
  for (const sibling of Array.from(parent.children)) {
    if (sibling.localName === name) {
      same++;
      if (sibling === node) index = same;
    }
  }
  return same > 1 ? `${name}:nth-of-type(${index})` : name;
}

/** Elements in an open shadow root continue the path at the shadow host (the selector then is descriptive only). */
function hostOf(node: Element): Element | null {
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

function isUniqueId(doc: Document, id: string): boolean {
  try {
    return doc.querySelectorAll(`#${cssEscape(id)}`).length === 1;
  } catch {
    return false;
  }
}

function cssEscape(id: string): string {
  return typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(id) : id.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
}
