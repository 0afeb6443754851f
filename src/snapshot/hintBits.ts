/**
 * What an element's role, class and id say about it. Real pages name their parts ("nav", "footer", "related"),
 * and these names are strong evidence on the open web; they are features, never rules.
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
} as const;

export const HINT_PATTERNS: ReadonlyArray<readonly [number, RegExp]> = [
  [HintBit.NAV, /(^|[^a-z])(nav|navbar|navigation|menu|breadcrumbs?|pagination|pager|topics?-list|tabs)([^a-z]|$)/],
  [HintBit.HEADER, /(^|[^a-z])(header|masthead|topbar|top-bar|site-head|branding|logo)([^a-z]|$)/],
  [HintBit.FOOTER, /(^|[^a-z])(footer|foot|copyright|legal|colophon|bottom)([^a-z]|$)/],
  [HintBit.SIDEBAR, /(^|[^a-z])(sidebar|side-bar|aside|widgets?|rail|right-col|left-col|secondary)([^a-z]|$)/],
  [HintBit.SOCIAL, /(^|[^a-z])(share|sharing|social|follow|tweet|facebook|twitter|linkedin|whatsapp)([^a-z]|$)/],
  [HintBit.RELATED, /(related|recommend|popular|trending|more-?stories|read-?more|outbrain|taboola|most-?read|also-?like)/],
  [HintBit.COMMENT, /(comment|discuss|disqus|replies|reply)/],
  [HintBit.AD, /(^|[^a-z])(ad|ads|adv|advert|advertisement|adsense|sponsor(ed)?|promo|dfp|banner-ad|ad-slot|gpt)([^a-z]|$)/],
  [HintBit.CONTENT, /(^|[^a-z])(article|content|post|entry|story|main|body|text|prose|blog-post|hentry)([^a-z]|$)/],
  [HintBit.OVERLAY, /(cookie|consent|gdpr|newsletter|subscribe|signup|modal|popup|overlay|paywall)/],
];

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

/** Hint bits for one element from its role, class and id (all lower-cased by the caller). */
export function hintBitsFor(role: string, classAndId: string, ariaHidden: boolean): number {
  let bits = ROLE_HINTS[role] ?? 0;
  if (classAndId) for (const [bit, re] of HINT_PATTERNS) if (re.test(classAndId)) bits |= bit;
  if (ariaHidden) bits |= HintBit.HIDDEN_A11Y;
  return bits;
}
