/** The parsed address, or null where `new URL` would throw (page addresses and links are not always valid). */
export function parseUrl(raw: string, base?: string): URL | null {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}
