// The core compiles without DOM or Node types, yet both worlds (and workers) provide a `performance` clock.
declare const performance: { now(): number } | undefined;

/** Milliseconds from a monotonic clock where one exists. */
export function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
