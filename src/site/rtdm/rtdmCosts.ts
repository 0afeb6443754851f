/**
 * Edit costs of RTDM-TD (§3: "it is common to associate a unit cost to all operations, although specific
 * applications may require the assignment of distinct costs"). Mapping a node to one with the same label costs
 * nothing; `replace` is paid for a mapped pair whose labels differ.
 */
export interface RtdmCosts {
  readonly insert: number;
  readonly delete: number;
  readonly replace: number;
}

export const UNIT_COSTS: RtdmCosts = { insert: 1, delete: 1, replace: 1 };

/** Fills missing costs with 1 and rejects negative or non-finite ones (the DP's minima assume costs ≥ 0). */
export function rtdmCosts(costs: Partial<RtdmCosts> = {}): RtdmCosts {
  const out = { ...UNIT_COSTS, ...costs };
  for (const [name, value] of Object.entries(out)) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`rtdm: ${name} cost must be finite and ≥ 0, got ${value}`);
  }
  return out;
}
