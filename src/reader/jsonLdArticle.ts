/**
 * What a page's JSON-LD (schema.org) says about its main item: headline, authors, publication date, publisher,
 * language. Pages put the item at the top level, in an array, in an `@graph`, or under another item
 * (`mainEntity`), and refer to authors by `@id`; all of these are followed. A script that is not valid JSON is
 * skipped, as browsers skip it.
 */

export interface JsonLdArticle {
  headline: string | null;
  authors: string[];
  datePublished: string | null;
  publisher: string | null;
  inLanguage: string | null;
}

type JsonObject = Record<string, unknown>;

/** Types whose headline is the page's article, best first; anything else (WebPage, Organization…) is not. */
const ARTICLE_TYPE = /^(\w*Article|BlogPosting|\w*Posting|Report|Review|Recipe|HowTo)$/;
const OTHER_ITEM_TYPE = /^(Product|Book|Movie|Event|Course|VideoObject|Episode|PodcastEpisode)$/;
/** How deep nested objects are searched for items (a page's JSON-LD is shallow; this bounds odd inputs). */
const MAX_DEPTH = 8;

/** The main item of all the page's `<script type="application/ld+json">` texts, or null when there is none. */
export function jsonLdArticle(scripts: readonly string[]): JsonLdArticle | null {
  const items: JsonObject[] = [];
  const byId = new Map<string, JsonObject>();
  for (const text of scripts) {
    const parsed = parseJson(text);
    if (parsed !== undefined) collectItems(parsed, items, byId, 0);
  }
  const main = items.find((o) => typesOf(o).some((t) => ARTICLE_TYPE.test(t))) ??
    items.find((o) => typesOf(o).some((t) => OTHER_ITEM_TYPE.test(t)));
  if (!main) return null;
  return {
    headline: stringOf(main.headline) ?? stringOf(main.name),
    authors: main.author !== undefined ? namesOf(main.author, byId) : namesOf(main.creator, byId),
    datePublished: stringOf(main.datePublished) ?? stringOf(main.dateCreated),
    publisher: namesOf(main.publisher, byId)[0] ?? null,
    inLanguage: stringOf(main.inLanguage) ?? stringOf(resolve(main.inLanguage, byId)?.name),
  };
}

function parseJson(text: string): unknown {
  // Some CMSs wrap the JSON in an HTML comment or CDATA section, which JSON.parse rejects.
  const unwrapped = text.trim().replace(/^<!--|-->$/g, '').trim()
    .replace(/^(\/\/|\/\*)?\s*<!\[CDATA\[(\s*\*\/)?/, '').replace(/(\/\/|\/\*)?\s*\]\]>(\s*\*\/)?$/, '').trim();
  try {
    return JSON.parse(unwrapped);
  } catch {
    return undefined;
  }
}

function collectItems(value: unknown, items: JsonObject[], byId: Map<string, JsonObject>, depth: number): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) collectItems(v, items, byId, depth + 1);
    return;
  }
  const o = value as JsonObject;
  if (typeof o['@id'] === 'string' && typesOf(o).length > 0 && !byId.has(o['@id'])) byId.set(o['@id'], o);
  if (typesOf(o).length > 0) items.push(o);
  for (const [key, v] of Object.entries(o)) {
    // Authors and publishers are people and organisations, not the page's item: follow containers only.
    if (key === '@graph' || key === 'mainEntity' || key === 'mainEntityOfPage' || key === 'hasPart' ||
      key === 'itemListElement' || key === 'item') collectItems(v, items, byId, depth + 1);
    else if (key === 'author' || key === 'publisher' || key === 'creator') collectIds(v, byId, depth + 1);
  }
}

/** People and organisations given in full under an author or publisher, so that `@id` references elsewhere work. */
function collectIds(value: unknown, byId: Map<string, JsonObject>, depth: number): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  for (const v of Array.isArray(value) ? value : [value]) {
    if (v && typeof v === 'object' && typeof (v as JsonObject)['@id'] === 'string' && (v as JsonObject).name) {
      const id = (v as JsonObject)['@id'] as string;
      if (!byId.has(id)) byId.set(id, v as JsonObject);
    }
  }
}

/** `@type` as a list of bare type names ("http://schema.org/NewsArticle" → "NewsArticle"). */
function typesOf(o: JsonObject): string[] {
  const t = o['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^.*[/#]/, ''));
}

function resolve(value: unknown, byId: ReadonlyMap<string, JsonObject>): JsonObject | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const o = value as JsonObject;
  if (o.name === undefined && typeof o['@id'] === 'string') return byId.get(o['@id']) ?? o;
  return o;
}

/** Names of a person, an organisation, a plain string, or a list of them. */
function namesOf(value: unknown, byId: ReadonlyMap<string, JsonObject>): string[] {
  const names: string[] = [];
  for (const v of Array.isArray(value) ? value : [value]) {
    const name = stringOf(v) ?? stringOf(resolve(v, byId)?.name);
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

function stringOf(value: unknown): string | null {
  if (Array.isArray(value)) return stringOf(value[0]);
  if (typeof value !== 'string') return null;
  const s = value.replace(/\s+/g, ' ').trim();
  return s || null;
}
