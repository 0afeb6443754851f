/**
 * Human labels for captured nodes from L3S-GN1's annotated pages, where every text block is wrapped in
 * `<span class="x-nc-selN">`: 0 not content and 4 related content are template, 1 headline, 2 full text,
 * 3 supplemental and 5 user comments are not. A node is template when at least `templateShare` of its labelled
 * text is template (as 000 §5.1 does with 85% of a node's HTML), content otherwise, unknown with no labelled text.
 * Text belongs to the innermost span around it.
 */
import { L3S_CONTENT_CLASSES, L3S_TEMPLATE_CLASSES } from '../eval/l3sClasses.ts';
import { innermostUnitLabels } from '../eval/innermostUnits.ts';
import { ownShare } from '../snapshot/tree.ts';

/** The raw L3S class (0–5) of each node that is an annotated span, -1 elsewhere. */
export function l3sSpanClasses(elements: Element[]): Int8Array {
  const out = new Int8Array(elements.length).fill(-1);
  elements.forEach((el, i) => {
    const m = /(?:^|\s)x-nc-sel(\d)(?:\s|$)/.exec(el.getAttribute('class') ?? '');
    if (m) out[i] = Number(m[1]);
  });
  return out;
}

export function l3sNodeLabels(elements: Element[], parent: Int32Array, textChars: Uint32Array,
  templateShare = 0.85): Int8Array {
  const n = elements.length;
  // Spans nest (a content span inside a template one and the other way round): each piece of text counts once,
  // under the innermost span around it, as the evaluation counts it (src/eval/templateMeasures.ts).
  const unitLabel = Int8Array.from(l3sSpanClasses(elements), (c) =>
    L3S_TEMPLATE_CLASSES.includes(c) ? 1 : L3S_CONTENT_CLASSES.includes(c) ? 0 : -1);
  const label = innermostUnitLabels(parent, unitLabel);
  const own = ownShare(parent, textChars);
  const template = new Float64Array(n);
  const content = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (label[i] === 1) template[i] = own[i];
    else if (label[i] === 0) content[i] = own[i];
  }
  // Children come after parents, so one backward pass sums every subtree.
  for (let i = n - 1; i > 0; i--) {
    template[parent[i]] += template[i];
    content[parent[i]] += content[i];
  }
  const labels = new Int8Array(n);
  for (let i = 0; i < n; i++) {
    const total = template[i] + content[i];
    labels[i] = total === 0 ? -1 : template[i] >= templateShare * total ? 1 : 0;
  }
  return labels;
}
