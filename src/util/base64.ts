/**
 * Standard base64 (RFC 4648 alphabet, with padding) for the site memory's JSON form: skeletons as bytes, bit arrays
 * and hashes as 32-bit words. Written out because the core compiles without DOM or Node types, so neither btoa nor
 * Buffer can be assumed; decoding is strict (bad characters, length, padding, non-canonical text all throw), since it
 * reads stored data that may be damaged.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Int16Array(128).fill(-1);
for (let k = 0; k < ALPHABET.length; k++) VALUE[ALPHABET.charCodeAt(k)] = k;

export function toBase64(bytes: Uint8Array): string {
  const chars = new Array<string>(Math.ceil(bytes.length / 3) * 4);
  for (let k = 0, c = 0; k < bytes.length; k += 3) {
    const n = (bytes[k] << 16) | ((bytes[k + 1] ?? 0) << 8) | (bytes[k + 2] ?? 0);
    chars[c++] = ALPHABET[n >>> 18];
    chars[c++] = ALPHABET[(n >>> 12) & 63];
    chars[c++] = k + 1 < bytes.length ? ALPHABET[(n >>> 6) & 63] : '=';
    chars[c++] = k + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return chars.join('');
}

/** Decodes what toBase64 wrote; throws on anything else. */
export function fromBase64(text: string): Uint8Array {
  if (text.length % 4 !== 0) throw new Error('base64 length is not a multiple of 4');
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - pad);
  for (let k = 0, b = 0; k < text.length; k += 4) {
    let n = 0;
    for (let j = 0; j < 4; j++) {
      const c = text.charCodeAt(k + j);
      const isPad = c === 61 && k + j >= text.length - pad; // '=' only at the very end
      const v = isPad ? 0 : c < 128 ? VALUE[c] : -1;
      if (v < 0) throw new Error(`base64 has a bad character at ${k + j}`);
      n = (n << 6) | v;
    }
    if (b < bytes.length) bytes[b++] = (n >>> 16) & 0xff;
    if (b < bytes.length) bytes[b++] = (n >>> 8) & 0xff;
    if (b < bytes.length) bytes[b++] = n & 0xff;
  }
  // Non-canonical text (stray bits in the last character before padding) would decode, but not from our encoder.
  if (pad > 0 && toBase64(bytes.subarray(bytes.length - (3 - pad))) !== text.slice(-4)) {
    throw new Error('base64 is not in canonical form');
  }
  return bytes;
}

/** 32-bit words as base64 of their little-endian bytes: 4/3 characters per byte instead of up to 11 as decimals. */
export function encodeUint32Base64(values: ArrayLike<number>): string {
  const bytes = new Uint8Array(values.length * 4);
  for (let k = 0; k < values.length; k++) {
    const v = values[k] >>> 0;
    bytes[4 * k] = v & 0xff;
    bytes[4 * k + 1] = (v >>> 8) & 0xff;
    bytes[4 * k + 2] = (v >>> 16) & 0xff;
    bytes[4 * k + 3] = v >>> 24;
  }
  return toBase64(bytes);
}

/** Decodes what encodeUint32Base64 wrote; throws on anything else (and on text that is not whole words). */
export function decodeUint32Base64(text: string): Uint32Array {
  const bytes = fromBase64(text);
  if (bytes.length % 4 !== 0) throw new Error('base64 does not hold whole 32-bit numbers');
  const out = new Uint32Array(bytes.length / 4);
  for (let k = 0; k < out.length; k++) {
    out[k] = (bytes[4 * k] | (bytes[4 * k + 1] << 8) | (bytes[4 * k + 2] << 16) | (bytes[4 * k + 3] << 24)) >>> 0;
  }
  return out;
}
