import type { GoldAlignmentOptions } from '../../eval/goldAlignment.ts';
import type { AlignmentAgreement } from './goldLabelling.ts';
import type { HeldOutSet, Measurement, VariantResult } from './variantFit.ts';

/** A set of weights shown in the per-source tables: a fit of this run, or weights read from a file (the shipped ones). */
export interface ComparedModel {
  name: string;
  measurement: Measurement;
}

export function fitName(r: VariantResult): string {
  return `${r.variant} (${r.weighting})`;
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '–');

/**
 * Node AUC and F1 of the classifier alone on every held-out set, one column per model: what a change of labels (or
 * of weights) buys on each source and wcxb-dev page type, measured on sites none of them was trained on.
 */
export function heldOutSourcesSection(sets: HeldOutSet[], models: ComparedModel[]): string {
  const head = (cells: string[]) => `| held-out set | labels | pages | nodes (template) | ${cells.join(' | ')} |\n` +
    `| --- | --- | --- | --- | ${cells.map(() => '---').join(' | ')} |`;
  const lead = (s: HeldOutSet) => `| ${s.name} | ${s.labelledBy} | ${s.rows.pages} | ${s.rows.labels.length} ` +
    `(${s.rows.labels.reduce((n, l) => n + l, 0)})`;
  const auc = sets.map((s, k) => `${lead(s)} | ${models.map((m) => f3(m.measurement.heldOut[k].auc)).join(' | ')} |`);
  const f = sets.map((s, k) => `${lead(s)} | ${models.map((m) => {
    const e = m.measurement.heldOut[k];
    return `${f3(e.f1)} / ${f3(e.contentF1)}`;
  }).join(' | ')} |`);
  return `## Held-out sites per source, classifier alone

Each dataset's own site split: L3S-GN1 and Dragnet by FNV-1a of the site at their hold-out percent, wcxb-dev by its
fixed split (40% of hosts); no model here was trained on these sites. L3S is measured against people's labels, Dragnet
and wcxb-dev against the gold-aligned labels (below); pages whose gold is mostly missing from the rendered page are
left out. Node counts are the classified nodes (≥ 2000 px², not hidden) with a label.

ROC AUC:

${head(models.map((m) => m.name))}
${auc.join('\n')}

F1 of the template class / F1 of the content class, threshold 0.5:

${head(models.map((m) => m.name))}
${f.join('\n')}

Held-out L3S sites, 000 §6.1 after smoothing (c = 0.01, threshold 0.5), Text F / anchor-text F / links F:

| ${models.map((m) => m.name).join(' | ')} |
| ${models.map(() => '---').join(' | ')} |
| ${models.map((m) => {
    const t = m.measurement.templateEval.find((r) => r.method === 'PageLevel Smooth')!;
    return `${f3(t.text.f)} / ${f3(t.anchorText.f)} / ${f3(t.links.f)}`;
  }).join(' | ')} |`;
}

export interface GoldLabelSummary {
  options: GoldAlignmentOptions;
  minGoldFound: number;
  /** Training and held-out pages labelled, per source. */
  pages: { dragnetTrain: number; dragnetTest: number; wcxbTrain: number; wcxbTest: number };
  skipped: Array<{ id: string; reason: string }>;
  agreement: AlignmentAgreement;
}

export function goldLabelSection(g: GoldLabelSummary): string {
  const o = g.options;
  const a = g.agreement;
  const skipped = g.skipped.length
    ? `${g.skipped.length} pages left out (${g.skipped.map((s) => s.id).join(', ')})`
    : 'no page left out';
  return `## Gold-aligned labels (Dragnet, wcxb-dev)

Dragnet's gold/N.txt (people's text of the article, user comments included: L3S counts comments as content too) and
wcxb-dev's articleBody are plain texts, aligned with the rendered page by src/eval/goldAlignment.ts. Both become
lower-cased Unicode word tokens; a page token is gold when a ${o.shingleSize}-token shingle that covers it is in the
gold's shingle multiset. The gold's shingles are used up: a shingle the gold has once is matched once, on the page
position with the most matching shingles within ${o.window} positions (ties: document order), so a title echoed by a
breadcrumb or a "related" list is not content. Each token counts for the node whose own text holds it; a node is
template when at most ${Math.round(o.templateAtMost * 100)}% of its subtree's tokens are gold (L3S's rule: ≥ 85% of
the text is not content), content from ${Math.round(o.contentAtLeast * 100)}% on, and unlabelled in between or
without text. A page is left out when less than ${Math.round(g.minGoldFound * 100)}% of its gold's tokens are found on
it (its text came from a script, or the gold is another version of the page).

- Labelled pages: Dragnet ${g.pages.dragnetTrain} training / ${g.pages.dragnetTest} held out, wcxb-dev ` +
    `${g.pages.wcxbTrain} training / ${g.pages.wcxbTest} held out; ${skipped}
- Check on L3S (${a.pages} training pages, the gold being the text people marked as content, innermost span of class
  1/2/3/5): the alignment labels ${a.bothNodes} of the ${a.humanNodes} classified nodes people labelled and agrees with
  people on ${f3(a.agreement)} of them. The gold has the page's exact wording here, so this bounds the alignment from
  above; real gold texts differ from the page in small ways.`;
}
