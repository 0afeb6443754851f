/**
 * The author's name from the byline element the reader found, for pages whose metadata names nobody: the name after
 * "By", else the text of an element the markup names as the author, else a link that reads as a name (bylines link
 * the author's page), else nothing. Pure: reads the snapshot's text.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { TAG } from '../snapshot/tags.ts';
import { subtreeEnd } from '../snapshot/tree.ts';
import { bylineFromLine, cleanByline } from './articleMetadata.ts';

/** Longest text read as a name (or a few names). */
const MAX_NAME_CHARS = 60;
const MAX_WORDS_PER_NAME = 5;
/** One person: capitalised words, with initials, hyphens, apostrophes and lower-case particles (van, de, bin). */
const PERSON = /^\p{Lu}[\p{L}\p{M}'’.-]*(\s+(\p{Lu}[\p{L}\p{M}'’.-]*|van|von|de|der|den|da|di|du|del|la|le|bin|al|y))*$/u;

export function bylineName(s: PageSnapshot, node: number, authorNodes: readonly number[] = []): string | null {
  if (node < 0 || node >= s.count) return null;
  const end = subtreeEnd(s, node);
  const textOf = (i: number) => s.text.slice(s.textStart[i], s.textEnd[i]).replace(/\s+/g, ' ').trim();
  const fromBy = bylineFromLine(textOf(node));
  if (fromBy && looksLikeNames(fromBy)) return fromBy;
  const inside = (i: number) => i >= node && i < end;
  for (const i of authorNodes) {
    const name = inside(i) ? cleanByline(textOf(i)) : null;
    if (name && looksLikeNames(name)) return name;
  }
  const linked: string[] = [];
  for (let i = node; i < end; i++) {
    const name = s.tag[i] === TAG.A ? cleanByline(textOf(i)) : null;
    if (name && looksLikeNames(name) && !linked.includes(name)) linked.push(name);
  }
  if (linked.length > 0) return linked.join(', ');
  return fromBy && fromBy.length <= MAX_NAME_CHARS ? fromBy : null;
}

/** "Ana Lima", "Ana Lima, Bo Chen and Cy Diaz", "J. R. R. Tolkien": short, and every part a person's name. */
export function looksLikeNames(text: string): boolean {
  if (text.length > MAX_NAME_CHARS || /\d/.test(text)) return false;
  return text.split(/\s*,\s*|\s+(?:and|und|et|y|e|&)\s+/).every((part) =>
    part.split(/\s+/).length <= MAX_WORDS_PER_NAME && PERSON.test(part));
}
