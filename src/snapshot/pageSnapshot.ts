/**
 * PageSnapshot: everything the core needs to know about one rendered page, captured in a single DOM walk.
 *
 * Nodes are DOM elements in document (pre-)order, so `parent[i] < i` for every non-root node and node 0 is the root
 * (`<body>`, or `<html>` when there is no body). Text nodes are not nodes here: their text is counted in the element
 * that contains them. All per-node data lives in typed arrays so a snapshot can be transferred to a worker without
 * copying (see `snapshotBuffers`).
 */
export const SNAPSHOT_VERSION = 1;

export interface Viewport {
  width: number;
  height: number;
}

export interface PageSnapshot {
  version: typeof SNAPSHOT_VERSION;
  url: string;
  title: string;
  /** Host that counts as "this site" for intra-site links (canonical/og:url host, else the page's own host). */
  siteHost: string;
  viewport: Viewport;
  /** Size of the whole laid-out document (scrollWidth × scrollHeight), the paper's A is its area. */
  page: Viewport;
  count: number;
  /** Index of the parent element, -1 for the root. */
  parent: Int32Array;
  depth: Uint16Array;
  /** TagId (see tags.ts). */
  tag: Uint8Array;
  /** x, y, width, height per node (4 entries each), CSS px in document coordinates. */
  rect: Float32Array;
  /** Visible characters of text in the subtree (whitespace collapsed). */
  textChars: Uint32Array;
  /** Words (`\S+` runs) of visible text in the subtree. */
  words: Uint32Array;
  /** Visible characters of text inside `<a href>` in the subtree. */
  anchorChars: Uint32Array;
  /** `<a href>` elements in the subtree (including the node itself). */
  links: Uint32Array;
  /** Links in the subtree whose target host is `siteHost` (relative links count). */
  intraLinks: Uint32Array;
  /** Approximate length of the subtree's outer HTML, summed during the walk (tags, attributes, text). */
  htmlLength: Uint32Array;
  /** StyleBit flags (see styleBits.ts). */
  style: Uint32Array;
  /** Computed font size in px (rounded), 0 when unknown. */
  fontSize: Uint8Array;
  /** HintBit flags from tag, role, class and id (see hints.ts). */
  hints: Uint32Array;
  /** Visible text of the page in document order; block boundaries become "\n", other gaps " ". */
  text: string;
  /** The subtree text of node i is `text.slice(textStart[i], textEnd[i])`. */
  textStart: Uint32Array;
  textEnd: Uint32Array;
  /** Number of iframes met (their documents are not walked). */
  iframes: number;
  /** Milliseconds spent capturing, measured in the page. */
  captureMs: number;
}

/** The typed arrays of a snapshot, for `postMessage(snapshot, snapshotBuffers(snapshot))`. */
export function snapshotBuffers(s: PageSnapshot): ArrayBuffer[] {
  return [
    s.parent, s.depth, s.tag, s.rect, s.textChars, s.words, s.anchorChars, s.links, s.intraLinks,
    s.htmlLength, s.style, s.fontSize, s.hints, s.textStart, s.textEnd,
  ].map((a) => a.buffer as ArrayBuffer);
}

export function nodeArea(s: PageSnapshot, i: number): number {
  return s.rect[4 * i + 2] * s.rect[4 * i + 3];
}
