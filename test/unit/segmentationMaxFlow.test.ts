import { describe, expect, it } from 'vitest';
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

function solve(graph: RandomGraph, s: number, t: number): { flow: number; side: Uint8Array } {
  const network = new FlowNetwork(graph.n, 4);
  for (const [u, v, c] of graph.edges) network.addEdge(u, v, c);
  const flow = network.maxFlow(s, t);
  return { flow, side: network.sourceSide() };
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
      const { flow, side } = solve(graph, s, t);
      expect(flow, `trial ${trial}`).toBe(edmondsKarp(matrix(graph), s, t));
      expect(side[s]).toBe(1);
      expect(side[t]).toBe(0);
      expect(cutCapacity(graph, side)).toBe(flow);
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
