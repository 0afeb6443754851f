/**
 * Short words for the model's features (src/features/featureSchema.ts), as inspect mode's card names the ones that
 * pushed a score. A feature without an entry is named from its id (camelCase split), so a new feature still reads.
 */
const WORDS: Record<string, string> = {
  marginLeftFraction: 'left margin', marginRightFraction: 'right margin', marginTopScreens: 'distance from top',
  marginBottomScreens: 'distance from bottom', marginNearestFraction: 'nearest page edge',
  linksPerWord: 'links per word', anchorTextFraction: 'link text share', anchorSizeLog: 'link text length',
  intraSiteLinkFraction: 'links within the site', hasLinks: 'has links', textToHtmlRatio: 'text to markup',
  areaFraction: 'share of page area', areaLog: 'area', widthFraction: 'width', heightScreens: 'height',
  centerOffsetX: 'off centre', centerYScreens: 'height on page', wordsLog: 'words', pageTextFraction: 'share of page text',
  titleWordDensity: 'title words', titleWordsCovered: 'title covered', depthLog: 'depth', childCountLog: 'children',
  positionFixedOrSticky: 'fixed or sticky', bold: 'bold', fontSizeRelative: 'font size', hasBackground: 'background',
  isBlock: 'block', tagNavHeaderFooterAside: 'nav/header/footer tag', tagArticleMain: 'article/main tag',
  tagList: 'list tag', tagHeading: 'heading tag', tagParagraph: 'paragraph tag', tagForm: 'form tag',
  insideNavHeaderFooterAside: 'inside nav/header/footer', insideArticleMain: 'inside article/main',
  hintNav: 'named nav', hintHeaderFooter: 'named header/footer', hintSidebar: 'named sidebar',
  hintSocialRelatedAd: 'named social/related/ad', hintComment: 'named comment', hintContent: 'named content',
  hintOverlay: 'named overlay', insideHintNav: 'inside named nav', insideHintHeaderFooter: 'inside named header/footer',
  insideHintSidebar: 'inside named sidebar', insideHintSocialRelatedAd: 'inside named social/ad',
  insideHintComment: 'inside named comment', insideHintContent: 'inside named content',
  textPosition: 'place in page text', ownWordsLog: 'own words', ownAnchorFraction: 'own link text share',
  punctuationPerWord: 'punctuation', prevSiblingAnchorFraction: 'previous sibling links',
  nextSiblingAnchorFraction: 'next sibling links', prevSiblingWordsLog: 'previous sibling words',
  nextSiblingWordsLog: 'next sibling words', parentAnchorFraction: 'parent link text share',
  sameTagSiblingsLog: 'repeated siblings', hintArticleBody: 'named article body',
  insideHintArticleBody: 'inside article body', hintArticleHead: 'named article heading',
};

export function featureWords(feature: string): string {
  return WORDS[feature] ?? feature.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
