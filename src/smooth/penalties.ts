/**
 * γᵢ = c·A/Aᵢ (000 §5.3): starting a segment at a small node costs more than at a large one, so small boxes follow
 * their surroundings unless their classifier scores say otherwise strongly. A is the page's area, Aᵢ the node's.
 * Areas (A too) are taken as at least minArea and 1 px², so that a box without area gets a large but finite
 * penalty, and a page whose root has no area still gets positive ones.
 */
export function areaPenalties(nodeAreas: ArrayLike<number>, pageArea: number, penaltyFactor: number, minArea: number):
  Float64Array {
  if (!(penaltyFactor >= 0) || !Number.isFinite(penaltyFactor)) {
    throw new Error(`penalty factor must be a finite number ≥ 0, got ${penaltyFactor}`);
  }
  if (!(pageArea >= 0) || !Number.isFinite(pageArea)) {
    throw new Error(`page area must be a finite number ≥ 0, got ${pageArea}`);
  }
  const floor = Math.max(minArea, 1);
  const a = Math.max(pageArea, floor);
  // "Not ≥" keeps NaN areas at the floor too.
  return Float64Array.from(nodeAreas, (ai) => (penaltyFactor * a) / (ai >= floor ? ai : floor));
}
