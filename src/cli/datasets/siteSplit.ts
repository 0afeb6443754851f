/** A fixed split by site (FNV-1a hash of the host), so that no site is both trained on and evaluated. */
export function splitBySite<T extends { site: string }>(pages: T[], holdoutPercent: number): { train: T[]; test: T[] } {
  const train: T[] = [];
  const test: T[] = [];
  for (const p of pages) (fnv1a(p.site) % 100 < holdoutPercent ? test : train).push(p);
  return { train, test };
}

export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
