/**
 * The feature schema. Model weights record the schema name, version and feature list they were trained on, and
 * loading refuses weights for another schema: change a feature here, bump the version and retrain.
 */
export const FEATURE_SCHEMA_NAME = 'winnow-node-features';
export const FEATURE_SCHEMA_VERSION = 3;

/** Feature names in column order. The paper's most discriminative ones come first (000 §5.2). */
export const FEATURE_NAMES = [
  // closeness to the page margins
  'marginLeftFraction', // distance from the left page edge / page width
  'marginRightFraction',
  'marginTopScreens', // log1p(distance from the page top in viewport heights)
  'marginBottomScreens', // log1p(distance from the page bottom in viewport heights)
  'marginNearestFraction', // min of the four distances, each as a fraction of the page side
  // links and anchors
  'linksPerWord',
  'anchorTextFraction',
  'anchorSizeLog', // log1p(mean anchor text characters per link)
  'intraSiteLinkFraction',
  'hasLinks',
  // visible characters / html length
  'textToHtmlRatio',
  // area and position
  'areaFraction',
  'areaLog', // log10(area px² + 1) / 7
  'widthFraction',
  'heightScreens', // log1p(height in viewport heights)
  'centerOffsetX', // |centre x − page centre| / page width
  'centerYScreens', // log1p(centre y in viewport heights)
  // text
  'wordsLog',
  'pageTextFraction', // this subtree's share of all page text
  'titleWordDensity', // words shared with the title / words
  'titleWordsCovered', // title word occurrences in the subtree / title words, capped at 1
  'depthLog',
  'childCountLog',
  // style
  'positionFixedOrSticky',
  'bold',
  'fontSizeRelative', // font size / body font size
  'hasBackground',
  'isBlock',
  // tags and names (own, then inherited from any ancestor)
  'tagNavHeaderFooterAside',
  'tagArticleMain',
  'tagList',
  'tagHeading',
  'tagParagraph',
  'tagForm',
  'insideNavHeaderFooterAside',
  'insideArticleMain',
  'hintNav',
  'hintHeaderFooter',
  'hintSidebar',
  'hintSocialRelatedAd',
  'hintComment',
  'hintContent',
  'hintOverlay',
  'insideHintNav',
  'insideHintHeaderFooter',
  'insideHintSidebar',
  'insideHintSocialRelatedAd',
  'insideHintComment',
  'insideHintContent',
  // v3: signals that hold with and without the page's CSS (boilerpipe-style block text statistics, document order,
  // the neighbourhood) and the names of an article's body and heading block
  'textPosition', // where the node's text starts in the page's text, 0 (first) … 1 (last): position without layout
  'ownWordsLog', // log1p(words outside child elements)
  'ownAnchorFraction', // anchor characters / characters, outside child elements
  'punctuationPerWord', // sentence punctuation (. , ; : ! ? and CJK ones) per word in the subtree, capped at 1
  'prevSiblingAnchorFraction',
  'nextSiblingAnchorFraction',
  'prevSiblingWordsLog',
  'nextSiblingWordsLog',
  'parentAnchorFraction',
  'sameTagSiblingsLog', // log1p(siblings with the same tag): records of a list repeat
  'hintArticleBody',
  'insideHintArticleBody',
  'hintArticleHead',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];

export const FEATURE_COUNT = FEATURE_NAMES.length;

export const FEATURE_INDEX = Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, i])) as Record<FeatureName, number>;

export const FEATURE_SCHEMA = {
  name: FEATURE_SCHEMA_NAME,
  version: FEATURE_SCHEMA_VERSION,
  features: FEATURE_NAMES as readonly string[],
};
