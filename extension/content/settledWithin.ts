/** What settledWithin answers when the promise was not settled in time. */
export const LATE = Symbol('late');

/**
 * The promise's value if it settles within `ms`, else LATE (the promise goes on: the caller may still wait for it).
 * A rejection within `ms` rejects.
 */
export function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => { timer = setTimeout(() => resolve(LATE), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
