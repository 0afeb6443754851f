/** The reader view's article for a run: the body text the reader decision keeps, under its headline and byline. */
import { buildReaderContentSliced, type ElementLayout } from './readerContent.ts';
import type { CompleteRun } from './pageState.ts';
import { yieldToPage } from './yieldToPage.ts';
import { StyleBit } from '../../src/snapshot/styleBits.ts';

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
    layoutOf: (el) => {
      const i = c.indexOf.get(el);
      return i === undefined ? layoutOf(doc, el) : capturedLayout(c.style[i], c.fontSize[i]);
    },
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

/** Style bits that take a block out of the line it is in: table parts stay in their row, floats and layers beside it. */
const NOT_A_LINE = StyleBit.TABLE_PART | StyleBit.FLOAT | StyleBit.POSITION_ABSOLUTE | StyleBit.POSITION_FIXED;

/** How capture saw an element (the computed style it read once): on a line of its own, and in which size of type. */
function capturedLayout(bits: number, fontPx: number): ElementLayout {
  return { block: (bits & StyleBit.BLOCK) !== 0 && (bits & NOT_A_LINE) === 0, fontPx };
}

/** Displays that put an element on lines of its own (inline-block and table parts stay in their line or row). */
const LINE_DISPLAYS = /^(block|flex|grid|list-item|table|flow-root)\b/;

/**
 * How the live page sets an element capture did not keep (inside a node it stopped at): a computed style. A float or
 * an absolutely placed element is made a block by CSS too, but sits beside the text (a drop cap, an icon), not on a
 * line of its own.
 */
function layoutOf(doc: Document, el: Element): ElementLayout {
  const style = doc.defaultView?.getComputedStyle(el);
  if (!style) return { block: false, fontPx: 0 };
  const inFlow = style.float === 'none' && style.position !== 'absolute' && style.position !== 'fixed';
  return { block: inFlow && LINE_DISPLAYS.test(style.display), fontPx: parseFloat(style.fontSize) || 0 };
}
