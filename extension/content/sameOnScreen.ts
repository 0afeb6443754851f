import type { SmoothedWire } from '../shared/workerApi.ts';

/**
 * Whether two smoothings of one capture show the same in every mode: the same segments with the same scores and
 * verdicts, the same reader decision and the same site-template marks. A run that adds the site's evidence after
 * the page was shown draws again only when they differ.
 */
export function sameOnScreen(a: SmoothedWire, b: SmoothedWire): boolean {
  if (a.headline !== b.headline || a.byline !== b.byline || a.segments.length !== b.segments.length) return false;
  for (let k = 0; k < a.segments.length; k++) {
    const x = a.segments[k];
    const y = b.segments[k];
    if (x.node !== y.node || x.score !== y.score || x.template !== y.template) return false;
  }
  return sameArray(a.show, b.show) && sameArray(a.readerKeep, b.readerKeep) && sameArray(a.siteSegments, b.siteSegments);
}

function sameArray(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}
