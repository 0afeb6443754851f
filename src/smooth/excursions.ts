import { CurveTurns, type GridCurve } from './gridCurve.ts';
// The same tie rule as smoothTreeBySubtree's, so that both solvers give the same values and segments.
import { RELATIVE_TIE, type NewSegmentRanges } from './newSegmentRanges.ts';
import type { ExcursionBounds } from './excursionBounds.ts';

/*
 * Turning a node's cost f (its value → the least cost of its subtree) into g, the least cost given its parent's
 * value v: g(v) = min(f(v), γ + M(v)), M(v) the least f at a score above v (smoothDense says this is the dynamic
 * program of 000 §4). Let F(v) be the least f at or right of v. Where f = F, g = f. Elsewhere f makes an
 * excursion: it leaves a level L at some point a, and comes back down to L at a score b, the first right of a where
 * f is least; F = M = L on (a, b), so g = min(f, L + γ) there: the excursion is capped γ above its level, and a
 * parent valued in (a, b) where f > L + γ is better off with this node starting a segment at b.
 *
 * f turns only a few times on page trees, whatever its size, so the walk goes from turn to turn, right to left:
 * the turns are listed first, in one pass over a KinkTree that shares the descents to them (CurveTurns), and the
 * crossing of a level on a monotone stretch and a cap cost a descent of the tree each, O(log m) steps and a loop over
 * one leaf's few kinks (kinkTree.ts). Cut off by a cap, kinks do not come back, so a node's work is its turns, its
 * caps and the kinks they remove.
 */

/** Scratch of the walk: an excursion's turns, right to left, and the stretches above a level. */
class Excursion {
  tops: number[] = [];
  topValues: number[] = [];
  topCount = 0;
  bottoms: number[] = [];
  bottomValues: number[] = [];
  bottomCount = 0;
  from: number[] = [];
  to: number[] = [];
  stretchCount = 0;
  /** The level the stretches in from and to were found for. */
  stretchLevel = NaN;
}

const scratch = new Excursion();
const scratchTurns = new CurveTurns();
// Plain arrays with a count kept apart: resetting an array's length on every node costs more than the walk.
const rangeFrom: number[] = [];
const rangeTo: number[] = [];
const rangeTarget: number[] = [];
let rangeCount = 0;

/**
 * Caps f into g in place and appends to `ranges` the parent values for which the node starts a segment (a node's
 * rows sorted, as valueGivenParent needs), taking as target the smallest score where f is least above the parent's
 * value. With `ranges` null (the root), only finds the smallest rank where f is least. Returns that rank. With
 * `bounds`, also gives node `node` its bound on how far g rises above its suffix minimum (excursionBounds.ts).
 */
export function capExcursions(f: GridCurve, s: Float64Array, penalty: number, ranges: NewSegmentRanges | null,
  bounds?: ExcursionBounds, node = -1): number {
  const ex = scratch;
  const turns = scratchTurns;
  if (bounds !== undefined) bounds.clear(node);
  f.listTurns(turns);
  const { rank: turnRank, value: turnValue, count: turnCount, valueAtZero } = turns;
  rangeCount = 0;
  let b = 0;
  // Left of the last rank, f keeps falling towards it (or stays level) until the nearest pair where it falls to the
  // right: turn 0 is that pair's right end, the first bottom, and level its value. Turns alternate from there: a
  // top, a bottom, a top…
  let t = 0;
  let level = turnValue[0];
  while (t < turnCount) {
    b = turnRank[t++];
    // The excursion left of b: top, bottom, top, … until a bottom at or below the level, or rank 0.
    ex.topCount = 0;
    ex.bottomCount = 0;
    let end = -1; // the kink where f is back at or below the level; -1 when the excursion runs to rank 0
    let endValue = NaN;
    for (;;) {
      if (t === turnCount) {
        // No pair rises left of here: f does not fall from rank 0 to here, so rank 0 is the top.
        ex.tops[ex.topCount] = 0;
        ex.topValues[ex.topCount++] = valueAtZero;
        break;
      }
      ex.tops[ex.topCount] = turnRank[t];
      ex.topValues[ex.topCount++] = turnValue[t++];
      // No pair falls left of the top: f rises from rank 0 to it, and rank 0 is the bottom.
      const bottom = t === turnCount ? 0 : turnRank[t];
      const value = t === turnCount ? valueAtZero : turnValue[t];
      if (value <= level) {
        end = bottom;
        endValue = value;
        break;
      }
      ex.bottoms[ex.bottomCount] = bottom;
      ex.bottomValues[ex.bottomCount++] = value;
      if (bottom === 0) break;
      t++;
    }
    if (ranges !== null) {
      const cost = penalty + level;
      const bar = cost + RELATIVE_TIE * cost;
      // The stretches above the bar are those above the cost unless some turn or end of a stretch lies between the
      // two (rare: they are 1e-12 apart), so the searches are done once.
      if (!stretchesAbove(f, ex, b, end, cost, bar)) stretchesAbove(f, ex, b, end, bar, bar);
      for (let r = 0; r < ex.stretchCount; r++) {
        rangeFrom[rangeCount] = s[ex.from[r]];
        rangeTo[rangeCount] = s[ex.to[r] + 1];
        rangeTarget[rangeCount++] = s[b];
      }
      if (ex.stretchLevel !== cost) stretchesAbove(f, ex, b, end, cost, cost);
      for (let r = 0; r < ex.stretchCount; r++) f.cap(ex.from[r], ex.to[r], cost);
    }
    if (bounds !== undefined) {
      // The excursion's ranks run from where it ends (rank 0 if it runs there) to b, and f − F there is at most its
      // highest top over the level, or the penalty once capped.
      let top = ex.topValues[0];
      for (let k = 1; k < ex.topCount; k++) if (ex.topValues[k] > top) top = ex.topValues[k];
      bounds.region(node, s[end < 0 ? 0 : end], Math.min(top - level, penalty), top);
    }
    if (end < 0) break;
    // Rank 0, or the right end of a falling pair (the caps above lie right of it and keep it): the next bottom.
    if (end === 0) {
      b = 0;
      break;
    }
    level = endValue;
  }
  if (bounds !== undefined) bounds.finish(node, s[0]);
  if (ranges !== null) {
    const first = ranges.length;
    for (let r = rangeCount - 1; r >= 0; r--) ranges.add(first, rangeFrom[r], rangeTo[r], rangeTarget[r]);
  }
  return b;
}

/**
 * The stretches of ranks in the excursion left of b where f > level (level ≥ f(b)), right to left, into ex.from
 * and ex.to. `end` is the kink where the excursion ends at or below f(b), -1 if it runs to rank 0. Returns whether
 * they are also the stretches where f > `higher` (≥ level): no turn and no end of a stretch has a value in
 * (level, higher].
 */
function stretchesAbove(f: GridCurve, ex: Excursion, b: number, end: number, level: number, higher: number):
  boolean {
  ex.stretchCount = 0;
  ex.stretchLevel = level;
  const { tops, topValues, bottoms, bottomValues, topCount, bottomCount } = ex;
  let same = true;
  let right = -1; // right end of the stretch being built, -1 when none is open
  for (let k = 0; k < topCount; k++) {
    if (topValues[k] <= level) continue;
    if (topValues[k] <= higher) same = false;
    if (right < 0) {
      right = f.lastAbove(tops[k], k === 0 ? b : bottoms[k - 1], level);
      if (f.aboveValue <= higher) same = false;
    }
    let left: number;
    if (k < bottomCount) {
      // The stretch goes on over a bottom that stays above the level.
      if (bottomValues[k] > level) {
        if (bottomValues[k] <= higher) same = false;
        continue;
      }
      left = f.firstAbove(bottoms[k], tops[k], level);
      if (f.aboveValue <= higher) same = false;
    } else if (end >= 0) {
      left = f.firstAbove(end, tops[k], level);
      if (f.aboveValue <= higher) same = false;
    } else {
      // f rises all the way left to rank 0, the top.
      left = 0;
    }
    ex.from[ex.stretchCount] = left;
    ex.to[ex.stretchCount++] = right;
    right = -1;
  }
  // Open past the last bottom, which is rank 0 and above the level: the stretch runs to rank 0.
  if (right >= 0) {
    ex.from[ex.stretchCount] = 0;
    ex.to[ex.stretchCount++] = right;
  }
  return same;
}
