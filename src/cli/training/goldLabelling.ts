import { DEFAULT_GOLD_ALIGNMENT, goldNodeLabels, ownedTokens, type GoldAlignmentOptions } from '../../eval/goldAlignment.ts';
import { innermostUnitLabels } from '../../eval/innermostUnits.ts';
import { L3S_CONTENT_CLASSES } from '../../eval/l3sClasses.ts';
import { tokenize } from '../../eval/shingles.ts';
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import type { GoldPage } from '../datasets/goldPages.ts';
import { classifiedNodes } from '../evaluation/classifiedNodes.ts';

/** A captured gold page with its node labels from the alignment. */
export interface GoldLabelledPage {
  page: GoldPage;
  snapshot: PageSnapshot;
  labels: Int8Array;
  /** Share of the gold's tokens that were found on the rendered page (at most 1). */
  goldFound: number;
}

/**
 * A gold that the rendered page mostly lacks (its text was loaded by a script the saved page cannot run, or the gold
 * describes another version of the page) would make every node template: such pages are left out, of training and
 * of measuring alike.
 */
export const MIN_GOLD_FOUND = 0.5;

export function labelGoldPages(pages: Array<{ page: GoldPage; snapshot: PageSnapshot }>,
  options: GoldAlignmentOptions = DEFAULT_GOLD_ALIGNMENT, minGoldFound = MIN_GOLD_FOUND):
  { labelled: GoldLabelledPage[]; skipped: Array<{ id: string; reason: string }> } {
  const labelled: GoldLabelledPage[] = [];
  const skipped: Array<{ id: string; reason: string }> = [];
  for (const { page, snapshot } of pages) {
    const goldTokens = tokenize(page.gold).length;
    if (goldTokens === 0) {
      skipped.push({ id: page.id, reason: 'empty gold text' });
      continue;
    }
    const r = goldNodeLabels(snapshot, page.gold, options);
    const goldFound = Math.min(1, r.goldTokens[0] / goldTokens);
    if (goldFound < minGoldFound) {
      skipped.push({ id: page.id, reason: `only ${(100 * goldFound).toFixed(0)}% of the gold text is on the rendered page` });
      continue;
    }
    labelled.push({ page, snapshot, labels: r.labels, goldFound });
  }
  return { labelled, skipped };
}

/**
 * The text of an L3S page that people marked as content (innermost span of class 1, 2, 3 or 5), with a line break
 * wherever other text came between. Aligned back onto the same page it checks the alignment against the human labels.
 */
export function l3sContentText(snapshot: PageSnapshot, spans: Int8Array): string {
  const cls = innermostUnitLabels(snapshot.parent, spans);
  const { tokens, owner } = ownedTokens(snapshot);
  let text = '';
  let inContent = false;
  tokens.forEach((t, k) => {
    const content = owner[k] >= 0 && L3S_CONTENT_CLASSES.includes(cls[owner[k]]);
    if (content) text += `${inContent ? ' ' : '\n'}${t}`;
    inContent = content;
  });
  return text;
}

export interface AlignmentAgreement {
  pages: number;
  /** Classified nodes with a human label. */
  humanNodes: number;
  /** Of those, the ones the alignment labels too (not left in the mixed band). */
  bothNodes: number;
  /** Share of `bothNodes` on which the two labels agree. */
  agreement: number;
}

/**
 * How the gold alignment's labels compare with people's on L3S pages, when the gold is the text people marked as
 * content: a check of the alignment and its thresholds (the gold here has exactly the page's wording, so this is
 * the best the alignment can do; real gold texts differ from the page in small ways).
 */
export function alignmentAgreement(pages: Array<{ snapshot: PageSnapshot; labels: Int8Array; spans: Int8Array }>,
  options: GoldAlignmentOptions = DEFAULT_GOLD_ALIGNMENT): AlignmentAgreement {
  let humanNodes = 0;
  let bothNodes = 0;
  let agree = 0;
  for (const p of pages) {
    const gold = goldNodeLabels(p.snapshot, l3sContentText(p.snapshot, p.spans), options).labels;
    for (const i of classifiedNodes(p.snapshot)) {
      if (p.labels[i] < 0) continue;
      humanNodes++;
      if (gold[i] < 0) continue;
      bothNodes++;
      if (gold[i] === p.labels[i]) agree++;
    }
  }
  return { pages: pages.length, humanNodes, bothNodes, agreement: agree / Math.max(1, bothNodes) };
}
