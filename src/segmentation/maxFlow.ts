/**
 * Max-flow / min-cut on a directed graph with non-negative (possibly infinite) capacities, by Dinic's algorithm: the
 * independent implementation the α-expansion solver (bkMaxFlow.ts, Boykov–Kolmogorov) is checked against in
 * test/unit/segmentationMaxFlow.test.ts. The two share nothing but the problem: Dinic is short and easy to get right
 * (BFS levels, blocking flow, no search trees to repair), which is what a reference needs; BK is what the moves run,
 * because it is several times faster on their graphs (src/cli/bench/benchSegmentPages.ts). Both searches are
 * iterative with typed-array stacks, so a 100k-node chain cannot overflow the call stack.
 *
 * Capacities may be `Infinity` (hard constraints); the answer is `Infinity` when an all-infinite s–t path exists.
 */
export class FlowNetwork {
  readonly nodeCount: number;
  private edgeCount = 0;
  // Edge e and its reverse e ^ 1 are stored side by side; `cap` is the residual capacity.
  private to: Int32Array;
  private next: Int32Array;
  private cap: Float64Array;
  private readonly head: Int32Array;
  private level: Int32Array;
  /** Set by maxFlow: the sink and the zero threshold, for maximalSourceSide. */
  private sink = -1;
  private eps = 0;
  private solved = false;

  constructor(nodeCount: number, edgeHint = 16) {
    if (!Number.isInteger(nodeCount) || nodeCount < 2) throw new Error(`FlowNetwork: nodeCount ${nodeCount} < 2`);
    this.nodeCount = nodeCount;
    const room = Math.max(2, 2 * edgeHint);
    this.to = new Int32Array(room);
    this.next = new Int32Array(room);
    this.cap = new Float64Array(room);
    this.head = new Int32Array(nodeCount).fill(-1);
    this.level = new Int32Array(nodeCount);
  }

  /** Adds u → v with capacity `capacity` and v → u with `reverseCapacity` (one residual pair serves both). */
  addEdge(u: number, v: number, capacity: number, reverseCapacity = 0): void {
    this.checkNode(u);
    this.checkNode(v);
    if (!(capacity >= 0) || !(reverseCapacity >= 0)) {
      throw new Error(`FlowNetwork: negative or NaN capacity on ${u}→${v}`);
    }
    if (u === v || (capacity === 0 && reverseCapacity === 0)) return;
    if (this.edgeCount + 2 > this.to.length) this.grow();
    this.push(u, v, capacity);
    this.push(v, u, reverseCapacity);
  }

  /** Runs Dinic from `source` to `sink` and returns the flow value; the network keeps the residual graph. */
  maxFlow(source: number, sink: number): number {
    this.checkNode(source);
    this.checkNode(sink);
    if (source === sink) throw new Error('FlowNetwork: source equals sink');
    const n = this.nodeCount;
    const { to, next, cap, head, level } = this;
    // Residues below this are float noise from a + b − b, not capacity; treating them as zero stops endless
    // 1e-17 augmentations.
    let largest = 0;
    for (let e = 0; e < this.edgeCount; e++) if (cap[e] !== Infinity && cap[e] > largest) largest = cap[e];
    const eps = largest * 1e-13;
    const queue = new Int32Array(n);
    const current = new Int32Array(n);
    const pathEdges = new Int32Array(n);
    this.solved = true;
    this.sink = sink;
    this.eps = eps;
    let flow = 0;
    while (this.bfs(source, sink, eps, queue)) {
      current.set(head);
      // Blocking flow by an iterative DFS along level-increasing edges; pathEdges[0..depth) is the current path.
      let depth = 0;
      let u = source;
      for (;;) {
        if (u === sink) {
          let bottleneck = Infinity;
          for (let i = 0; i < depth; i++) bottleneck = Math.min(bottleneck, cap[pathEdges[i]]);
          if (bottleneck === Infinity) return Infinity;
          flow += bottleneck;
          let firstSaturated = -1;
          for (let i = 0; i < depth; i++) {
            const e = pathEdges[i];
            cap[e] -= bottleneck;
            cap[e ^ 1] += bottleneck;
            if (firstSaturated < 0 && cap[e] <= eps) firstSaturated = i;
          }
          // Resume from the tail of the first saturated edge: the path before it still has room.
          depth = firstSaturated;
          u = depth === 0 ? source : to[pathEdges[depth - 1]];
          continue;
        }
        let e = current[u];
        while (e >= 0 && !(cap[e] > eps && level[to[e]] === level[u] + 1)) e = next[e];
        current[u] = e;
        if (e >= 0) {
          pathEdges[depth++] = e;
          u = to[e];
          continue;
        }
        // Dead end: no augmenting path leaves u in this phase.
        level[u] = -1;
        if (depth === 0) break;
        const back = pathEdges[--depth];
        u = to[back ^ 1];
        current[u] = next[current[u]];
      }
    }
    return flow;
  }

  /**
   * After `maxFlow`: 1 for nodes on the source side of a minimum cut (reachable from the source in the residual
   * graph), 0 for the rest. This is the minimal source side, so ties keep nodes on the sink side.
   */
  sourceSide(): Uint8Array {
    if (!this.solved) throw new Error('FlowNetwork: sourceSide before maxFlow');
    const side = new Uint8Array(this.nodeCount);
    for (let v = 0; v < this.nodeCount; v++) side[v] = this.level[v] >= 0 ? 1 : 0;
    return side;
  }

  /**
   * After `maxFlow`: 1 for nodes on the source side of the minimum cut whose source side is largest (every node that
   * cannot reach the sink in the residual graph), 0 for the rest. So ties go to the source side.
   */
  maximalSourceSide(): Uint8Array {
    if (!this.solved) throw new Error('FlowNetwork: maximalSourceSide before maxFlow');
    const { to, next, cap, head, eps } = this;
    const side = new Uint8Array(this.nodeCount).fill(1);
    const queue = new Int32Array(this.nodeCount);
    side[this.sink] = 0;
    queue[0] = this.sink;
    let write = 1;
    for (let read = 0; read < write; read++) {
      const v = queue[read];
      for (let e = head[v]; e >= 0; e = next[e]) {
        // to[e] reaches v when the arc back, to[e] → v, has residue.
        if (side[to[e]] === 1 && cap[e ^ 1] > eps) {
          side[to[e]] = 0;
          queue[write++] = to[e];
        }
      }
    }
    return side;
  }

  private bfs(source: number, sink: number, eps: number, queue: Int32Array): boolean {
    const { to, next, cap, head, level } = this;
    level.fill(-1);
    level[source] = 0;
    let read = 0;
    let write = 0;
    queue[write++] = source;
    while (read < write) {
      const u = queue[read++];
      for (let e = head[u]; e >= 0; e = next[e]) {
        const v = to[e];
        if (level[v] < 0 && cap[e] > eps) {
          level[v] = level[u] + 1;
          queue[write++] = v;
        }
      }
    }
    return level[sink] >= 0;
  }

  private push(u: number, v: number, capacity: number): void {
    const e = this.edgeCount++;
    this.to[e] = v;
    this.cap[e] = capacity;
    this.next[e] = this.head[u];
    this.head[u] = e;
  }

  private grow(): void {
    const room = this.to.length * 2;
    const to = new Int32Array(room);
    const next = new Int32Array(room);
    const cap = new Float64Array(room);
    to.set(this.to);
    next.set(this.next);
    cap.set(this.cap);
    this.to = to;
    this.next = next;
    this.cap = cap;
  }

  private checkNode(v: number): void {
    if (!Number.isInteger(v) || v < 0 || v >= this.nodeCount) throw new Error(`FlowNetwork: node ${v} out of range`);
  }
}
