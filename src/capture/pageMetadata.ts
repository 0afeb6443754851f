/**
 * Reads what a document declares about its article (JSON-LD, meta tags, microdata, <time>, rel=author, <title>,
 * headings) into plain strings; src/reader/articleMetadata.ts decides among them. Only reads the DOM: no layout,
 * no writes.
 */
import { articleMetadata, ITEMPROP_KEYS, type ArticleMetadata, type MetadataSources } from '../reader/articleMetadata.ts';

/** Headings read for the title check: a page has a few; a huge listing must not make this slow. */
const MAX_HEADINGS = 20;

export function readPageMetadata(doc: Document): ArticleMetadata {
  return articleMetadata(readMetadataSources(doc));
}

export function readMetadataSources(doc: Document): MetadataSources {
  const meta: Record<string, string[]> = {};
  for (const el of doc.querySelectorAll('meta[content]')) {
    const content = el.getAttribute('content') ?? '';
    // One tag may carry several names: property="og:title twitter:title".
    const keys = `${el.getAttribute('name') ?? ''} ${el.getAttribute('property') ?? ''} ${el.getAttribute('itemprop') ?? ''}`;
    for (const key of keys.toLowerCase().split(/\s+/)) if (key) (meta[key] ??= []).push(content);
  }
  const itemprop: Record<string, string[]> = {};
  for (const el of doc.querySelectorAll('[itemprop]:not(meta)')) {
    const keys = (el.getAttribute('itemprop') ?? '').toLowerCase().split(/\s+/).filter((key) => ITEMPROP_KEYS.has(key));
    // The value (often the element's whole text) only for a property that is read.
    const value = keys.length > 0 ? itempropValue(el) : '';
    for (const key of keys) if (value) (itemprop[key] ??= []).push(value);
  }
  return {
    jsonLd: Array.from(doc.querySelectorAll('script[type="application/ld+json" i]'), (s) => s.textContent ?? ''),
    meta,
    itemprop,
    times: publicationTimes(doc),
    authorLinks: Array.from(doc.querySelectorAll('a[rel~="author" i], link[rel~="author" i][title]'),
      (a) => (a.localName === 'link' ? a.getAttribute('title') : a.textContent) ?? ''),
    documentTitle: doc.title ?? '',
    headings: [...headingTexts(doc, 'h1'), ...headingTexts(doc, 'h2')],
    lang: doc.documentElement?.getAttribute('lang') ?? '',
  };
}

/** Microdata value: `content` or `datetime` when given; an author item's `name`; otherwise the element's text. */
function itempropValue(el: Element): string {
  const attr = el.getAttribute('content') ?? el.getAttribute('datetime');
  if (attr !== null) return attr;
  if (el.hasAttribute('itemscope')) {
    const name = el.querySelector('[itemprop~="name" i]');
    return name ? itempropValue(name) : '';
  }
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** `datetime` of <time> elements, the ones that say they are the publication date first. */
function publicationTimes(doc: Document): string[] {
  const marked: string[] = [];
  const other: string[] = [];
  for (const t of doc.querySelectorAll('time[datetime]')) {
    const value = t.getAttribute('datetime') ?? '';
    const isPublication = t.hasAttribute('pubdate') || /datepublished/i.test(t.getAttribute('itemprop') ?? '');
    (isPublication ? marked : other).push(value);
  }
  return marked.concat(other);
}

function headingTexts(doc: Document, tag: 'h1' | 'h2'): string[] {
  return Array.from(doc.getElementsByTagName(tag)).slice(0, MAX_HEADINGS)
    .map((h) => (h.textContent ?? '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}
