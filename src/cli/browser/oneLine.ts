/** An error as the one-line reason a page failed: Playwright's "page.evaluate: Error:" prefix and stack left out. */
export function oneLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.replace(/^page\.evaluate: (Error: )?/, '').split('\n')[0];
}
