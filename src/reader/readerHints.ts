import { HintBit } from '../snapshot/hintBits.ts';

/**
 * Class/id/role names that say a part of the page is not the story (share bar, "related", ad, newsletter box…):
 * the reader never brings such a part back, whatever the smoothing or the article says.
 */
export const NOT_STORY = HintBit.NAV | HintBit.HEADER | HintBit.FOOTER | HintBit.SIDEBAR | HintBit.SOCIAL |
  HintBit.RELATED | HintBit.COMMENT | HintBit.AD | HintBit.OVERLAY | HintBit.HIDDEN_A11Y;
