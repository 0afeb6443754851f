/**
 * The rank of each score among the sorted distinct scores s (distinctScores of them). The range of s is cut into m
 * buckets of equal width, each knowing the first rank in it, so a score is searched for only among the ranks of its
 * bucket: a read or two instead of a binary search's log m reads scattered over s, most of them cache misses at 100k
 * scores. Halves keep the differences finite on any range (±1e308), and a bucket is a monotone function of the
 * score, so rounding cannot put a score outside its rank's bucket.
 */
export function scoreRanks(scores: ArrayLike<number>, s: Float64Array): Int32Array {
  const m = s.length;
  const lo = s[0] / 2;
  const width = s[m - 1] / 2 - lo;
  // (0/0, when the halves of a subnormal range meet, puts every score in bucket 0.)
  const bucket = (x: number): number => ((x / 2 - lo) / width * m) | 0;
  const first = new Int32Array(m + 2).fill(m);
  for (let k = m - 1; k >= 0; k--) first[bucket(s[k])] = k;
  for (let b = m; b >= 0; b--) first[b] = Math.min(first[b], first[b + 1]);
  const rank = new Int32Array(scores.length);
  for (let i = 0; i < scores.length; i++) {
    const x = scores[i];
    const b = bucket(x);
    let l = first[b];
    let h = first[b + 1];
    while (l < h) {
      const mid = (l + h) >>> 1;
      if (s[mid] < x) l = mid + 1;
      else h = mid;
    }
    rank[i] = l;
  }
  return rank;
}
