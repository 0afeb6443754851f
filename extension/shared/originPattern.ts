/**
 * The match pattern for one origin's pages (`https://example.org/*`): the host permission the popup asks for when a
 * person picks "always run here", and where the registered content script runs.
 *
 * Firefox ignores the port of a match pattern: `http://127.0.0.1:8080/*` matches nothing, not even its own origin,
 * while `http://127.0.0.1/*` matches the host on every port (Firefox bugs 1362809 and 1468162; so in Firefox ESR
 * 153). There the pattern leaves the port out. Chromium matches ports as written (a pattern without one matches every
 * port), so it keeps the origin's. The setting stays per origin either way: Winnow runs by itself only on the origin
 * the person picked (content/contentScript.ts reads it), although Firefox then lets it into the host's other ports.
 */
export function originMatchPattern(origin: string, extensionUrl: string): string {
  if (!extensionUrl.startsWith('moz-extension:')) return `${origin}/*`;
  const { protocol, hostname } = new URL(origin);
  return `${protocol}//${hostname}/*`;
}
