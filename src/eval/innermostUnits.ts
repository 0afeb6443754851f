/**
 * Human labels come as labelled units (L3S's annotated spans), and units nest: L3S wraps spans in spans, often three
 * deep and sometimes with another class inside. A node's text belongs to the innermost unit around it, and each piece
 * of text is counted once: both what the evaluation measures and what the trainer learns from are built on these two.
 */

/** Each node's label from the innermost unit around it, itself included; -1 outside every unit. */
export function innermostUnitLabels(parent: ArrayLike<number>, unitLabel: ArrayLike<number>): Int8Array {
  const label = Int8Array.from(unitLabel, (v) => (v < 0 ? -1 : v));
  // Parents come before children, so one forward pass hands every label down to the units' descendants.
  for (let i = 1; i < label.length; i++) if (label[i] < 0) label[i] = label[parent[i]];
  return label;
}
