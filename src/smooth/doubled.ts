/** A typed array twice as long as `a`, holding `a`'s entries first: how the smoothing's growable columns grow. */
export function doubled(a: Int32Array): Int32Array;
export function doubled(a: Float64Array): Float64Array;
export function doubled(a: Int32Array | Float64Array): Int32Array | Float64Array {
  const b = a instanceof Int32Array ? new Int32Array(2 * a.length) : new Float64Array(2 * a.length);
  b.set(a);
  return b;
}
