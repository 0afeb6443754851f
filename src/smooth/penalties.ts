/** The paper's smoothing parameters (000 §5.3): c = 0.01, and nodes under 2000 px² are hidden. */
export const SMOOTHING_DEFAULTS = { penaltyFactor: 0.01, minArea: 2000 } as const;

/** Why `c` cannot be a penalty factor (any finite number ≥ 0 can), or null when it can: the one rule for c. */
export function penaltyFactorProblem(c: unknown): string | null {
  return typeof c === 'number' && c >= 0 && Number.isFinite(c) ? null
    : `the penalty must be a finite number ≥ 0, got ${String(c)}`;
}

/**
 * γᵢ = c·A/Aᵢ (000 §5.3): starting a segment at a small node costs more than at a large one, so small boxes follow
 * their surroundings unless their classifier scores say otherwise strongly. A is the page's area, Aᵢ the node's.
 * Areas (A too) are taken as at least minArea and 1 px², so that a box without area gets a large but finite
 * penalty, and a page whose root has no area still gets positive ones.
 */
export function areaPenalties(nodeAreas: ArrayLike<number>, pageArea: number, penaltyFactor: number, minArea: number):
  Float64Array {
  const problem = penaltyFactorProblem(penaltyFactor);
  if (problem) throw new Error(problem);
  if (!(pageArea >= 0) || !Number.isFinite(pageArea)) {
    throw new Error(`page area must be a finite number ≥ 0, got ${pageArea}`);
  }
  const floor = Math.max(minArea, 1);
  const a = Math.max(pageArea, floor);
  // "Not ≥" keeps NaN areas at the floor too.
  return Float64Array.from(nodeAreas, (ai) => (penaltyFactor * a) / (ai >= floor ? ai : floor));
}
