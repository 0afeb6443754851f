/**
 * HTML length without serialising: the length of an element's start and end tags, and of a whole subtree that is
 * not rendered (scripts, display:none), counted by a light walk that reads no styles.
 */
export function openTagLength(el: Element): number {
  let n = 2 * el.localName.length + 5; // "<tag>" + "</tag>"
  if (!el.hasAttributes()) return n;
  // Names and values as strings: `el.attributes[k]` makes an Attr object per attribute on first use, which costs a
  // first capture more than the strings do.
  const names = el.getAttributeNames();
  for (let k = 0; k < names.length; k++) n += names[k].length + (el.getAttribute(names[k]) ?? '').length + 4;
  return n;
}

export function htmlLengthOfHiddenSubtree(root: Element): number {
  let total = 0;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === 1) {
      total += openTagLength(node as Element);
      const kids = node.childNodes;
      for (let k = 0; k < kids.length; k++) stack.push(kids[k]);
    } else if (node.nodeType === 3 || node.nodeType === 8) {
      total += (node as CharacterData).data.length;
    }
  }
  return total;
}
