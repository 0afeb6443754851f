/**
 * A text's word shingles as the duplicate-detection papers make them (003 §5.2): "all text on the webpage was
 * converted to lowercase and all non-alphanumeric characters were removed", then a window of N words slides over it.
 * Pure: no DOM, no Node.
 *
 * The words differ from src/eval/shingles.ts's `tokenize` on purpose: the paper *removes* non-alphanumeric characters,
 * so "don't" stays one word ("dont") and "e-mail" becomes "email", where the Scrapinghub benchmark's `\w+` splits
 * them. The window itself is the same, so `shingleCounts` is reused (with its rule for a text shorter than the window:
 * one shorter shingle, so a three-word page is not the same as an empty one).
 */
import { shingleCounts } from '../eval/shingles.ts';

/** Letters and digits of any script: "alphanumeric" read for every language, not ASCII only. */
const NOT_ALPHANUMERIC = /[^\p{L}\p{N}]+/gu;

/** The text's words: split at white space, lower-cased, every non-alphanumeric character removed, empty ones dropped. */
export function shingleWords(text: string): string[] {
  const words: string[] = [];
  for (const piece of text.toLowerCase().split(/\s+/u)) {
    const word = piece.replace(NOT_ALPHANUMERIC, '');
    if (word) words.push(word);
  }
  return words;
}

/** The distinct `size`-word shingles of the text (words joined by one space), in order of first appearance. */
export function shingleSet(text: string, size: number): string[] {
  return [...shingleCounts(shingleWords(text), size).keys()];
}
