import { fmix32 } from '../../util/twoLaneHash.ts';

/**
 * A 31-bit hash of a string and a seed, for text labels (skeletonLabels.ts). MurmurHash3-style mixing of the UTF-16
 * code units (so no encoder is needed in the core) with a final avalanche; 31 bits so a label with the text bit set
 * still fits in a Uint32. Two different texts under the same tag share a label with probability about 2^-31.
 */
export function hashText31(text: string, seed: number): number {
  let h = seed ^ 0x2f6b9a3d;
  for (let i = 0; i < text.length; i++) {
    let k = Math.imul(text.charCodeAt(i), 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  return fmix32(h ^ text.length) >>> 1;
}
