import { SNAPSHOT_VERSION, type PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { tagId } from '../snapshot/tags.ts';
import { StyleBit } from '../snapshot/styleBits.ts';
import { readElementStyle, type StyleCache } from './elementStyle.ts';
import { siteHostOf, isIntraSiteLink } from './siteHost.ts';
import { emptyElementAttributes, readElementAttributes } from './elementAttributes.ts';
import { htmlLengthOfHiddenSubtree, openTagLength } from './htmlLength.ts';
import { attributeHints, NAMES_AUTHOR } from './attributeHints.ts';
import { doubled } from '../util/doubled.ts';

/** Elements whose content is never rendered as page text. */
const NEVER_RENDERED = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base']);
/** Elements kept as leaves: their insides are not page structure (SVG drawings, embedded documents, media). */
const LEAF_ELEMENTS = new Set(['svg', 'iframe', 'object', 'embed', 'video', 'audio', 'canvas', 'select', 'textarea']);

export interface CaptureResult {
  snapshot: PageSnapshot;
  /** elements[i] is snapshot node i: how results are mapped back onto the live page. */
  elements: Element[];
  /**
   * The page's text a person can read, in document order: every text node with visible characters that the walk
   * counted (light DOM, open shadow roots, slots), and every SVG drawing with a <text> in it. Highlight mode's labels
   * must not cover these (extension/content/pageScan.ts), and reading them here spares it a walk of its own.
   */
  textNodes: Node[];
  /**
   * For each of textNodes, the snapshot node whose box holds it (a text node's nearest captured element, an SVG
   * drawing itself): where on the page it can be before its own rectangle is read.
   */
  textOwners: number[];
  /** Snapshot nodes the page's markup names as the author or byline (authorNodes.ts): the reader's byline hints. */
  authorNodes: number[];
}

/**
 * Capture stops adding nodes past this many (huge pages): the rest of the page is counted into the last kept ancestor.
 * Every host captures with this cap unless it passes its own.
 */
export const MAX_CAPTURE_NODES = 200_000;

export interface CaptureOptions {
  /** Stop adding nodes past this many; MAX_CAPTURE_NODES by default. */
  maxNodes?: number;
  /** The page's real site when it was saved to disk and carries no canonical address (training data). */
  siteHost?: string;
  /** Styles remembered from an earlier capture of this page (re-runs read only what changed). */
  styleCache?: StyleCache;
}

interface OpenNode {
  index: number;
  /** Text characters/words/anchors accumulate into the open node and are added to the parent on close. */
  isAnchor: boolean;
  isBlock: boolean;
}

/**
 * Walks the rendered (flat) tree once: light DOM, open shadow roots and slotted nodes, in document order. Only reads
 * layout (getBoundingClientRect, getComputedStyle) and never writes, so the browser lays the page out at most once.
 */
export function captureSnapshot(doc: Document, options: CaptureOptions = {}): CaptureResult {
  const walk = startCaptureWalk(doc, options);
  walk.step(Infinity);
  return walk.finish();
}

export interface CaptureSliceOptions extends CaptureOptions {
  /** Longest stretch of walking before giving the page a turn (the 50 ms long-task limit, with margin). */
  sliceMs?: number;
  /** Resolves when the page has had its turn (a macrotask, so input and rendering run). */
  yieldToPage: () => Promise<void>;
  /** Called after each slice with the number of nodes captured so far. */
  onProgress?: (nodes: number) => void;
  /** Checked between slices: a capture nobody waits for any more stops early. */
  signal?: AbortSignal;
}

/**
 * The same walk as captureSnapshot, cut into slices so a huge page keeps painting and answering input. It only
 * reads, so a page that changes between slices yields a snapshot mixing before and after, never a broken one.
 */
export async function captureSnapshotSliced(doc: Document, options: CaptureSliceOptions): Promise<CaptureResult> {
  const walk = startCaptureWalk(doc, options);
  const sliceMs = options.sliceMs ?? 25;
  while (!walk.step(performance.now() + sliceMs)) {
    options.onProgress?.(walk.nodes());
    await options.yieldToPage();
    if (options.signal?.aborted) throw new DOMException('capture cancelled', 'AbortError');
  }
  return walk.finish();
}

interface CaptureWalk {
  /** Walks until done (true) or until `deadline` (performance.now() time) has passed (false). */
  step(deadline: number): boolean;
  nodes(): number;
  finish(): CaptureResult;
}

function startCaptureWalk(doc: Document, options: CaptureOptions): CaptureWalk {
  // Setting the walk up (the site's host, the columns sized by an element count) is the capture's work too.
  const setupStarted = performance.now();
  let busyMs = 0;
  const win = doc.defaultView!;
  const maxNodes = options.maxNodes ?? MAX_CAPTURE_NODES;
  const styleCache = options.styleCache;
  const root = doc.body ?? doc.documentElement;
  // A page whose script replaced its document (document.open() without a write) has nothing to read.
  if (!root) throw new Error('the page has no document element to read (its script removed it)');
  const siteHost = options.siteHost || siteHostOf(doc);
  const scrollX = win.scrollX;
  const scrollY = win.scrollY;

  // Columns of the snapshot, written in place: typed arrays sized for the page's elements (more only with shadow
  // roots, which the count leaves out: then they double). Plain arrays grown by push and converted at the end cost a
  // first capture, run by the interpreter, a builtin call per value and the garbage of every resize.
  let capacity = Math.min(maxNodes, doc.getElementsByTagName('*').length) + 64;
  const elements: Element[] = [];
  let parent = new Int32Array(capacity);
  let depth = new Uint16Array(capacity);
  let tag = new Uint8Array(capacity);
  let rect = new Float32Array(4 * capacity);
  let style = new Uint32Array(capacity);
  let fontSize = new Uint8Array(capacity);
  let hints = new Uint32Array(capacity);
  let textChars = new Uint32Array(capacity);
  let words = new Uint32Array(capacity);
  let anchorChars = new Uint32Array(capacity);
  let links = new Uint32Array(capacity);
  let intraLinks = new Uint32Array(capacity);
  let htmlLength = new Uint32Array(capacity);
  let textStart = new Uint32Array(capacity);
  let textEnd = new Uint32Array(capacity);
  const grow = () => {
    capacity *= 2;
    parent = doubled(parent);
    depth = doubled(depth);
    tag = doubled(tag);
    rect = doubled(rect);
    style = doubled(style);
    fontSize = doubled(fontSize);
    hints = doubled(hints);
    textChars = doubled(textChars);
    words = doubled(words);
    anchorChars = doubled(anchorChars);
    links = doubled(links);
    intraLinks = doubled(intraLinks);
    htmlLength = doubled(htmlLength);
    textStart = doubled(textStart);
    textEnd = doubled(textEnd);
  };
  const textParts: string[] = [];
  const textNodes: Node[] = [];
  const textOwners: number[] = [];
  const authorNodes: number[] = [];
  const attributes = emptyElementAttributes();
  let textLength = 0;
  let lastChar = '\n';
  let iframes = 0;

  const appendSeparator = (sep: ' ' | '\n') => {
    if (lastChar === '\n' || lastChar === sep) return;
    textParts.push(sep);
    textLength += 1;
    lastChar = sep;
  };

  /** Adds one text node's collapsed text to the open node (index `owner`); answers its visible characters. */
  const appendText = (data: string, owner: number): number => {
    let collapsed = data.replace(/\s+/g, ' ');
    if ((lastChar === ' ' || lastChar === '\n') && collapsed.charCodeAt(0) === 32) collapsed = collapsed.slice(1);
    if (!collapsed) return 0;
    textParts.push(collapsed);
    textLength += collapsed.length;
    lastChar = collapsed[collapsed.length - 1];
    // Its visible characters (all but the spaces) and its words, in one pass: text is most of what a page holds.
    let spaces = 0;
    let wordCount = 0;
    let inWord = false;
    for (let k = 0; k < collapsed.length; k++) {
      const space = collapsed.charCodeAt(k) === 32;
      if (space) spaces++;
      else if (!inWord) wordCount++;
      inWord = !space;
    }
    textChars[owner] += collapsed.length - spaces;
    words[owner] += wordCount;
    return collapsed.length - spaces;
  };

  // The walk keeps its own stack so that deep pages cannot overflow the call stack. A frame is either an element to
  // open, a text node, or a marker closing an element. (Objects: a first capture runs in the interpreter, where an
  // object literal costs less than pushing to and popping from parallel arrays, measured on the fixtures.)
  type Frame = { kind: 'open'; node: Element; parentIndex: number; textHidden: boolean }
    | { kind: 'text'; node: Text; owner: number }
    | { kind: 'close'; open: OpenNode };
  const stack: Frame[] = [{ kind: 'open', node: root, parentIndex: -1, textHidden: false }];

  // Whether the walk has given the page a turn: only then can a node on the stack have left the page.
  let resumed = false;

  function step(deadline: number): boolean {
    const started = performance.now();
    try {
      const done = walkUntil(deadline);
      if (!done) resumed = true;
      return done;
    } finally {
      busyMs += performance.now() - started;
    }
  }

  function walkUntil(deadline: number): boolean {
    let frames = 0;
    while (stack.length > 0) {
      // Reading the clock costs more than a frame: look every 128 frames.
      if ((++frames & 127) === 0 && performance.now() >= deadline) return false;
      const frame = stack.pop()!;
      if (frame.kind === 'text') {
        const data = frame.node.data;
        if (appendText(data, frame.owner) > 0) {
          textNodes.push(frame.node);
          textOwners.push(frame.owner);
        }
        htmlLength[frame.owner] += data.length;
        continue;
      }
      if (frame.kind === 'close') {
        closeNode(frame.open);
        continue;
      }
      const el = frame.node;
      const parentIndex = frame.parentIndex;
      const frameTextHidden = frame.textHidden;
      // Between slices of a sliced capture the page may have removed it (asked only then: in a capture of one slice,
      // one call an element less, which the interpreter running a first capture pays for).
      if (resumed && !el.isConnected) continue;
      // Its local name, read once: lower case for HTML elements in any document (tagName is upper case in HTML
      // documents but lower case in XHTML ones).
      const name = el.localName;
      if (NEVER_RENDERED.has(name) && !isParsedNoscript(el)) {
        if (parentIndex >= 0) htmlLength[parentIndex] += htmlLengthOfHiddenSubtree(el);
        continue;
      }
      const st = styleCache ? styleCache.styleOf(el, win) : readElementStyle(win.getComputedStyle(el));
      if (st.display === 'none' || (parentIndex >= 0 && elements.length >= maxNodes)) {
        if (parentIndex >= 0) htmlLength[parentIndex] += htmlLengthOfHiddenSubtree(el);
        continue;
      }
      if (st.display === 'contents') {
        // No box of its own: its children belong to the parent's box.
        pushChildren(el, parentIndex, frameTextHidden);
        if (parentIndex >= 0) htmlLength[parentIndex] += openTagLength(el);
        continue;
      }
      const r = el.getBoundingClientRect();
      const textHidden = frameTextHidden || !st.textVisible;
      const clippedAway = r.width <= 1 && r.height <= 1 && !st.overflowVisible;
      if (parentIndex >= 0 && clippedAway) {
        htmlLength[parentIndex] += htmlLengthOfHiddenSubtree(el);
        continue;
      }

      const index = elements.length;
      const attrs = readElementAttributes(el, attributes);
      const isAnchor = name === 'a' && attrs.href !== null;
      if (index === capacity) grow();
      elements.push(el);
      parent[index] = parentIndex;
      // Clamped to what the snapshot's Uint16Array holds (a child of a clamped node stays clamped).
      depth[index] = parentIndex < 0 ? 0 : Math.min(depth[parentIndex] + 1, 65535);
      tag[index] = tagId(name);
      rect[4 * index] = r.left + scrollX;
      rect[4 * index + 1] = r.top + scrollY;
      rect[4 * index + 2] = r.width;
      rect[4 * index + 3] = r.height;
      const bits = textHidden ? st.bits | StyleBit.TEXT_HIDDEN : st.bits;
      style[index] = bits;
      fontSize[index] = st.fontSize;
      // Most elements carry no class, id, role or itemprop at all, and then no hints and no author's name.
      if (attrs.className || attrs.id || attrs.role || attrs.ariaHidden || attrs.itemprop || attrs.rel) {
        const named = attributeHints(attrs);
        hints[index] = named & ~NAMES_AUTHOR;
        if (named & NAMES_AUTHOR) authorNodes.push(index);
      }
      if (isAnchor) {
        links[index] = 1;
        if (isIntraSiteLink(attrs.href!, siteHost)) intraLinks[index] = 1;
      }
      htmlLength[index] = attrs.tagLength;
      const isBlock = (bits & StyleBit.BLOCK) !== 0;
      if (isBlock) appendSeparator('\n');
      textStart[index] = textLength;
      textEnd[index] = textLength;

      const open: OpenNode = { index, isAnchor, isBlock };
      stack.push({ kind: 'close', open });
      if (name === 'iframe') iframes += 1;
      if (LEAF_ELEMENTS.has(name)) {
        // A drawing's words (a chart's axis, a logo set in type) are text on the page too, unless hidden.
        if (!textHidden && name === 'svg' && el.getElementsByTagName('text').length > 0) {
          textNodes.push(el);
          textOwners.push(index);
        }
        continue;
      }
      if (name === 'img' || name === 'input') continue;
      pushChildren(el, index, textHidden);
    }
    return true;
  }

  function pushChildren(el: Element, owner: number, textHidden: boolean) {
    const withText = !textHidden && owner >= 0;
    // In the flat tree, an open shadow root's children replace the light children.
    const shadow = el.shadowRoot;
    const assigned = shadow ? null : slotted(el);
    if (assigned) {
      for (let k = assigned.length - 1; k >= 0; k--) {
        const child = assigned[k];
        if (child.nodeType === 1) stack.push({ kind: 'open', node: child as Element, parentIndex: owner, textHidden });
        else if (child.nodeType === 3 && withText) stack.push({ kind: 'text', node: child as Text, owner });
      }
      return;
    }
    // Siblings, last first (the stack opens the first child next): cheaper than indexing a live NodeList.
    for (let child = (shadow ?? el).lastChild; child; child = child.previousSibling) {
      if (child.nodeType === 1) stack.push({ kind: 'open', node: child as Element, parentIndex: owner, textHidden });
      else if (child.nodeType === 3 && withText) stack.push({ kind: 'text', node: child as Text, owner });
    }
  }

  function closeNode(open: OpenNode) {
    const i = open.index;
    if (open.isBlock) appendSeparator('\n');
    textEnd[i] = textLength;
    const p = parent[i];
    if (p < 0) return;
    textChars[p] += textChars[i];
    words[p] += words[i];
    if (open.isAnchor) anchorChars[i] = textChars[i];
    anchorChars[p] += anchorChars[i];
    links[p] += links[i];
    intraLinks[p] += intraLinks[i];
    htmlLength[p] += htmlLength[i];
  }

  function finish(): CaptureResult {
    const started = performance.now();
    const docEl = doc.documentElement;
    const count = elements.length;
    const snapshot: PageSnapshot = {
      version: SNAPSHOT_VERSION,
      url: doc.URL,
      title: (doc.title ?? '').trim(),
      siteHost,
      viewport: { width: win.innerWidth, height: win.innerHeight },
      page: {
        width: Math.max(docEl.scrollWidth, root.scrollWidth, win.innerWidth),
        height: Math.max(docEl.scrollHeight, root.scrollHeight, win.innerHeight),
      },
      count,
      // Copies of the columns' used part (not views into them: a snapshot's buffers are moved to the worker whole).
      parent: parent.slice(0, count),
      depth: depth.slice(0, count),
      tag: tag.slice(0, count),
      rect: rect.slice(0, 4 * count),
      textChars: textChars.slice(0, count),
      words: words.slice(0, count),
      anchorChars: anchorChars.slice(0, count),
      links: links.slice(0, count),
      intraLinks: intraLinks.slice(0, count),
      htmlLength: htmlLength.slice(0, count),
      style: style.slice(0, count),
      fontSize: fontSize.slice(0, count),
      hints: hints.slice(0, count),
      text: textParts.join(''),
      textStart: textStart.slice(0, count),
      textEnd: textEnd.slice(0, count),
      iframes,
      captureMs: 0,
    };
    snapshot.captureMs = busyMs + (performance.now() - started);
    return { snapshot, elements, textNodes, textOwners, authorNodes };
  }

  busyMs += performance.now() - setupStarted;
  return { step, nodes: () => elements.length, finish };
}

/**
 * With page scripts off, a <noscript> is parsed as markup and rendered like any element: it is the page (Discourse
 * forums serve every post in one). With scripts on its content is one text node and never shown.
 */
function isParsedNoscript(el: Element): boolean {
  return el.localName === 'noscript' && el.firstElementChild !== null;
}

/** What a slot shows in the flat tree: the nodes assigned to it, or null when it shows its own children. */
function slotted(el: Element): Node[] | null {
  if (el.localName !== 'slot') return null;
  const assigned = (el as HTMLSlotElement).assignedNodes({ flatten: true });
  return assigned.length > 0 ? assigned : null;
}
