/**
 * Folds for measuring a personal model on labels it was not fitted on. Pages of one site share a template, so a fold
 * holds whole sites when the labels come from several sites (a page of a held-out site is never helped by its
 * sibling's labels); with one site, whole pages. Deterministic: units sorted, dealt round-robin.
 */

/** The site of a page address (host, lower-cased, without `www.`); '' for addresses without a host (file:). */
export function siteOfPageUrl(url: string): string {
  const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#:]*)/i.exec(url)?.[1] ?? '';
  return host.toLowerCase().replace(/^www\d?\./, '');
}

/** What a fold holds whole for these pages: their sites when they come from several, else single pages. */
export function heldOutUnit(pages: readonly string[]): 'site' | 'page' {
  return new Set(pages.map(siteOfPageUrl)).size > 1 ? 'site' : 'page';
}

/**
 * Fold index per page, or null with fewer than 2 pages. `folds` is an upper bound: there are never more folds than
 * units (sites, or pages).
 */
export function pageFolds(pages: readonly string[], folds: number): Map<string, number> | null {
  const distinct = [...new Set(pages)].sort();
  if (distinct.length < 2) return null;
  if (!Number.isInteger(folds) || folds < 2) throw new Error(`held-out folds must be an integer ≥ 2, got ${folds}`);
  const bySite = heldOutUnit(distinct) === 'site';
  const unitOf = (page: string) => (bySite ? siteOfPageUrl(page) : page);
  const units = [...new Set(distinct.map(unitOf))].sort();
  const count = Math.min(folds, units.length);
  const foldOfUnit = new Map(units.map((u, k) => [u, k % count]));
  return new Map(distinct.map((p) => [p, foldOfUnit.get(unitOf(p))!]));
}
