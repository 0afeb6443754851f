/** "R12" before "R102", so the report lists pages in the dataset's own order. */
export function byNaturalName(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
