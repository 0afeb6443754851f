/**
 * The reader's article as a file: Markdown (headings, lists, GitHub tables, fenced code, images with their alt
 * text) through turndown, a well-kept converter (≈25 kB with its table plugin, far less than writing and testing
 * our own), or a standalone HTML page that opens anywhere. Links and images point at absolute addresses, so the
 * file works away from the page; nothing is fetched.
 */
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

export type ArticleFormat = 'markdown' | 'html';

export interface ArticleMeta {
  title: string;
  url: string;
}

/** A copy of the article with every link and image address made absolute (srcset dropped: src is kept). */
export function withAbsoluteUrls(article: DocumentFragment, baseUrl: string): DocumentFragment {
  const copy = article.cloneNode(true) as DocumentFragment;
  const absolute = (value: string) => {
    try {
      return new URL(value, baseUrl).href;
    } catch {
      return value;
    }
  };
  for (const a of copy.querySelectorAll('a[href]')) a.setAttribute('href', absolute(a.getAttribute('href')!));
  for (const img of copy.querySelectorAll('img')) {
    const src = img.getAttribute('src');
    if (src) img.setAttribute('src', absolute(src));
    img.removeAttribute('srcset');
    img.removeAttribute('sizes');
  }
  return copy;
}

export function articleMarkdown(article: DocumentFragment, meta: ArticleMeta): string {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  service.use(gfm);
  service.addRule('compactListItem', COMPACT_LIST_ITEM);
  const holder = article.ownerDocument!.createElement('div');
  holder.append(withAbsoluteUrls(article, meta.url));
  const body = service.turndown(holder);
  return `${body.trim()}\n\n---\nSource: <${meta.url}>\n`;
}

/**
 * List items as `- item` / `1. item` rather than turndown's `-   item` (it pads markers to four columns): what people
 * write by hand and what most renderers show the same. Nested content is indented by the marker's width.
 */
const COMPACT_LIST_ITEM: TurndownService.Rule = {
  filter: 'li',
  replacement: (content, node, options) => {
    const parent = node.parentNode as Element | null;
    let prefix = `${options.bulletListMarker} `;
    if (parent?.nodeName === 'OL') {
      const start = Number(parent.getAttribute('start') ?? 1);
      prefix = `${(Number.isFinite(start) ? start : 1) + Array.prototype.indexOf.call(parent.children, node)}. `;
    }
    const body = content.replace(/^\n+/, '').replace(/\n+$/, '\n').replace(/\n/gm, `\n${' '.repeat(prefix.length)}`);
    return prefix + body + (node.nextSibling && !/\n$/.test(body) ? '\n' : '');
  },
};

export function articleHtml(article: DocumentFragment, meta: ArticleMeta): string {
  const doc = article.ownerDocument!;
  const holder = doc.createElement('article');
  holder.append(withAbsoluteUrls(article, meta.url));
  const title = doc.createElement('title');
  title.textContent = meta.title;
  const source = doc.createElement('a');
  source.href = meta.url;
  source.textContent = meta.url;
  return '<!doctype html>\n<html><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' + title.outerHTML +
    `<style>${STANDALONE_CSS}</style></head>\n<body>${holder.outerHTML}\n<footer>Source: ${source.outerHTML}</footer>` +
    '</body></html>\n';
}

const STANDALONE_CSS = 'body{max-width:42rem;margin:2rem auto;padding:0 1rem;font:18px/1.6 Georgia,serif;color:#222}' +
  'img{max-width:100%;height:auto}pre{overflow:auto;background:#f4f4f4;padding:.75rem}table{border-collapse:collapse}' +
  'td,th{border:1px solid #ccc;padding:.25rem .5rem}.line{display:block}' +
  '.line.minor{font-size:.6em;font-weight:600;color:#666;margin-bottom:.3em}footer{margin-top:3rem;font-size:.8rem;color:#666}' +
  '@media (prefers-color-scheme:dark){body{background:#181818;color:#ddd}pre{background:#222}}';
