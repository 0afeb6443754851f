import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { TAG } from '../snapshot/tags.ts';

/** Elements that carry content by what they are, not by their words: data tables, code blocks, figures. */
const CONTENT_SHAPED = new Set<number>([TAG.TABLE, TAG.PRE, TAG.FIGURE]);
/** Above this share of anchor text a table or figure is a link list or a teaser, which the classifier judges well. */
const MAX_ANCHOR_SHARE = 0.2;

/**
 * Per node, 1 when the reader view (and `winnow extract`) keeps it: nodes whose smoothed value is under the
 * threshold, plus "content islands". The classifier leans on words and links, so a table of figures, a code block
 * or a photo with a caption inside an article has few of the signals of content and can come out as a small
 * template segment of its own; a reader that drops the article's table or code is broken. An island is the top of
 * a template subtree whose parent is kept, that is a table, pre or figure with little anchor text; it is kept whole.
 */
export function readerKeep(s: PageSnapshot, values: ArrayLike<number>, threshold: number): Uint8Array {
  const keep = new Uint8Array(s.count);
  const insideIsland = new Uint8Array(s.count);
  for (let i = 0; i < s.count; i++) {
    const p = s.parent[i];
    if (values[i] < threshold) {
      keep[i] = 1;
    } else if (p >= 0 && insideIsland[p]) {
      keep[i] = insideIsland[i] = 1;
    } else if (p >= 0 && keep[p] && isContentShaped(s, i)) {
      keep[i] = insideIsland[i] = 1;
    }
  }
  return keep;
}

function isContentShaped(s: PageSnapshot, i: number): boolean {
  return CONTENT_SHAPED.has(s.tag[i]) && s.anchorChars[i] <= MAX_ANCHOR_SHARE * s.textChars[i];
}
