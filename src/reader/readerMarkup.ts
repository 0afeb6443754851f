/**
 * What of a page's markup a reader passes on, shared by the two places that write the kept content out: the clean
 * HTML of `winnowExtract` (src/capture/keptHtml.ts) and the extension's reader view (extension/content/
 * readerContent.ts). One list, so the library and the reader view never disagree on what is reading matter.
 */

/**
 * Never written, with everything inside: not reading matter, or not safe to pass on. `form` is not among them: some
 * sites (ASP.NET) wrap the whole page in one.
 */
export const DROPPED_TAGS: ReadonlySet<string> = new Set([
  'script', 'style', 'noscript', 'template', 'iframe', 'frame', 'object', 'embed', 'applet', 'input', 'button',
  'select', 'option', 'textarea', 'label', 'svg', 'math', 'canvas', 'video', 'audio', 'source', 'track', 'map',
  'link', 'meta', 'base', 'head', 'dialog',
]);

/** Where lazy-loading scripts keep an image's real address until it scrolls into view. */
export const LAZY_SRC = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url', 'data-hi-res-src'];
export const LAZY_SRCSET = ['data-srcset', 'data-lazy-srcset'];
