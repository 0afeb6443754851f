/**
 * The article's title, byline, publication date, site name and language from what a document declares about
 * itself. The DOM side (src/capture/pageMetadata.ts) only collects raw strings; every choice is made here, in pure
 * code tested without a DOM. Sources are tried best first: JSON-LD (explicit and typed), then meta tags
 * (Open Graph, Twitter, Dublin Core, Highwire `citation_*`), then microdata (`itemprop`), then the page's own
 * elements (`<time datetime>`, `rel=author`, `<title>`).
 */
import { jsonLdArticle } from './jsonLdArticle.ts';
import { cleanTitle } from './articleTitle.ts';
import { normaliseDate } from './metadataDate.ts';

export interface ArticleMetadata {
  /** The article's title without the site's name around it; '' when the document declares none. */
  title: string;
  /** Author name(s), comma-separated, without a leading "By". */
  byline: string | null;
  /** Publication date in ISO 8601. */
  published: string | null;
  siteName: string | null;
  /** BCP 47 language tag (`en`, `en-US`). */
  lang: string | null;
}

/**
 * The microdata properties articleMetadata reads. Reading only these spares the page the text of the others: an
 * `itemprop=articleBody` holds the whole story, which nothing here needs.
 */
export const ITEMPROP_KEYS: ReadonlySet<string> = new Set(['headline', 'datepublished', 'author', 'creator']);

/** Raw strings from the document, in document order. Keys of `meta` and `itemprop` are lower case. */
export interface MetadataSources {
  /** Text of each `<script type="application/ld+json">`. */
  jsonLd: string[];
  /** `<meta name|property|itemprop=KEY content=…>`: KEY → contents. */
  meta: Record<string, string[]>;
  /**
   * Microdata outside meta tags: `itemprop` → the element's content/datetime attribute or its text. Only the keys
   * this file reads (ITEMPROP_KEYS) need be given.
   */
  itemprop: Record<string, string[]>;
  /** `datetime` of `<time>` elements, those marked `pubdate` or `itemprop=datePublished` first. */
  times: string[];
  /** Text of `rel=author` links and `<address class=author>`-like author elements. */
  authorLinks: string[];
  documentTitle: string;
  /** Text of the page's h1 elements, then of its h2 elements: what the title must agree with to be cut. */
  headings: string[];
  /** `<html lang>`. */
  lang: string;
}

// Dublin Core first, as Readability.js has it: a page that declares it means it, while og: and twitter: titles are
// often written for sharing ("If You Can Picture A Tarot Card…" over the headline).
const TITLE_KEYS = ['dc.title', 'dcterms.title', 'og:title', 'twitter:title', 'citation_title', 'parsely-title',
  'sailthru.title'];
const AUTHOR_KEYS = ['dc.creator', 'dcterms.creator', 'author', 'article:author', 'og:article:author',
  'citation_author', 'parsely-author', 'sailthru.author', 'byl'];
const DATE_KEYS = ['article:published_time', 'og:article:published_time', 'citation_publication_date',
  'citation_date', 'citation_online_date', 'dc.date', 'dc.date.issued', 'dcterms.created', 'dcterms.issued',
  'date', 'pubdate', 'publishdate', 'publish-date', 'parsely-pub-date', 'sailthru.date', 'article.published'];
const SITE_KEYS = ['og:site_name', 'application-name', 'citation_journal_title', 'citation_publisher'];
/** Longest byline taken from metadata: longer is a description or a list of every contributor. */
const MAX_BYLINE = 150;

export function articleMetadata(src: MetadataSources): ArticleMetadata {
  const ld = jsonLdArticle(src.jsonLd);
  const metaByKey = dublinCoreKeys(src.meta);
  const meta = (keys: readonly string[]) => keys.flatMap((k) => metaByKey.get(k) ?? []).map(tidy).filter(Boolean);
  const siteName = first([ld?.publisher ?? '', ...meta(SITE_KEYS)]);
  const declared = first([ld?.headline ?? '', ...meta(TITLE_KEYS), ...(src.itemprop.headline ?? []).map(tidy)]);
  const title = cleanTitle(decodeEntities(declared ?? tidy(src.documentTitle)), src.headings.map(tidy), siteName);
  return {
    title,
    // Authors from the first meta key that names someone: several citation_author tags are several authors, while
    // a second `author` (or an `author` beside a `dc.creator`) repeats or contradicts the first.
    byline: bylineOf(src, ld?.authors ?? [], AUTHOR_KEYS.map((k) => (k === 'citation_author' ? meta([k]) : meta([k]).slice(0, 1)))
      .find((v) => v.some((n) => cleanByline(n) !== null)) ?? []),
    published: firstDate([ld?.datePublished ?? '', ...meta(DATE_KEYS), ...(src.itemprop.datepublished ?? []),
      ...src.times]),
    siteName: siteName ? decodeEntities(siteName) : null,
    lang: languageTag(first([src.lang, ld?.inLanguage ?? '', ...meta(['og:locale', 'content-language', 'dc.language'])])),
  };
}

/** Dublin Core keys under one spelling: `dc:creator`, `DC.creator` → `dc.creator`; `dcterm:title` → `dcterms.title`. */
function dublinCoreKeys(meta: Record<string, string[]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, values] of Object.entries(meta)) {
    const k = key.toLowerCase().replace(/^(dc|dcterms?)[:.]/, (_, p: string) => (p === 'dc' ? 'dc.' : 'dcterms.'));
    out.set(k, (out.get(k) ?? []).concat(values));
  }
  return out;
}

function bylineOf(src: MetadataSources, ldAuthors: string[], metaAuthors: string[]): string | null {
  const itemprop = (src.itemprop['author'] ?? []).concat(src.itemprop['creator'] ?? []);
  for (const names of [ldAuthors, metaAuthors, itemprop, src.authorLinks]) {
    const clean = unique(names.map((n) => cleanByline(decodeEntities(n))).filter((n): n is string => n !== null));
    if (clean.length > 0) {
      const joined = clean.join(', ');
      if (joined.length <= MAX_BYLINE) return joined;
      return clean[0].length <= MAX_BYLINE ? clean[0] : null;
    }
  }
  return null;
}

/** An author name as a reader would read it: no "By", no profile URL, no @handle. Null when nothing is left. */
export function cleanByline(raw: string): string | null {
  const s = tidy(raw).replace(/^(written\s+)?by[:\s]\s*/i, '').trim();
  if (!s || /^(https?:)?\/\//i.test(s) || /^@\w+$/.test(s) || !/\p{L}/u.test(s)) return null;
  return s;
}

/**
 * The author's name from a byline line of the page ("By Ana Lima | March 5, 2024 · 4 min read" → "Ana Lima"), for
 * pages whose metadata names nobody. Only a line that starts with "By": a date line names no author.
 */
export function bylineFromLine(line: string): string | null {
  const m = /^(?:written\s+)?by[:\s]\s*(.+)$/i.exec(tidy(line));
  if (!m) return null;
  // The name ends where the date, a separator or "on <date>" begins.
  const name = m[1].split(
    /\s+[|•·—–-]\s+|\s+(?:on|updated|published)\s+|,?\s+(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+)?\d|\n/i,
  )[0];
  const clean = cleanByline(name.replace(/[,;:]+$/, ''));
  return clean && clean.length <= MAX_BYLINE ? clean : null;
}

function firstDate(candidates: string[]): string | null {
  for (const c of candidates) {
    const d = c ? normaliseDate(c) : null;
    if (d) return d;
  }
  return null;
}

/** `en_US` (Open Graph's locale form) → `en-US`; null for anything that is not a language tag. */
function languageTag(raw: string | null): string | null {
  if (!raw) return null;
  const tag = raw.trim().replace(/_/g, '-');
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(tag) ? tag : null;
}

function first(values: readonly string[]): string | null {
  for (const v of values) if (v && v.trim()) return v.trim();
  return null;
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function tidy(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', ndash: '–', mdash: '—',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
};

/**
 * Character references left in attribute-free strings: JSON-LD and some CMSs' meta contents are HTML-escaped twice,
 * so "&amp;" reaches us as text.
 */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}
