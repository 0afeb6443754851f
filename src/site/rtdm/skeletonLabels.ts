/**
 * What a skeleton node's label says, decided here (the paper compares "node labels" and leaves their content open).
 *
 * - 'structure': the tag id (bits 0–7, src/snapshot/tags.ts) and the hint bits (bits 8–19, src/snapshot/hintBits.ts:
 *   what the element's class, id and role name it — nav, header, footer, sidebar…). A snapshot keeps no class names,
 *   and the hint bits are the class token it does keep. Labels < 2^20, decodable with `labelTag` / `labelHints`.
 * - 'text' (the default): as 'structure' for nodes without text of their own; a node with own text (text directly
 *   inside it, not inside a child element) gets a 31-bit hash of its structure label and that text, with bit 31 set.
 *   The paper's DOM trees have text nodes as leaves and its template is measured in terms (§6.1); a snapshot has no
 *   text nodes, and without text two articles' paragraphs of the same shape would map to each other and count as
 *   template. Only the hash is kept, never the text, and equal labels still mean equal tag, hints and text.
 */
import { hashText31 } from './hashText.ts';

export type LabelMode = 'structure' | 'text';

const TEXT_BIT = 0x80000000;

export function structureLabel(tag: number, hints: number): number {
  return ((tag & 0xff) | ((hints & 0xfff) << 8)) >>> 0;
}

/** The label of a node with own text `ownText` (already whitespace-collapsed and trimmed; '' for none). */
export function textLabel(structure: number, ownText: string): number {
  if (ownText === '') return structure;
  return (TEXT_BIT | hashText31(ownText, structure)) >>> 0;
}

export function labelHasText(label: number): boolean {
  return label >= TEXT_BIT;
}

/** Tag id of a structure label; −1 for a text label, whose structure is hashed in. */
export function labelTag(label: number): number {
  return labelHasText(label) ? -1 : label & 0xff;
}

export function labelHints(label: number): number {
  return labelHasText(label) ? -1 : (label >>> 8) & 0xfff;
}
