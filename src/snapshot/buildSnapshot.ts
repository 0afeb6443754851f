import { SNAPSHOT_VERSION, type PageSnapshot } from './pageSnapshot.ts';
import { tagId } from './tags.ts';
import { StyleBit } from './styleBits.ts';

/** One node of a hand-built page: own text (before its children's), and whether it is a link. */
export interface NodeSpec {
  parent: number;
  tag?: string;
  rect: [number, number, number, number];
  text?: string;
  link?: 'intra' | 'external';
  hints?: number;
  style?: number;
  html?: number;
}

/**
 * A PageSnapshot from a list of nodes in pre-order, aggregating subtree counts the way capture does. For unit tests
 * of the pure core and for pages the core makes up itself (the segmenter's warm-up page,
 * src/segmentation/segmenterWarmUp.ts): geometry here is whatever the caller says, never measured.
 */
export function buildSnapshot(nodes: NodeSpec[], page = { width: 1280, height: 2000 }, title = ''): PageSnapshot {
  const n = nodes.length;
  const children: number[][] = nodes.map(() => []);
  nodes.forEach((node, i) => {
    if (i === 0 ? node.parent !== -1 : node.parent < 0 || node.parent >= i) throw new Error(`bad parent at ${i}`);
    if (i > 0) children[node.parent].push(i);
  });
  const s: PageSnapshot = {
    version: SNAPSHOT_VERSION, url: 'https://example.org/page', title, siteHost: 'example.org',
    viewport: { width: 1280, height: 800 }, page, count: n,
    parent: Int32Array.from(nodes, (x) => x.parent),
    depth: new Uint16Array(n), tag: Uint8Array.from(nodes, (x) => tagId(x.tag ?? 'div')),
    rect: Float32Array.from(nodes.flatMap((x) => x.rect)),
    textChars: new Uint32Array(n), words: new Uint32Array(n), anchorChars: new Uint32Array(n),
    links: new Uint32Array(n), intraLinks: new Uint32Array(n), htmlLength: new Uint32Array(n),
    style: Uint32Array.from(nodes, (x) => x.style ?? StyleBit.BLOCK), fontSize: new Uint8Array(n).fill(16),
    hints: Uint32Array.from(nodes, (x) => x.hints ?? 0), text: '', textStart: new Uint32Array(n),
    textEnd: new Uint32Array(n), iframes: 0, captureMs: 0,
  };
  let text = '';
  const visit = (i: number) => {
    const node = nodes[i];
    if (i > 0) s.depth[i] = s.depth[node.parent] + 1;
    if (text && !text.endsWith('\n')) text += '\n';
    s.textStart[i] = text.length;
    const own = node.text ?? '';
    text += own;
    s.textChars[i] = own.replace(/\s/g, '').length;
    s.words[i] = own.split(/\s+/).filter(Boolean).length;
    s.htmlLength[i] = node.html ?? own.length + 11;
    const isLink = node.link !== undefined;
    s.links[i] = isLink ? 1 : 0;
    s.intraLinks[i] = node.link === 'intra' ? 1 : 0;
    for (const c of children[i]) {
      visit(c);
      s.textChars[i] += s.textChars[c];
      s.words[i] += s.words[c];
      s.anchorChars[i] += s.anchorChars[c];
      s.links[i] += s.links[c];
      s.intraLinks[i] += s.intraLinks[c];
      s.htmlLength[i] += s.htmlLength[c];
    }
    if (isLink) s.anchorChars[i] = s.textChars[i];
    s.textEnd[i] = text.length;
  };
  visit(0);
  s.text = text;
  return s;
}
