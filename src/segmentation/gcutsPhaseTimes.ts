/**
 * Where one GCuts run spends its time, for the benches (src/cli/bench/benchSegmentPages.ts, and the extension's:
 * RunStatus.graph.phasesMs). The segmenter adds each phase's milliseconds to a record only when it is given one
 * (about 200 clock reads a page).
 */
import { now } from '../util/clock.ts';

export interface GcutsPhaseTimes {
  /** Node features (nodeFeatures.ts). */
  features: number;
  /** Choosing the labels among the page's internal nodes (labelPrototypes.ts). */
  labels: number;
  /** Dp: every node's distance to every label. */
  unary: number;
  /** Vpq: visual neighbours and the learned pair and parent–child weights. */
  pairCosts: number;
  /** Building each move's graph (chains, terminal and pair edges) and reading its labelling back. */
  graph: number;
  /** The max-flows of the moves. */
  maxFlow: number;
}

export function emptyPhaseTimes(): GcutsPhaseTimes {
  return { features: 0, labels: 0, unary: 0, pairCosts: 0, graph: 0, maxFlow: 0 };
}

/** A stopwatch that charges laps to phases of `times`, or does nothing without a record. */
export class PhaseClock {
  private last: number;

  constructor(private readonly times: GcutsPhaseTimes | undefined) {
    this.last = times ? now() : 0;
  }

  /** Charges the time since the previous lap (or since the clock was made) to `phase`. */
  lap(phase: keyof GcutsPhaseTimes): void {
    if (!this.times) return;
    const t = now();
    this.times[phase] += t - this.last;
    this.last = t;
  }

  /** Restarts the lap without charging anyone (time that belongs to a phase the caller does not name). */
  skip(): void {
    if (this.times) this.last = now();
  }
}
