/**
 * Small non-cryptographic hashes shared by the site-memory methods (src/site): a 32-bit word hash and a streaming
 * 53-bit hash of integer sequences. A 53-bit value is an exact integer in a double, so it keys a Map directly and
 * prints as a short base-36 key. Two independent 32-bit lanes keep chance collisions negligible at site scale
 * (millions of keys give ~1e-4).
 *
 * Pure arithmetic (Math.imul), no Node or DOM APIs, so the same hashes come out in Node, the worker and the page.
 */

/** MurmurHash3's 32-bit finaliser: spreads every input bit over the whole word. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over the UTF-16 code units of `word`, finalised by fmix32: an unsigned 32-bit integer. */
export function wordHash(word: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < word.length; k++) h = Math.imul(h ^ word.charCodeAt(k), 0x01000193);
  return fmix32(h ^ word.length);
}

/** Streams 32-bit integers into two unrelated lanes (MurmurHash3 and xxHash32 style rounds) → one 53-bit integer. */
export class SequenceHasher {
  private a = 0x9747b28c;
  private b = 0x165667b1;
  private n = 0;

  add(k: number): this {
    let x = Math.imul(k | 0, 0xcc9e2d51);
    x = (x << 15) | (x >>> 17);
    x = Math.imul(x, 0x1b873593);
    let a = this.a ^ x;
    a = (a << 13) | (a >>> 19);
    this.a = (Math.imul(a, 5) + 0xe6546b64) | 0;
    let b = (this.b + Math.imul(k | 0, 0x85ebca77)) | 0;
    b = (b << 13) | (b >>> 19);
    this.b = Math.imul(b, 0x9e3779b1);
    this.n++;
    return this;
  }

  addString(s: string): this {
    this.add(s.length);
    for (let k = 0; k < s.length; k++) this.add(s.charCodeAt(k));
    return this;
  }

  /** 32 bits of lane A above 21 bits of lane B: an exact integer below 2^53. */
  digest(): number {
    const a = fmix32(this.a ^ this.n);
    const b = fmix32(this.b ^ Math.imul(this.n, 0x27d4eb2f));
    return a * 0x200000 + (b >>> 11);
  }
}
