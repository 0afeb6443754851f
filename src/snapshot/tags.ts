/**
 * Element tags as small integers, so the snapshot stores one byte per node. Tags not listed map to OTHER; the list
 * covers what the features and the reader view need to tell apart.
 */
export const TAG_NAMES = [
  'other', 'html', 'body', 'div', 'span', 'p', 'a', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody',
  'tfoot', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'footer', 'nav', 'aside', 'main',
  'article', 'section', 'form', 'input', 'button', 'select', 'textarea', 'label', 'img', 'picture', 'figure',
  'figcaption', 'video', 'audio', 'iframe', 'svg', 'canvas', 'pre', 'code', 'blockquote', 'em', 'strong', 'b', 'i',
  'br', 'hr', 'small', 'time', 'address', 'center', 'font', 'details', 'summary', 'menu', 'object', 'embed',
] as const;

export type TagName = (typeof TAG_NAMES)[number];

const TAG_IDS: ReadonlyMap<string, number> = new Map(TAG_NAMES.map((name, id) => [name, id]));

export function tagId(name: string): number {
  return TAG_IDS.get(name.toLowerCase()) ?? 0;
}

export function tagName(id: number): TagName {
  return TAG_NAMES[id] ?? 'other';
}

export const TAG = Object.fromEntries(TAG_NAMES.map((name, id) => [name.toUpperCase(), id])) as {
  readonly [K in TagName as Uppercase<K>]: number;
};
