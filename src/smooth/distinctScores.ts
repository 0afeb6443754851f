/** The distinct values of `scores`, ascending: the only values an optimal smoothing needs (000 Lemma 3). */
export function distinctScores(scores: ArrayLike<number>): Float64Array {
  const sorted = Float64Array.from(scores).sort();
  let m = 0;
  for (let k = 0; k < sorted.length; k++) {
    // -0 and 0 are one value (the objective cannot tell them apart), kept as 0: x + 0 turns only -0 into 0.
    if (m === 0 || sorted[k] !== sorted[m - 1]) sorted[m++] = sorted[k] + 0;
  }
  return sorted.slice(0, m);
}
