import { crossing, type Breakpoints } from './breakpoints.ts';

/*
 * Why a node's cost function stays small, and why this is exact (the property tests check it against the dense
 * table and brute force): between two consecutive scores of c's subtree, f_c is concave (by induction: |x − v| is
 * linear there, and each child adds the minimum of a concave function and a constant). So when c's parent has
 * value v,
 *  - a new segment is best placed at a subtree score: any other score u > v lies in a concave piece, so f_c(u) is at
 *    least min(f_c(v), f_c(next subtree score)), and staying at v costs f_c(v) without the penalty;
 *  - g_c(v) = min(f_c(v), γ_c + M_c(v)), with M_c(v) = the least f_c over subtree scores > v, constant on each
 *    piece; min(concave, constant) adds at most two crossing points per piece, and g_c is continuous.
 */

/** The cost of a new segment on each piece of f = f[start, end), and where that segment would go. */
export interface NewSegmentCosts {
  /** cost[i − start]: γ + the least f over the subtree scores strictly above at[i], Infinity if there are none. */
  cost: Float64Array;
  /** target[i − start]: the score achieving that least f (the smallest such on ties), NaN if there is none. */
  target: Float64Array;
}

/** Fills `out` for f[start, end) and penalty γ; out's arrays must hold at least end − start entries. */
export function fillNewSegmentCosts(f: Breakpoints, start: number, end: number, penalty: number,
  out: NewSegmentCosts): void {
  const { at, value, isScore } = f;
  const { cost, target } = out;
  let best = Infinity;
  let bestAt = NaN;
  for (let i = end - 1; i >= start; i--) {
    cost[i - start] = penalty + best;
    target[i - start] = bestAt;
    // "<=" going leftwards: on ties the smallest score wins, which is the one nearest the parent's value.
    if (isScore[i] && value[i] <= best) {
      best = value[i];
      bestAt = at[i];
    }
  }
}

/**
 * Appends g_c to dst: the least cost of c's subtree, c's own penalty included, as a function of the value of c's
 * parent, given f_c = f[start, end) and its new-segment costs. Its breakpoints are f_c's, less those inside a flat
 * stretch, plus the crossings of f_c with the new-segment cost. Returns whether f_c rises above that cost anywhere
 * (f_c is linear between breakpoints, so at a breakpoint or at the next one on a piece): where it does not, the node
 * never starts a segment and has no ranges to find. `above`, if given, receives the first and last breakpoint where
 * it does, so that the search for ranges can skip the rest.
 */
export function appendCostGivenParent(dst: Breakpoints, f: Breakpoints, start: number, end: number,
  newCost: Float64Array, above?: AboveCost): boolean {
  const { at, value, isScore } = f;
  // Every breakpoint with value min(f, constant), plus each crossing strictly inside a piece (a crossing that
  // rounding puts onto a breakpoint is left out: f is within a few ulps of the constant there anyway). Inside a flat
  // stretch (three equal values in a row) the middle breakpoint says nothing and is overwritten by the next one, so
  // that the breakpoints below flat stretches do not pile up towards the root. A score inside goes too when the cap
  // set its value: g is then the same constant on both sides of it (f is above the cap there, so the constant does
  // not change at it), every ancestor's f stays concave between the scores that are left (see the top of this file),
  // and a segment there costs what staying or one at a score beside it costs, a tie at most. A score where g is f
  // stays even in a flat stretch: equal values of f may be rounding's (a slope times a denormal distance), with a
  // real kink at the score that only the score keeps.
  dst.reserve(2 * (end - start));
  const outAt = dst.at;
  const outValue = dst.value;
  const outScore = dst.isScore;
  const first = dst.length;
  let n = first;
  let firstAbove = end;
  let lastAbove = -1;
  // Whether the breakpoint at n − 1 took the new-segment cost rather than f's value (a crossing counts as such).
  let lastCapped = false;
  for (let i = start; i < end; i++) {
    const c = newCost[i - start];
    const v = value[i];
    if (v > c) {
      if (i < firstAbove) firstAbove = i;
      lastAbove = i;
    }
    // At a score the constant changes, but min(v, c) is the same with the constant of the piece to its left: that
    // constant is γ + min(v, c − γ), and γ ≥ 0.
    const capped = v <= c ? v : c;
    if (n - first >= 2 && outValue[n - 1] === capped && outValue[n - 2] === capped &&
      (!outScore[n - 1] || lastCapped)) {
      n--;
    }
    outAt[n] = at[i];
    outValue[n] = capped;
    outScore[n++] = isScore[i];
    lastCapped = v > c;
    if (i + 1 < end) {
      const next = value[i + 1];
      if (next > c) {
        if (i + 1 < firstAbove) firstAbove = i + 1;
        lastAbove = i + 1;
      }
      if ((v < c && next > c) || (v > c && next < c)) {
        const q = crossing(at[i], v, at[i + 1], next, c);
        if (q > at[i] && q < at[i + 1]) {
          if (n - first >= 2 && outValue[n - 1] === c && outValue[n - 2] === c && (!outScore[n - 1] || lastCapped)) {
            n--;
          }
          outAt[n] = q;
          outValue[n] = c;
          outScore[n++] = 0;
          lastCapped = true;
        }
      }
    }
  }
  dst.length = n;
  if (above !== undefined) {
    above.first = firstAbove;
    above.last = lastAbove;
  }
  return lastAbove >= 0;
}

/** The breakpoints of f_c from `first` to `last` are those where f_c rises above the new-segment cost. */
export interface AboveCost {
  first: number;
  last: number;
}
