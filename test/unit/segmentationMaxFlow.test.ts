import { describe, expect, it } from 'vitest';
import { BkMaxFlow } from '../../src/segmentation/bkMaxFlow.ts';
import { FlowNetwork } from '../../src/segmentation/maxFlow.ts';
import { seededRandom as rng } from '../../src/util/seededRandom.ts';

/** The independent reference: Edmonds–Karp on a capacity matrix, written as plainly as possible. */
function edmondsKarp(capacity: number[][], s: number, t: number): number {
  const n = capacity.length;
  const residual = capacity.map((row) => row.slice());
  let flow = 0;
  for (;;) {
    const previous = new Array<number>(n).fill(-1);
    previous[s] = s;
    const queue = [s];
    while (queue.length > 0 && previous[t] < 0) {
      const u = queue.shift()!;
      for (let v = 0; v < n; v++) {
        if (previous[v] < 0 && residual[u][v] > 0) {
          previous[v] = u;
          queue.push(v);
        }
      }
    }
    if (previous[t] < 0) return flow;
    let bottleneck = Infinity;
    for (let v = t; v !== s; v = previous[v]) bottleneck = Math.min(bottleneck, residual[previous[v]][v]);
    for (let v = t; v !== s; v = previous[v]) {
      residual[previous[v]][v] -= bottleneck;
      residual[v][previous[v]] += bottleneck;
    }
    flow += bottleneck;
  }
}

interface RandomGraph {
  n: number;
  edges: Array<[number, number, number]>;
}

function randomGraph(random: () => number, fractional: boolean): RandomGraph {
  const n = 2 + Math.floor(random() * 9);
  const edges: Array<[number, number, number]> = [];
  const count = Math.floor(random() * n * n);
  for (let i = 0; i < count; i++) {
    const u = Math.floor(random() * n);
    const v = Math.floor(random() * n);
    const c = fractional ? random() * 5 : Math.floor(random() * 11);
    edges.push([u, v, c]); // self-loops, parallel and zero edges on purpose
  }
  return { n, edges };
}

function solve(graph: RandomGraph, s: number, t: number): { flow: number; side: Uint8Array; maximalSide: Uint8Array } {
  const network = new FlowNetwork(graph.n, 4);
  for (const [u, v, c] of graph.edges) network.addEdge(u, v, c);
  const flow = network.maxFlow(s, t);
  return { flow, side: network.sourceSide(), maximalSide: network.maximalSourceSide() };
}

function cutCapacity(graph: RandomGraph, side: Uint8Array): number {
  let total = 0;
  for (const [u, v, c] of graph.edges) if (side[u] === 1 && side[v] === 0) total += c;
  return total;
}

function matrix(graph: RandomGraph): number[][] {
  const m = Array.from({ length: graph.n }, () => new Array<number>(graph.n).fill(0));
  for (const [u, v, c] of graph.edges) if (u !== v) m[u][v] += c;
  return m;
}

describe('FlowNetwork (Dinic) against Edmonds–Karp', () => {
  it('agrees on 400 random small graphs with integer capacities, and its cut has the flow’s capacity', () => {
    const random = rng(1);
    for (let trial = 0; trial < 400; trial++) {
      const graph = randomGraph(random, false);
      const s = 0;
      const t = graph.n - 1;
      const { flow, side, maximalSide } = solve(graph, s, t);
      expect(flow, `trial ${trial}`).toBe(edmondsKarp(matrix(graph), s, t));
      expect(side[s]).toBe(1);
      expect(side[t]).toBe(0);
      expect(cutCapacity(graph, side)).toBe(flow);
      expect([maximalSide[s], maximalSide[t]]).toEqual([1, 0]);
      expect(cutCapacity(graph, maximalSide)).toBe(flow);
      expect(side.every((x, v) => x <= maximalSide[v])).toBe(true);
    }
  });

  it('agrees on 300 random graphs with fractional capacities and random terminals', () => {
    const random = rng(2);
    for (let trial = 0; trial < 300; trial++) {
      const graph = randomGraph(random, true);
      const s = Math.floor(random() * graph.n);
      const t = (s + 1 + Math.floor(random() * (graph.n - 1))) % graph.n;
      const { flow, side } = solve(graph, s, t);
      expect(flow).toBeCloseTo(edmondsKarp(matrix(graph), s, t), 9);
      expect(cutCapacity(graph, side)).toBeCloseTo(flow, 9);
      expect([side[s], side[t]]).toEqual([1, 0]);
    }
  });

  it('handles infinite capacities: a finite cut behind them, or an infinite flow', () => {
    const finite = new FlowNetwork(4);
    finite.addEdge(0, 1, Infinity);
    finite.addEdge(1, 2, Infinity);
    finite.addEdge(2, 3, 3);
    finite.addEdge(1, 3, 2);
    expect(finite.maxFlow(0, 3)).toBe(5);
    expect(Array.from(finite.sourceSide())).toEqual([1, 1, 1, 0]);

    const infinite = new FlowNetwork(3);
    infinite.addEdge(0, 1, Infinity);
    infinite.addEdge(1, 2, Infinity);
    expect(infinite.maxFlow(0, 2)).toBe(Infinity);
  });

  it('uses the reverse capacity of addEdge as a second edge', () => {
    const network = new FlowNetwork(3);
    network.addEdge(0, 1, 4);
    network.addEdge(2, 1, 1, 2); // 1 → 2 has capacity 2
    expect(network.maxFlow(0, 2)).toBe(2);
  });

  it('runs a 100,000-node chain without recursion', () => {
    const n = 100_000;
    const network = new FlowNetwork(n, n);
    for (let v = 0; v + 1 < n; v++) network.addEdge(v, v + 1, 1 + (v % 7));
    expect(network.maxFlow(0, n - 1)).toBe(1);
    const side = network.sourceSide();
    expect(side[0]).toBe(1);
    expect(side[1]).toBe(0); // the first edge, capacity 1, is the (minimal-source-side) minimum cut
  });

  it('validates its input', () => {
    expect(() => new FlowNetwork(1)).toThrow();
    const network = new FlowNetwork(2);
    expect(() => network.addEdge(0, 2, 1)).toThrow();
    expect(() => network.addEdge(0, 1, -1)).toThrow();
    expect(() => network.addEdge(0, 1, NaN)).toThrow();
    expect(() => network.sourceSide()).toThrow();
    expect(() => network.maxFlow(1, 1)).toThrow();
  });
});

/**
 * BK as the moves use it: terminal capacities on the nodes, arcs between the others. Edges into s or out of t carry no
 * flow and are left out; s → t edges add to the flow directly.
 */
function solveBk(graph: RandomGraph, s: number, t: number, bk: BkMaxFlow): { flow: number; side: Uint8Array } {
  bk.reset(graph.n);
  let direct = 0;
  for (const [u, v, c] of graph.edges) {
    if (u === v || v === s || u === t) continue;
    if (u === s && v === t) direct += c;
    else if (u === s) bk.addTerminal(v, c, 0);
    else if (v === t) bk.addTerminal(u, 0, c);
    else bk.addEdge(u, v, c);
  }
  const flow = direct + bk.maxFlow();
  const side = Uint8Array.from({ length: graph.n }, (_, v) => (v === s ? 1 : v === t ? 0 : bk.inSourceSide(v) ? 1 : 0));
  return { flow, side };
}

/**
 * Every s–t cut of a tiny graph: the minimum capacity, and the intersection and the union of the minimum cuts' source
 * sides.
 */
function bruteForceMinCut(graph: RandomGraph, s: number, t: number):
  { capacity: number; minimalSide: Uint8Array; maximalSide: Uint8Array } {
  const others = Array.from({ length: graph.n }, (_, v) => v).filter((v) => v !== s && v !== t);
  let capacity = Infinity;
  let minimalSide = new Uint8Array(graph.n);
  let maximalSide = new Uint8Array(graph.n);
  for (let mask = 0; mask < 1 << others.length; mask++) {
    const side = new Uint8Array(graph.n);
    side[s] = 1;
    others.forEach((v, k) => (side[v] = (mask >> k) & 1));
    const c = cutCapacity(graph, side);
    if (c < capacity - 1e-9) {
      capacity = c;
      minimalSide = side;
      maximalSide = side;
    } else if (Math.abs(c - capacity) <= 1e-9) {
      minimalSide = minimalSide.map((x, v) => x & side[v]);
      maximalSide = maximalSide.map((x, v) => x | side[v]);
    }
  }
  return { capacity, minimalSide, maximalSide };
}

/**
 * Both ways BK can run: growing both search trees (the minimal source side, ties to the sink) and, as the moves run
 * it, only the sink's (the maximal source side, ties to the source).
 */
const BK_MODES = [
  { name: 'both trees', sinkTreeOnly: false, side: 'minimalSide' },
  { name: 'sink tree only', sinkTreeOnly: true, side: 'maximalSide' },
] as const;

describe.each(BK_MODES)('BkMaxFlow (Boykov–Kolmogorov, $name) against Dinic, Edmonds–Karp and brute force', ({ sinkTreeOnly, side: whichSide }) => {
  const dinicSide = (solved: ReturnType<typeof solve>) => (whichSide === 'minimalSide' ? solved.side : solved.maximalSide);

  it('agrees on 600 random small graphs with integer capacities: same flow, same source side', () => {
    const random = rng(3);
    const bk = new BkMaxFlow(0, 16, sinkTreeOnly); // one solver reset for every graph, as the moves reuse theirs
    for (let trial = 0; trial < 600; trial++) {
      const graph = randomGraph(random, false);
      const s = Math.floor(random() * graph.n);
      const t = (s + 1 + Math.floor(random() * (graph.n - 1))) % graph.n;
      const mine = solveBk(graph, s, t, bk);
      const dinic = solve(graph, s, t);
      const brute = bruteForceMinCut(graph, s, t);
      expect(mine.flow, `trial ${trial}`).toBe(edmondsKarp(matrix(graph), s, t));
      expect(mine.flow, `trial ${trial}`).toBe(brute.capacity);
      expect(Array.from(mine.side), `trial ${trial}`).toEqual(Array.from(dinicSide(dinic)));
      expect(Array.from(mine.side), `trial ${trial}`).toEqual(Array.from(brute[whichSide]));
    }
  });

  it('agrees on 400 random graphs with fractional capacities, and its cut has the flow’s capacity', () => {
    const random = rng(4);
    for (let trial = 0; trial < 400; trial++) {
      const graph = randomGraph(random, true);
      const { flow, side } = solveBk(graph, 0, graph.n - 1, new BkMaxFlow(0, 16, sinkTreeOnly));
      expect(flow, `trial ${trial}`).toBeCloseTo(solve(graph, 0, graph.n - 1).flow, 9);
      expect(flow, `trial ${trial}`).toBeCloseTo(bruteForceMinCut(graph, 0, graph.n - 1).capacity, 9);
      expect(cutCapacity(graph, side)).toBeCloseTo(flow, 9);
    }
  });

  it.each([0.5, 0.9, 0.98])('agrees with Dinic on denser random graphs of 30–80 nodes whose nodes nearly all have terminal edges (%s of them to the source)', (toSource) => {
    // The shape of a move's graph: nodes lean to one terminal, most of them to the source.
    const random = rng(5);
    for (let trial = 0; trial < 100; trial++) {
      const n = 30 + Math.floor(random() * 51);
      const graph: RandomGraph = { n: n + 2, edges: [] };
      for (let v = 0; v < n; v++) {
        graph.edges.push(random() < toSource ? [n, v, random() * 3] : [v, n + 1, random() * 3]);
        for (let k = 0; k < 3; k++) graph.edges.push([v, Math.floor(random() * n), random()]);
      }
      const mine = solveBk(graph, n, n + 1, new BkMaxFlow(0, 16, sinkTreeOnly));
      const dinic = solve(graph, n, n + 1);
      expect(mine.flow, `trial ${trial}`).toBeCloseTo(dinic.flow, 9);
      expect(Array.from(mine.side), `trial ${trial}`).toEqual(Array.from(dinicSide(dinic)));
    }
  });
});

describe('BkMaxFlow', () => {
  it('handles infinite capacities: a finite cut behind them, an infinite path, a node tied to both terminals', () => {
    const finite = new BkMaxFlow(2);
    finite.addTerminal(0, Infinity, 2);
    finite.addEdge(0, 1, Infinity);
    finite.addTerminal(1, 0, 3);
    expect(finite.maxFlow()).toBe(5);
    expect([finite.inSourceSide(0), finite.inSourceSide(1)]).toEqual([true, true]);

    const path = new BkMaxFlow(2);
    path.addTerminal(0, Infinity, 0);
    path.addEdge(0, 1, Infinity);
    path.addTerminal(1, 0, Infinity);
    expect(path.maxFlow()).toBe(Infinity);

    const both = new BkMaxFlow(1);
    both.addTerminal(0, Infinity, 1);
    both.addTerminal(0, 0, Infinity);
    expect(both.maxFlow()).toBe(Infinity);
  });

  it('uses the reverse capacity of addEdge as a second edge, and reset empties the graph', () => {
    const bk = new BkMaxFlow(2);
    bk.addTerminal(0, 4, 0);
    bk.addEdge(1, 0, 1, 2); // 0 → 1 has capacity 2
    bk.addTerminal(1, 0, 5);
    expect(bk.maxFlow()).toBe(2);
    bk.reset(3);
    bk.addTerminal(0, 1, 0);
    bk.addTerminal(2, 0, 1);
    expect(bk.maxFlow()).toBe(0);
    expect([0, 1, 2].map((v) => bk.inSourceSide(v))).toEqual([true, false, false]);
  });

  it('runs a 100,000-node chain without recursion', () => {
    const n = 100_000;
    const bk = new BkMaxFlow(n, n);
    bk.addTerminal(0, 10, 0);
    for (let v = 0; v + 1 < n; v++) bk.addEdge(v, v + 1, 1 + (v % 7));
    bk.addTerminal(n - 1, 0, 10);
    expect(bk.maxFlow()).toBe(1);
    expect([bk.inSourceSide(0), bk.inSourceSide(1)]).toEqual([true, false]);
  });

  it('grows the sink tree only when told, and then ties go to the source: infinite capacities, reset, a long chain', () => {
    const finite = new BkMaxFlow(2, 16, true);
    finite.addTerminal(0, Infinity, 2);
    finite.addEdge(0, 1, Infinity);
    finite.addTerminal(1, 0, 3);
    expect(finite.maxFlow()).toBe(5);
    expect([finite.inSourceSide(0), finite.inSourceSide(1)]).toEqual([true, true]);

    const path = new BkMaxFlow(2, 16, true);
    path.addTerminal(0, Infinity, 0);
    path.addEdge(0, 1, Infinity);
    path.addTerminal(1, 0, Infinity);
    expect(path.maxFlow()).toBe(Infinity);

    const reused = new BkMaxFlow(2, 16, true);
    reused.addTerminal(0, 4, 0);
    reused.addEdge(1, 0, 1, 2);
    reused.addTerminal(1, 0, 5);
    expect(reused.maxFlow()).toBe(2);
    reused.reset(3);
    reused.addTerminal(0, 1, 0);
    reused.addTerminal(2, 0, 1);
    expect(reused.maxFlow()).toBe(0);
    // Node 1 has no edge at all: it cannot reach the sink, so it stays on the source side.
    expect([0, 1, 2].map((v) => reused.inSourceSide(v))).toEqual([true, true, false]);

    // Capacities 1..7 repeating: every edge of capacity 1 is saturated, and the source side ends at the last of them.
    const n = 100_000;
    const chain = new BkMaxFlow(n, n, true);
    chain.addTerminal(0, 10, 0);
    for (let v = 0; v + 1 < n; v++) chain.addEdge(v, v + 1, 1 + (v % 7));
    chain.addTerminal(n - 1, 0, 10);
    expect(chain.maxFlow()).toBe(1);
    const lastCut = 7 * Math.floor((n - 2) / 7);
    expect([0, 1, lastCut, lastCut + 1, n - 1].map((v) => chain.inSourceSide(v))).toEqual([true, true, true, false, false]);
  });

  it('validates its input', () => {
    const bk = new BkMaxFlow(2);
    expect(() => bk.addEdge(0, 2, 1)).toThrow();
    expect(() => bk.addEdge(0, 1, -1)).toThrow();
    expect(() => bk.addTerminal(0, NaN, 0)).toThrow();
    expect(() => bk.inSourceSide(0)).toThrow();
    expect(() => bk.reset(-1)).toThrow();
  });
});
