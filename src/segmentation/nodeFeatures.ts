/**
 * What paper 003 §4.3 calls node features, for the nodes of a segmentation tree: visual ones (position on the rendered
 * page, shape, font, bold, background) and content ones (text amount and density, fraction of text in links, tag and
 * class-name hints). Each is scaled to roughly [0, 1] so that one metric over them (Dp, learned) and differences
 * between two nodes (Vpq's inputs) are comparable across pages of any size.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { StyleBit } from '../snapshot/styleBits.ts';
import { HintBit } from '../snapshot/hintBits.ts';
import { TAG } from '../snapshot/tags.ts';

export const NODE_FEATURES = [
  'centreX', 'centreY', 'width', 'height', 'aspect', 'logText', 'textDensity', 'linkDensity', 'fontSize', 'depth',
  'bold', 'background', 'positioned', 'heading', 'list', 'link', 'media', 'form', 'chromeHint', 'contentHint',
  'templateness',
] as const;

export const NODE_FEATURE_COUNT = NODE_FEATURES.length;

const HEADINGS = new Set<number>([TAG.H1, TAG.H2, TAG.H3, TAG.H4, TAG.H5, TAG.H6]);
const LISTS = new Set<number>([TAG.UL, TAG.OL, TAG.LI, TAG.DL, TAG.DT, TAG.DD, TAG.MENU]);
const MEDIA = new Set<number>([TAG.IMG, TAG.PICTURE, TAG.FIGURE, TAG.VIDEO, TAG.AUDIO, TAG.SVG, TAG.CANVAS,
  TAG.IFRAME, TAG.OBJECT, TAG.EMBED]);
const FORMS = new Set<number>([TAG.FORM, TAG.INPUT, TAG.BUTTON, TAG.SELECT, TAG.TEXTAREA, TAG.LABEL]);
const CHROME = HintBit.NAV | HintBit.HEADER | HintBit.FOOTER | HintBit.SIDEBAR | HintBit.SOCIAL | HintBit.RELATED |
  HintBit.AD | HintBit.OVERLAY | HintBit.COMMENT;
const CONTENT = HintBit.CONTENT | HintBit.ARTICLE_BODY | HintBit.ARTICLE_HEAD | HintBit.ROLE_MAIN;

/**
 * Row-major features, `NODE_FEATURE_COUNT` per node of `nodes` (page node indices). `scores`, the templateness
 * classifier's per page node (paper 000), is the one semantic feature: where it changes, a segment likely ends. Without
 * it every node gets 0.5, undecided.
 */
export function nodeFeatures(s: PageSnapshot, nodes: ArrayLike<number>, scores?: ArrayLike<number>): Float64Array {
  const d = NODE_FEATURE_COUNT;
  const out = new Float64Array(nodes.length * d);
  const pageWidth = Math.max(1, s.page.width, s.viewport.width);
  const pageHeight = Math.max(1, s.page.height);
  let maxDepth = 1;
  for (let k = 0; k < nodes.length; k++) maxDepth = Math.max(maxDepth, s.depth[nodes[k]]);
  for (let k = 0; k < nodes.length; k++) {
    const i = nodes[k];
    const x = s.rect[4 * i];
    const y = s.rect[4 * i + 1];
    const w = Math.max(0, s.rect[4 * i + 2]);
    const h = Math.max(0, s.rect[4 * i + 3]);
    const chars = s.textChars[i];
    const style = s.style[i];
    const hints = s.hints[i];
    const tag = s.tag[i];
    const row = k * d;
    out[row] = clamp01((x + w / 2) / pageWidth);
    out[row + 1] = clamp01((y + h / 2) / pageHeight);
    out[row + 2] = clamp01(w / pageWidth);
    out[row + 3] = Math.log1p(h) / Math.log1p(Math.max(pageHeight, 2));
    // log(w/h) squashed to (0, 1): 0.5 is square, a wide bar tends to 1, a narrow column to 0.
    out[row + 4] = 1 / (1 + Math.exp(-Math.log((w + 1) / (h + 1)) / 2));
    out[row + 5] = Math.min(1, Math.log1p(chars) / 10);
    // Characters per 1000 px²: body text sits around 1–5, a picture or an empty banner near 0.
    out[row + 6] = Math.min(1, Math.log1p((1000 * chars) / Math.max(1, w * h)) / 3);
    out[row + 7] = chars > 0 ? Math.min(1, s.anchorChars[i] / chars) : 0;
    out[row + 8] = s.fontSize[i] > 0 ? Math.min(1, s.fontSize[i] / 48) : 1 / 3;
    out[row + 9] = s.depth[i] / maxDepth;
    out[row + 10] = style & StyleBit.BOLD ? 1 : 0;
    out[row + 11] = style & StyleBit.BACKGROUND ? 1 : 0;
    out[row + 12] = style & (StyleBit.POSITION_FIXED | StyleBit.POSITION_STICKY | StyleBit.POSITION_ABSOLUTE) ? 1 : 0;
    out[row + 13] = HEADINGS.has(tag) ? 1 : 0;
    out[row + 14] = LISTS.has(tag) ? 1 : 0;
    out[row + 15] = tag === TAG.A ? 1 : 0;
    out[row + 16] = MEDIA.has(tag) ? 1 : 0;
    out[row + 17] = FORMS.has(tag) ? 1 : 0;
    out[row + 18] = hints & CHROME ? 1 : 0;
    out[row + 19] = hints & CONTENT ? 1 : 0;
    out[row + 20] = scores ? clamp01(scores[i]) : 0.5;
  }
  return out;
}

function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}
