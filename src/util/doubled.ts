/** The typed arrays the growable columns here are made of. */
type Column = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float32Array | Float64Array;

/**
 * A typed array of `a`'s kind twice as long, holding `a`'s entries first (the rest zero): how growable columns grow
 * (the smoothing's pools, the capture's snapshot columns).
 */
export function doubled<T extends Column>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(2 * a.length);
  b.set(a);
  return b;
}
