// The core's one base64 codec (src/util/base64.ts) against Node's Buffer as an independent reference.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeUint32Base64, encodeUint32Base64, fromBase64, toBase64 } from '../../src/util/base64.ts';

describe('base64', () => {
  it('writes what Buffer writes and reads it back, for any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      const text = toBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(Array.from(fromBase64(text))).toEqual(Array.from(bytes));
    }));
  });

  it('round-trips 32-bit words as little-endian bytes', () => {
    fc.assert(fc.property(fc.array(fc.nat({ max: 0xffffffff }), { maxLength: 16 }), (words) => {
      const text = encodeUint32Base64(words);
      const le = Buffer.alloc(words.length * 4);
      words.forEach((w, k) => le.writeUInt32LE(w, 4 * k));
      expect(text).toBe(le.toString('base64'));
      expect(Array.from(decodeUint32Base64(text))).toEqual(words);
    }));
  });

  it('rejects damaged text with a reason', () => {
    expect(() => fromBase64('abc')).toThrow(/multiple of 4/);
    expect(() => fromBase64('ab$=')).toThrow(/bad character/);
    expect(() => fromBase64('a=bc')).toThrow(/bad character/);
    expect(() => fromBase64('QR==')).toThrow(/canonical/); // 'QQ==' is the canonical form of byte 0x41
    expect(() => decodeUint32Base64('QUJD')).toThrow(/whole 32-bit/);
  });
});
