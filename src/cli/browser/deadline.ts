/** A step that did not finish by its time; `what` says which, for the one-line message. */
export class DeadlineError extends Error {}

/**
 * `work`, or a DeadlineError once the clock passes `until` (a Date.now() time). The work itself is not stopped: a
 * page stuck in its own script cannot be interrupted, only closed, which the caller does.
 */
export function beforeDeadline<T>(work: Promise<T>, until: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(message)), Math.max(0, until - Date.now()));
  });
  // Promise.race subscribes to `work`, so its rejection after the deadline is handled, not an unhandled rejection.
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Seconds for a message: "20 s", "2.5 s". */
export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}
