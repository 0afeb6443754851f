/**
 * Template terms as Vieira et al. measure them (002 §6.1): the set of distinct terms (words) of a page that lie in
 * its template, compared with the set a method detects, by precision, recall and F-measure. Here a term is a
 * template term of a page when the page shows it and its content does not: the reference content (people's gold
 * text, or the site's own content element for iana) for the truth, and the text a method keeps for the prediction.
 * So both sides are "what cleaning the page takes away", and nothing needs aligning words to nodes. Pure.
 */
import { tokenize } from '../../../eval/shingles.ts';
import type { Confusion } from '../../../eval/templateMeasures.ts';

/** Distinct lower-cased word tokens (letters, digits, underscore, Unicode-aware; shingles.ts's tokenizer). */
export function termSet(text: string): Set<string> {
  return new Set(tokenize(text));
}

/**
 * One page's template-term confusion: reference template terms S = page terms not in the reference content,
 * detected T = page terms not in the content the method kept; tp = |S ∩ T|, fp = |T \ S|, fn = |S \ T|.
 */
export function templateTermCounts(pageTerms: ReadonlySet<string>, referenceContent: ReadonlySet<string>,
  keptContent: ReadonlySet<string>): Confusion {
  const c: Confusion = { tp: 0, fp: 0, fn: 0 };
  for (const t of pageTerms) {
    const actual = !referenceContent.has(t);
    const predicted = !keptContent.has(t);
    if (actual && predicted) c.tp++;
    else if (predicted) c.fp++;
    else if (actual) c.fn++;
  }
  return c;
}

export function addConfusion(into: Confusion, c: Confusion): Confusion {
  into.tp += c.tp;
  into.fp += c.fp;
  into.fn += c.fn;
  return into;
}
