/**
 * What an element's role, class, id and itemprop say about it. Real pages name their parts ("nav", "footer",
 * "related"), and these names are strong evidence on the open web; they are features, never rules.
 *
 * Names are read one class token at a time. Modern pages are built from frameworks whose class names are full of
 * the words the patterns look for without meaning them: Elementor wraps every block of a story in
 * `elementor-widget-*` (not a sidebar), Bootstrap colours a story's text with `text-secondary`, utility classes say
 * `justify-content-center`, WordPress puts `menu-item-type-post_type` on menu links. Measured on wcxb-dev (481 pages of
 * 2025–26), such tokens put a sidebar hint on the whole article of 18 pages and a content hint on menus of 86. So
 * utility tokens are skipped, framework prefixes are stripped before matching, and a token that names a part of the
 * page chrome never also counts as content.
 */
export const HintBit = {
  NAV: 1 << 0,
  HEADER: 1 << 1,
  FOOTER: 1 << 2,
  SIDEBAR: 1 << 3,
  SOCIAL: 1 << 4,
  RELATED: 1 << 5,
  COMMENT: 1 << 6,
  AD: 1 << 7,
  CONTENT: 1 << 8,
  OVERLAY: 1 << 9,
  HIDDEN_A11Y: 1 << 10, // aria-hidden="true"
  ROLE_MAIN: 1 << 11,
  /** The body of the main content by name: itemprop=articleBody, `entry-content`, `article-body`, … (also CONTENT). */
  ARTICLE_BODY: 1 << 12,
  /** The heading block of the main content: `entry-header`, `post-title`, `article-header`, … (not site chrome). */
  ARTICLE_HEAD: 1 << 13,
} as const;

/** Chrome: parts of the page that are not its content. A token matching one of these is not also CONTENT. */
const CHROME_PATTERNS: ReadonlyArray<{ readonly bit: number; readonly pattern: RegExp }> = [
  { bit: HintBit.NAV, pattern: /(^|[^a-z])(nav|navbar|navigation|menu|breadcrumbs?|pagination|pager|topics?-list)([^a-z]|$)/ },
  { bit: HintBit.HEADER, pattern: /(^|[^a-z])(header|masthead|topbar|top-bar|site-head|branding|logo)([^a-z]|$)/ },
  { bit: HintBit.FOOTER, pattern: /(^|[^a-z])(footer|copyright|legal|colophon)([^a-z]|$)/ },
  { bit: HintBit.SIDEBAR,
    pattern: /(^|[^a-z])(sidebar|side-bar|aside|rail|right-col|left-col)([^a-z]|$)|^widgets?([^a-z]|$)|^secondary([^a-z]|$)/ },
  { bit: HintBit.SOCIAL, pattern: /(^|[^a-z])(share|sharing|social|follow|tweet|facebook|twitter|linkedin|whatsapp)([^a-z]|$)/ },
  { bit: HintBit.RELATED, pattern: /(related|recommend|popular|trending|more-?stories|outbrain|taboola|most-?read|also-?like)/ },
  { bit: HintBit.COMMENT, pattern: /(comment|discuss|disqus|replies|reply)/ },
  { bit: HintBit.AD,
    pattern: /(^|[^a-z])(ad|ads|adv|advert|advertisement|adsense|sponsor(ed)?|promo|dfp|banner-ad|ad-slot|gpt)([^a-z]|$)/ },
  { bit: HintBit.OVERLAY, pattern: /(cookie|consent|gdpr|newsletter|subscribe|signup|modal|popup|overlay|paywall)/ },
];

const CONTENT_PATTERN = /(^|[^a-z])(article|content|post|entry|story|main|body|text|prose|blog-post|hentry)([^a-z]|$)/;

/** The well-known names of an article's body container (WordPress, news CMSs, Markdown renderers). */
const ARTICLE_BODY_PATTERN = new RegExp('^(entry-content|post-content|article-content|article-body|articlebody|' +
  'article__body|article__content|story-body|story-content|post-body|post-entry|entry-body|content-body|' +
  'single-content|td-post-content|markdown-body|rich-text|richtext|prose|theme-post-content|blog-post-content|' +
  'post__content|entry__content|c-article-body|article-text|story-text|body-text|text-content)$');

/** The heading block of a story, which names "header" or "title" but is the story's own. */
const ARTICLE_HEAD_PATTERN = /^(entry|post|article|story|single|blog-post|page)[-_]{1,2}(header|head|title|headline|meta|byline)$|^(headline|entry-title|post-title|article-title|theme-post-title)$/;

/**
 * Tokens that style rather than name (Tailwind/Bootstrap utilities, icon fonts, state flags), skipped. A token is a
 * utility when it starts with one of these words followed by `-`, `_` or `:`.
 */
const UTILITY_TOKEN = new RegExp('^(text|bg|font|justify|align|items|self|place|flex|grid|col|gap|order|border|' +
  'rounded|shadow|opacity|fa|fas|far|fab|icon|icons|btn|button|is|has|sm|md|lg|xl|2xl|hover|focus|dark|d|m[trblxy]?|' +
  'p[trblxy]?|w|h|min|max|screen-reader|sr|visually|u|js-unpinned|wp-image|size|aligncenter|alignleft|alignright|' +
  'hs_cos_wrapper|wt-cli|elementor-widget(?=__|$))([-_:]|$)');

/** In-content components whose header or footer is their own, not the page's (a table's header, a card's footer). */
const COMPONENT_PART = /^(section|accordion|card|modal|table|block|list|tab|panel|product|comment|message|dialog|box|item)[-_]+(header|footer)/;

/** Framework prefixes stripped before matching: the rest of the token is the part's own name. */
const FRAMEWORK_PREFIX = /^(elementor-widget-|elementor-location-|elementor-|wp-block-|et_pb_|fl-|vc_|ast-|kadence-|gb-)/;

/** Parts hinted by itemprop (schema.org microdata). */
const ITEMPROP_BODY = /^(articlebody|reviewbody|text|description)$/;

export const ROLE_HINTS: Readonly<Record<string, number>> = {
  navigation: HintBit.NAV,
  menu: HintBit.NAV,
  menubar: HintBit.NAV,
  banner: HintBit.HEADER,
  contentinfo: HintBit.FOOTER,
  complementary: HintBit.SIDEBAR,
  main: HintBit.ROLE_MAIN | HintBit.CONTENT,
  article: HintBit.CONTENT,
  dialog: HintBit.OVERLAY,
  alertdialog: HintBit.OVERLAY,
};

/**
 * Tokens already read. Capture reads every element's classes, and a page repeats the same few hundred tokens
 * thousands of times: reading each once takes the names' cost from ≈ 2.3 µs to a lookup per element. Bounded, so a
 * page that generates unique class names cannot grow it without end.
 */
const tokenCache = new Map<string, number>();
const TOKEN_CACHE_MAX = 10_000;

/** Hint bits for one class or id token (lower-cased). */
export function hintBitsOfToken(raw: string): number {
  const cached = tokenCache.get(raw);
  if (cached !== undefined) return cached;
  if (tokenCache.size >= TOKEN_CACHE_MAX) tokenCache.clear();
  const bits = readToken(raw);
  tokenCache.set(raw, bits);
  return bits;
}

function readToken(raw: string): number {
  if (!raw || UTILITY_TOKEN.test(raw)) return 0;
  const token = raw.replace(FRAMEWORK_PREFIX, '');
  if (!token) return 0;
  if (ARTICLE_BODY_PATTERN.test(token)) return HintBit.ARTICLE_BODY | HintBit.CONTENT;
  if (ARTICLE_HEAD_PATTERN.test(token)) return HintBit.ARTICLE_HEAD;
  let bits = 0;
  // Indexed loops, here and in hintBitsFor: `for…of` and array destructuring go through the iterator protocol, which
  // the interpreter (where a page's first capture runs) pays for on every step of every new token.
  for (let k = 0; k < CHROME_PATTERNS.length; k++) {
    const { bit, pattern } = CHROME_PATTERNS[k];
    if (pattern.test(token)) bits |= bit;
  }
  if (COMPONENT_PART.test(token)) bits &= ~(HintBit.HEADER | HintBit.FOOTER);
  if (bits === 0 && CONTENT_PATTERN.test(token)) bits = HintBit.CONTENT;
  return bits;
}

/** Hint bits for one element from its role, class and id (all lower-cased by the caller) and itemprop. */
export function hintBitsFor(role: string, classAndId: string, ariaHidden: boolean, itemprop = ''): number {
  // Own keys only: a role of "constructor" or "toString" found Object's methods, not 0.
  let bits = Object.hasOwn(ROLE_HINTS, role) ? ROLE_HINTS[role] : 0;
  if (classAndId) {
    const tokens = classAndId.split(/\s+/);
    for (let k = 0; k < tokens.length; k++) bits |= hintBitsOfToken(tokens[k]);
  }
  if (itemprop && itemprop.split(/\s+/).some((p) => ITEMPROP_BODY.test(p))) bits |= HintBit.ARTICLE_BODY | HintBit.CONTENT;
  if (ariaHidden) bits |= HintBit.HIDDEN_A11Y;
  return bits;
}
