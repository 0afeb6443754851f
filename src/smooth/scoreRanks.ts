/** The distinct scores, ascending, and each node's rank among them. */
export interface ScoreRanks {
  s: Float64Array;
  rank: Int32Array;
}

/** Whether the platform stores a double's low 32 bits first (in a Uint32Array view of it). */
const LOW_WORD_FIRST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * distinctScores (distinctScores.ts) and each score's rank in it, by one radix sort of the nodes by their scores'
 * bits: a byte a pass, low to high, skipping the bytes all scores share. The sort and a binary search per node took
 * ~20 ms at 100k nodes, a tenth of a spine's smoothing (the search reads the m scores at scattered places); this is
 * linear in n. Scores must be finite (validateSmoothProblem); -0 and 0 are one score, kept as 0, as there.
 */
export function rankScores(scores: ArrayLike<number>): ScoreRanks {
  const n = scores.length;
  // Each score's bits as two unsigned words, turned so that their unsigned order is the numbers' order: a negative
  // number's bits all flipped (a larger magnitude is smaller), a positive one's sign bit set.
  const high = new Uint32Array(n);
  const low = new Uint32Array(n);
  const one = new Float64Array(1);
  const words = new Uint32Array(one.buffer);
  const hi = LOW_WORD_FIRST ? 1 : 0;
  for (let i = 0; i < n; i++) {
    one[0] = scores[i] + 0;
    const h = words[hi];
    const l = words[1 - hi];
    if (h >>> 31) {
      high[i] = ~h >>> 0;
      low[i] = ~l >>> 0;
    } else {
      high[i] = (h | 0x80000000) >>> 0;
      low[i] = l;
    }
  }
  let order = new Int32Array(n);
  let next = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const count = new Int32Array(257);
  for (let pass = 0; pass < 8; pass++) {
    const words = pass < 4 ? low : high;
    const shift = 8 * (pass % 4);
    count.fill(0);
    for (let i = 0; i < n; i++) count[((words[i] >>> shift) & 255) + 1]++;
    // A byte every score shares leaves the order as it is.
    let shared = false;
    for (let d = 1; d <= 256; d++) if (count[d] === n) shared = true;
    if (shared) continue;
    for (let d = 1; d <= 256; d++) count[d] += count[d - 1];
    for (let k = 0; k < n; k++) {
      const i = order[k];
      next[count[(words[i] >>> shift) & 255]++] = i;
    }
    const done = order;
    order = next;
    next = done;
  }
  const rank = new Int32Array(n);
  const s = new Float64Array(n);
  let m = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k];
    if (m === 0 || high[i] !== high[order[k - 1]] || low[i] !== low[order[k - 1]]) s[m++] = scores[i] + 0;
    rank[i] = m - 1;
  }
  return { s: s.slice(0, m), rank };
}
