/**
 * Reading Winnow's overlay as Chromium laid it out, through the DevTools protocol: the boxes live in a closed shadow
 * root (under <winnow-ui>), which page scripts cannot reach but DOM.getDocument with `pierce` can.
 */
import type { CDPSession } from 'playwright-core';

export interface DomNode {
  nodeId: number;
  nodeName: string;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function classOf(n: DomNode): string[] {
  const a = n.attributes ?? [];
  const k = a.indexOf('class');
  return k >= 0 ? a[k + 1].split(/\s+/) : [];
}

/** The overlay's box elements (class "box" inside Winnow's shadow root), in document order. */
export async function overlayBoxNodes(cdp: CDPSession): Promise<DomNode[]> {
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true }) as { root: DomNode };
  const boxes: DomNode[] = [];
  const walk = (n: DomNode, inUi: boolean) => {
    if (inUi && classOf(n).includes('box')) boxes.push(n);
    for (const c of n.shadowRoots ?? []) walk(c, inUi || n.nodeName === 'WINNOW-UI');
    for (const c of n.children ?? []) walk(c, inUi);
  };
  walk(root, false);
  return boxes;
}

export async function computedStyle(cdp: CDPSession, nodeId: number): Promise<Record<string, string>> {
  const { computedStyle: style } = await cdp.send('CSS.getComputedStyleForNode', { nodeId }) as
    { computedStyle: Array<{ name: string; value: string }> };
  return Object.fromEntries(style.map((p) => [p.name, p.value]));
}

/** The node's border box, or null when it is not rendered. */
export async function borderRect(cdp: CDPSession, nodeId: number): Promise<Rect | null> {
  try {
    const { model } = await cdp.send('DOM.getBoxModel', { nodeId }) as { model: { border: number[] } };
    const xs = [0, 2, 4, 6].map((k) => model.border[k]);
    const ys = [1, 3, 5, 7].map((k) => model.border[k]);
    return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
  } catch {
    return null;
  }
}
