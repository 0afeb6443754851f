/** Node types, as numbers: the page's own scripts may have replaced the global `Node`. */
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/** Elements that start a new line when rendered: their text must not run into the text around them. */
const BLOCK = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BODY', 'BR', 'CAPTION', 'CENTER', 'DD', 'DETAILS', 'DIR', 'DIV', 'DL',
  'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI',
  'MAIN', 'MENU', 'NAV', 'OL', 'OPTION', 'P', 'PRE', 'SECTION', 'SUMMARY', 'TABLE', 'TBODY', 'TD', 'TFOOT', 'TH', 'THEAD',
  'TR', 'UL',
]);
/** Never shown as text. */
const SKIP = new Set(['HEAD', 'TITLE', 'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'IFRAME', 'OBJECT', 'SVG']);

/**
 * The text under `root` with a line break at every block boundary. `textContent` glues the last word of one
 * paragraph to the first of the next when the HTML has no whitespace between `</p><p>`, which would turn two right
 * words into one wrong token and cost up to seven shingles per boundary: a serialisation artefact, not an
 * extraction error. Text nodes that `keep` rejects are left out (and leave a space, so their neighbours stay apart).
 * Iterative, so deep pages cannot overflow the stack.
 */
export function blockText(root: Node, keep: (text: Node) => boolean = () => true): string {
  const out: string[] = [];
  let node: Node | null = root.firstChild;
  while (node) {
    let descend = false;
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) {
      const text = node.nodeValue ?? '';
      // Source line breaks inside a text node are spaces on screen (white-space: normal); only blocks break lines.
      if (keep(node)) out.push(text.replace(/\s+/g, ' '));
      else if (/\S/.test(text)) out.push(' ');
    } else if (node.nodeType === ELEMENT_NODE) {
      const name = node.nodeName.toUpperCase();
      if (!SKIP.has(name)) {
        if (BLOCK.has(name)) out.push('\n');
        descend = node.firstChild !== null;
      }
    }
    if (descend) {
      node = node.firstChild;
      continue;
    }
    // Leave finished elements, closing each block on the way up.
    while (node && node !== root && !node.nextSibling) {
      node = node.parentNode;
      if (node && node !== root && BLOCK.has(node.nodeName.toUpperCase())) out.push('\n');
    }
    node = node && node !== root ? node.nextSibling : null;
  }
  return tidy(out.join(''));
}

/** Runs of spaces become one space, runs of line breaks (with the spaces around them) one line break. */
function tidy(text: string): string {
  return text.replace(/[^\S\n]+/g, ' ').replace(/ ?\n[\s]*/g, '\n').trim();
}
