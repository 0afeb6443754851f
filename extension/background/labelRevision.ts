/**
 * Which version of a page's kept labels a tab read (LabelsApi's `revision`): a hash of the stored entry's JSON, with
 * its keys sorted, so it is the same for the same labels whoever wrote them, whichever order storage hands the keys
 * back in, and after the service worker restarts. A tab's save names the revision it started from; the store refuses
 * it when storage holds another one (labelStore.ts), so one tab never writes its whole list over labels it never saw.
 */

/** The revision of a stored entry; null when the page has none. */
export async function labelRevision(entry: unknown): Promise<string | null> {
  if (entry === undefined || entry === null) return null;
  const bytes = new TextEncoder().encode(sortedJson(entry));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest.subarray(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** JSON with every object's keys in sorted order (undefined members left out, as JSON.stringify does). */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : sortedJson(v))).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.keys(value).sort().flatMap((k) => {
      const v = (value as Record<string, unknown>)[k];
      return v === undefined || typeof v === 'function' ? [] : [`${JSON.stringify(k)}:${sortedJson(v)}`];
    });
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
