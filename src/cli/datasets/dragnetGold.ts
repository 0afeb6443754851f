/**
 * Dragnet's gold files hold the article text, then (on 416 of 1381 pages) a separator line followed by the page's
 * user comments. The separator is meant to be `!@#$%^&*()  COMMENTS`, but people typed it with variations (one or
 * three spaces, a dropped `!`, `#` or `()`, a doubled `*`, a trailing tab), so it is matched loosely: a line of at
 * least five of those symbols and then `COMMENTS`.
 */
const COMMENTS_SEPARATOR = /^[ \t]*(?:[!@#$%^&*()][ \t]*){5,}COMMENTS[ \t\r]*$/m;

/**
 * The main content of a Dragnet gold file: everything before the comments separator. Comments are not main
 * content for extraction (the Scrapinghub benchmark's articleBody leaves them out, and so do Readability and
 * Defuddle), so they are not part of the gold.
 */
export function dragnetMainText(gold: string): string {
  const m = COMMENTS_SEPARATOR.exec(gold);
  return m ? gold.slice(0, m.index) : gold;
}

export function hasCommentsSeparator(gold: string): boolean {
  return COMMENTS_SEPARATOR.test(gold);
}
