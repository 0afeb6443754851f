import { crossing, type Breakpoints } from './breakpoints.ts';
import type { AboveCost, NewSegmentCosts } from './givenParent.ts';
import { doubled } from '../util/doubled.ts';

/**
 * Ties keep the parent's value (fewer segments): a new segment must beat staying by this fraction of its cost,
 * which is far above rounding noise and far below any difference the objective can tell.
 */
export const RELATIVE_TIE = 1e-12;

/**
 * What the backtrack needs of each node instead of its whole cost function: the ranges of the parent's value in
 * which the node starts a segment of its own, and the score it then takes. Growable columns, one range per row;
 * a node's rows are consecutive and sorted.
 */
export class NewSegmentRanges {
  /** The node starts a segment when from[r] ≤ v < to[r], v being its parent's value, and takes target[r]. */
  from: Float64Array = new Float64Array(64);
  to: Float64Array = new Float64Array(64);
  target: Float64Array = new Float64Array(64);
  length = 0;

  /**
   * Adds a range, or extends the last one if it ends where this one starts with the same target and belongs to the
   * same node (index ≥ firstOfNode). Left of a big subtree's best score, every piece says "start a segment at that
   * score": one range, not one per piece, which would make the ranges as many as n × depth.
   */
  add(firstOfNode: number, from: number, to: number, target: number): void {
    const last = this.length - 1;
    if (last >= firstOfNode && this.to[last] === from && this.target[last] === target) {
      this.to[last] = to;
      return;
    }
    this.push(from, to, target);
  }

  push(from: number, to: number, target: number): void {
    if (this.length === this.from.length) {
      this.from = doubled(this.from);
      this.to = doubled(this.to);
      this.target = doubled(this.target);
    }
    this.from[this.length] = from;
    this.to[this.length] = to;
    this.target[this.length++] = target;
  }
}

/**
 * Appends the ranges of parent values for which a node with cost f = f[start, end) starts a segment: where f
 * exceeds the new-segment cost by more than the tie tolerance. f is concave on each piece between subtree scores
 * and the cost constant there, so that is at most one range per piece; the scan does not rely on it.
 */
export function appendNewSegmentRanges(out: NewSegmentRanges, f: Breakpoints, start: number, end: number,
  newSegment: NewSegmentCosts, aboveCost?: AboveCost): void {
  const { at, value, isScore } = f;
  const { cost: costs, target: targets } = newSegment;
  const first = out.length;
  // Only around the breakpoints where f rises above the new-segment cost (appendCostGivenParent found them; the
  // bar is higher still): from the one before the first, where f is below it, to the one after the last, where it
  // has come down below it again.
  const scanFrom = aboveCost === undefined ? start : Math.max(start, aboveCost.first - 1);
  const scanTo = aboveCost === undefined ? end : Math.min(end, aboveCost.last + 2);
  // The range being built: it starts at openFrom (NaN when none is open) and ends where f drops to the bar again.
  let openFrom = NaN;
  let openTarget = NaN;
  for (let i = scanFrom; i < scanTo; i++) {
    const cost = costs[i - start];
    const bar = cost + RELATIVE_TIE * cost;
    const above = value[i] > bar;
    // A score starts a piece with its own constant (the new-segment cost applies to parent values ≥ it).
    if (isScore[i] || i === scanFrom) {
      if (openFrom < at[i]) out.add(first, openFrom, at[i], openTarget);
      openFrom = above ? at[i] : NaN;
      openTarget = targets[i - start];
    }
    if (i + 1 === scanTo) break;
    const next = value[i + 1];
    if (above !== next > bar) {
      // Clamped (by `crossing`): a range must never reach into the next piece, where another target applies.
      const q = crossing(at[i], value[i], at[i + 1], next, bar);
      if (above) {
        if (openFrom < q) out.add(first, openFrom, q, openTarget);
        openFrom = NaN;
      } else {
        openFrom = q;
        openTarget = targets[i - start];
      }
    }
  }
  // NaN < x is false, so a range is only written when one is open (and not empty after rounding).
  if (openFrom < at[scanTo - 1]) out.add(first, openFrom, at[scanTo - 1], openTarget);
}

/** The backtrack step: a node's value when its parent has value v, given the node's rows [start, end) of `ranges`. */
export function valueGivenParent(ranges: NewSegmentRanges, start: number, end: number, v: number): number {
  // The last range starting at or below v is the only one that can hold it.
  let lo = start;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ranges.from[mid] <= v) lo = mid + 1;
    else hi = mid;
  }
  const r = lo - 1;
  return r >= start && v < ranges.to[r] ? ranges.target[r] : v;
}
