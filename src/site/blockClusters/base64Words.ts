/**
 * Uint32 arrays ↔ base64 text (standard alphabet, little-endian bytes), for the store's JSON: a record of page number
 * plus bit-array lanes costs 4/3 characters per byte instead of up to 11 as decimal numbers. Hand-written because
 * the core has neither Node's Buffer nor the DOM's btoa.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Int16Array(128).fill(-1);
for (let k = 0; k < ALPHABET.length; k++) VALUE[ALPHABET.charCodeAt(k)] = k;

export function encodeUint32Base64(values: ArrayLike<number>): string {
  const bytes = new Uint8Array(values.length * 4);
  for (let k = 0; k < values.length; k++) {
    const v = values[k] >>> 0;
    bytes[4 * k] = v & 0xff;
    bytes[4 * k + 1] = (v >>> 8) & 0xff;
    bytes[4 * k + 2] = (v >>> 16) & 0xff;
    bytes[4 * k + 3] = v >>> 24;
  }
  const chars = new Array<string>(Math.ceil(bytes.length / 3) * 4);
  for (let k = 0, c = 0; k < bytes.length; k += 3) {
    const n = (bytes[k] << 16) | ((bytes[k + 1] ?? 0) << 8) | (bytes[k + 2] ?? 0);
    chars[c++] = ALPHABET[n >>> 18];
    chars[c++] = ALPHABET[(n >>> 12) & 63];
    chars[c++] = k + 1 < bytes.length ? ALPHABET[(n >>> 6) & 63] : '=';
    chars[c++] = k + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  const out = chars.join('');
  return out;
}

/** Decodes what encodeUint32Base64 wrote; throws on anything else (bad characters, length, padding). */
export function decodeUint32Base64(text: string): Uint32Array {
  if (text.length % 4 !== 0) throw new Error('base64 length is not a multiple of 4');
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const byteLength = (text.length / 4) * 3 - pad;
  if (byteLength % 4 !== 0) throw new Error('base64 does not hold whole 32-bit numbers');
  const bytes = new Uint8Array(byteLength);
  for (let k = 0, b = 0; k < text.length; k += 4) {
    let n = 0;
    for (let j = 0; j < 4; j++) {
      const c = text.charCodeAt(k + j);
      const isPad = c === 61 && k + j >= text.length - pad;
      const v = isPad ? 0 : c < 128 ? VALUE[c] : -1;
      if (v < 0) throw new Error(`base64 has a bad character at ${k + j}`);
      n = (n << 6) | v;
    }
    if (b < byteLength) bytes[b++] = (n >>> 16) & 0xff;
    if (b < byteLength) bytes[b++] = (n >>> 8) & 0xff;
    if (b < byteLength) bytes[b++] = n & 0xff;
  }
  const out = new Uint32Array(byteLength / 4);
  for (let k = 0; k < out.length; k++) {
    out[k] = (bytes[4 * k] | (bytes[4 * k + 1] << 8) | (bytes[4 * k + 2] << 16) | (bytes[4 * k + 3] << 24)) >>> 0;
  }
  // Non-canonical text (stray bits in the last character before padding) would decode, but not from our encoder.
  if (encodeUint32Base64(out) !== text) throw new Error('base64 is not in canonical form');
  return out;
}
