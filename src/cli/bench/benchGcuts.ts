/**
 * Times α-expansion on a random DOM-like tree (issue 16 asks for < 100 ms in the worker on a real page).
 * Run: npx tsx src/cli/bench/benchGcuts.ts [nodes=5000] [labels=8] [runs=5]
 *
 * The tree is built in pre-order with a DOM's shape (a few levels of wide containers, runs of leaves); each node gets
 * a random 4-d feature vector near one of the labels' prototypes, Dp(α) is the distance to the prototype (the paper's
 * form, §4.3, with an identity metric), parent–child weights are uniform and leaves that follow each other in the
 * document are Potts neighbours, as visually adjacent boxes usually are.
 */
import { alphaExpansion } from '../../segmentation/alphaExpansion.ts';
import type { GcutsProblem } from '../../segmentation/gcutsEnergy.ts';
import { seededRandom } from '../../util/seededRandom.ts';

function randomDomProblem(n: number, labelCount: number, seed: number): GcutsProblem {
  const random = seededRandom(seed);
  const parent = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  // Next node's parent: usually the previous node (descend) while shallow, else a sibling or an uncle.
  for (let v = 1; v < n; v++) {
    let u = v - 1;
    const descend = random() < Math.max(0.15, 0.7 - 0.06 * depth[u]);
    if (!descend) {
      u = parent[u] >= 0 ? parent[u] : u;
      while (parent[u] >= 0 && random() < 0.3) u = parent[u];
    }
    parent[v] = u;
    depth[v] = depth[u] + 1;
  }
  const dims = 4;
  const prototypes = Float64Array.from({ length: labelCount * dims }, () => random() * 4);
  const feature = new Float64Array(n * dims);
  for (let v = 0; v < n; v++) {
    // Children resemble their parent, so segments follow subtrees, with noise.
    const base = parent[v] >= 0 && random() < 0.8 ? parent[v] * dims : pickPrototype(random, labelCount) * dims;
    const from = parent[v] >= 0 && base === parent[v] * dims ? feature : prototypes;
    for (let d = 0; d < dims; d++) feature[v * dims + d] = from[base + d] + (random() - 0.5) * 0.6;
  }
  const width = labelCount + 1;
  const unary = new Float64Array(n * width);
  for (let v = 0; v < n; v++) {
    for (let l = 0; l < labelCount; l++) {
      let sq = 0;
      for (let d = 0; d < dims; d++) sq += (feature[v * dims + d] - prototypes[l * dims + d]) ** 2;
      unary[v * width + l] = Math.sqrt(sq);
    }
    unary[v * width + labelCount] = 0.5; // a flat price for an invisible container
  }
  const parentChildWeight = new Float64Array(n).fill(0.5);
  const isLeaf = new Uint8Array(n).fill(1);
  for (let v = 1; v < n; v++) isLeaf[parent[v]] = 0;
  const pairP: number[] = [];
  const pairQ: number[] = [];
  let previousLeaf = -1;
  for (let v = 0; v < n; v++) {
    if (isLeaf[v] !== 1) continue;
    if (previousLeaf >= 0 && parent[previousLeaf] !== v) {
      pairP.push(previousLeaf);
      pairQ.push(v);
    }
    previousLeaf = v;
  }
  return {
    parent,
    labelCount,
    unary,
    parentChildWeight,
    pairP: Int32Array.from(pairP),
    pairQ: Int32Array.from(pairQ),
    pairWeight: Float64Array.from(pairP, () => 0.3 + random() * 0.4),
  };
}

function pickPrototype(random: () => number, labelCount: number): number {
  return Math.floor(random() * labelCount);
}

function main(): void {
  const args = process.argv.slice(2);
  const n = Number(args[0] ?? 5000);
  const labelCount = Number(args[1] ?? 8);
  const runs = Number(args[2] ?? 5);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const problem = randomDomProblem(n, labelCount, 100 + run);
    const start = performance.now();
    const result = alphaExpansion(problem);
    const ms = performance.now() - start;
    times.push(ms);
    const invisible = result.labels.filter((l) => l === labelCount).length;
    console.log(
      `run ${run}: ${ms.toFixed(1)} ms, ${n} nodes, ${problem.pairP.length} leaf pairs, ${labelCount} labels + ξ, ` +
        `${result.movesTried} moves tried, ${result.energies.length - 1} accepted, ` +
        `energy ${result.energies[0].toFixed(1)} → ${result.energy.toFixed(1)}, ${invisible} invisible`,
    );
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`median ${median.toFixed(1)} ms over ${runs} runs (the first includes JIT warm-up)`);
}

main();
