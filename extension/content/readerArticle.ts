/** The reader view's article for a run: the body text the reader decision keeps, under its headline and byline. */
import { buildReaderContentSliced, type ElementLayout } from './readerContent.ts';
import type { CompleteRun } from './pageState.ts';
import { yieldToPage } from './yieldToPage.ts';

/** Built in slices with turns for the page between them: a huge page's article takes a while to copy. */
export async function readerArticle(doc: Document, { capture: c, smoothed: s }: CompleteRun):
  Promise<DocumentFragment> {
  const article = await buildReaderContentSliced(doc.body ?? doc.documentElement, doc, {
    title: c.declared.title,
    declaredByline: c.declared.byline,
    headline: s.headline >= 0 ? c.elements[s.headline] : null,
    byline: s.byline >= 0 ? c.elements[s.byline] : null,
    verdict: (el) => {
      const i = c.indexOf.get(el);
      return i !== undefined && s.readerKeep[i] === 1 ? 'keep' : 'skip';
    },
    layoutOf: (el) => layoutOf(doc, el),
  }, { sliceMs: 25, yieldToPage });
  // An empty reader would look broken: it says why it is empty and what to change.
  if (!article.querySelector('p, pre, table, li, img, blockquote')) {
    const note = doc.createElement('p');
    note.textContent = 'Winnow judged everything on this page to be template, so there is nothing to read here. ' +
      'A higher template threshold or a lower penalty keeps more of the page.';
    article.append(note);
  }
  return article;
}

/** Displays that put an element on lines of its own (inline-block and table parts stay in their line or row). */
const LINE_DISPLAYS = /^(block|flex|grid|list-item|table|flow-root)\b/;

/**
 * How the live page sets an element: a computed style, read only for the spans and headings of the kept content. A
 * float or an absolutely placed element is made a block by CSS too, but sits beside the text (a drop cap, an icon),
 * not on a line of its own.
 */
function layoutOf(doc: Document, el: Element): ElementLayout {
  const style = doc.defaultView?.getComputedStyle(el);
  if (!style) return { block: false, fontPx: 0 };
  const inFlow = style.float === 'none' && style.position !== 'absolute' && style.position !== 'fixed';
  return { block: inFlow && LINE_DISPLAYS.test(style.display), fontPx: parseFloat(style.fontSize) || 0 };
}
