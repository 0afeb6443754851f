/**
 * Boykov–Kolmogorov max-flow / min-cut ("An experimental comparison of min-cut/max-flow algorithms for energy
 * minimization in vision", PAMI 2004), the solver of every α-expansion move (expansionGraph.ts, alphaExpansion.ts).
 *
 * Why BK and not Dinic (maxFlow.ts, kept as the independent check the tests compare with): in a move's graph nearly
 * every node has a terminal edge and the s–t paths are short. Dinic pays a breadth-first search over the whole graph
 * per phase, a dozen phases per move; BK grows one search tree from each terminal, once, and after an augmentation
 * repairs only the branches it cut (orphan adoption). The implementation follows Kolmogorov's maxflow-v3 (active-node
 * FIFO, distance/time-stamp heuristic when adopting), plus two greedy passes first that push the paths s → u → v → t
 * and s → u → x → v → t directly: a node leaning to the source tied to one leaning to the sink, directly or through
 * one node, are the commonest paths in these graphs, and each would cost an augmentation and its orphan repairs.
 * Everything is in typed arrays that `reset` keeps, since a page runs 65 moves on graphs of about the same size.
 *
 * Terminal edges are not arcs: each node holds its net terminal capacity (source minus sink, after pushing the
 * common part straight through), as in Kolmogorov's code. Capacities may be `Infinity` (hard constraints); the flow is
 * `Infinity` when an all-infinite s–t path exists. Residues up to 1e-13 of the largest finite capacity count as
 * zero, as in maxFlow.ts: they are float noise from a + b − b, and chasing them could loop on 1e-17 augmentations.
 *
 * The cut reported is the minimal source side (the nodes reachable from s in the residual graph; at the end that is
 * exactly the source tree), which is the same set for every maximum flow, so BK and Dinic read the same labelling
 * off a move up to float noise.
 *
 * `sinkTreeOnly` (what the moves use): only the sink's tree grows. Every node that still leans to the source is a
 * root of the source tree and never grows it; one whose terminal capacity runs out is freed, for the sink tree to
 * grow through. In a move most bits lean to "keep" (the source) and few to α, so BK's source tree spent most of the
 * max-flow growing over bits no path needs; grown from the sink alone, the search stays near the bits that lean to
 * change. It ends with the sink tree holding exactly the nodes that reach t in the residual graph, so the cut
 * reported is the maximal source side: ties go to the source (a move's bit keeps its state). On the generated 5k
 * page of the bench this halved the moves' max-flow; on the largest dataset pages it was between 9% slower and 26%
 * faster (`npx tsx src/cli/bench/benchSegmentPages.ts 5 --big` against the commit before, same energies and segments).
 */

const FREE = -1;
const TERMINAL = -2;
const ORPHAN = -3;
const FAR = 0x3fffffff;

export class BkMaxFlow {
  private nodeCount = 0;
  private arcCount = 0;
  /** The largest finite arc capacity added, for the zero threshold. */
  private largestArc = 0;
  // Arc a and its reverse a ^ 1 sit side by side; rcap is the residual capacity.
  private head = new Int32Array(0);
  private nextArc = new Int32Array(0);
  private to = new Int32Array(0);
  private rcap = new Float64Array(0);
  private sourceCap = new Float64Array(0);
  private sinkCap = new Float64Array(0);
  /** Net residual terminal capacity while solving: > 0 towards the source, < 0 towards the sink. */
  private tcap = new Float64Array(0);
  /** The arc from a node to its parent in its search tree, or FREE / TERMINAL / ORPHAN. */
  private parentArc = new Int32Array(0);
  private inSinkTree = new Uint8Array(0);
  private dist = new Int32Array(0);
  private stamp = new Int32Array(0);
  private queued = new Uint8Array(0);
  private active = new Int32Array(0);
  private orphans = new Int32Array(0);
  private queueStart = 0;
  private queueEnd = 0;
  private orphanStart = 0;
  private orphanEnd = 0;
  /** Residues up to this are zero (see the header). */
  private eps = 0;
  /** Advances with every growth step; a node stamped with the current time has a checked distance to its terminal. */
  private time = 0;
  private solved = false;

  constructor(nodeCount = 0, arcHint = 16, private readonly sinkTreeOnly = false) {
    this.reset(nodeCount, arcHint);
  }

  /** Empties the graph for `nodeCount` nodes, keeping the arrays when they are large enough. */
  reset(nodeCount: number, arcHint = 2 * nodeCount): void {
    if (!Number.isInteger(nodeCount) || nodeCount < 0) throw new Error(`BkMaxFlow: bad node count ${nodeCount}`);
    if (nodeCount > this.head.length) {
      const room = Math.max(nodeCount, 2 * this.head.length);
      this.head = new Int32Array(room);
      this.sourceCap = new Float64Array(room);
      this.sinkCap = new Float64Array(room);
      this.tcap = new Float64Array(room);
      this.parentArc = new Int32Array(room);
      this.inSinkTree = new Uint8Array(room);
      this.dist = new Int32Array(room);
      this.stamp = new Int32Array(room);
      this.queued = new Uint8Array(room);
      // A ring of n + 1 slots holds every node once (a node is never queued twice).
      this.active = new Int32Array(room + 1);
      this.orphans = new Int32Array(room + 1);
    }
    this.arcCount = 0;
    this.largestArc = 0;
    if (2 * arcHint > this.to.length) this.growArcs(2 * arcHint);
    this.nodeCount = nodeCount;
    this.head.fill(-1, 0, nodeCount);
    this.sourceCap.fill(0, 0, nodeCount);
    this.sinkCap.fill(0, 0, nodeCount);
    this.solved = false;
  }

  /** Adds capacity s → v (`fromSource`) and v → t (`toSink`). */
  addTerminal(v: number, fromSource: number, toSink: number): void {
    this.checkNode(v);
    if (!(fromSource >= 0) || !(toSink >= 0)) throw new Error(`BkMaxFlow: negative or NaN terminal capacity at ${v}`);
    this.sourceCap[v] += fromSource;
    this.sinkCap[v] += toSink;
  }

  /** Adds u → v with capacity `capacity` and v → u with `reverseCapacity` (one residual pair serves both). */
  addEdge(u: number, v: number, capacity: number, reverseCapacity = 0): void {
    this.checkNode(u);
    this.checkNode(v);
    if (!(capacity >= 0) || !(reverseCapacity >= 0)) throw new Error(`BkMaxFlow: negative or NaN capacity on ${u}→${v}`);
    if (u === v || (capacity === 0 && reverseCapacity === 0)) return;
    if (this.arcCount + 2 > this.to.length) this.growArcs(2 * this.to.length);
    if (capacity !== Infinity && capacity > this.largestArc) this.largestArc = capacity;
    if (reverseCapacity !== Infinity && reverseCapacity > this.largestArc) this.largestArc = reverseCapacity;
    const a = this.arcCount;
    this.arcCount += 2;
    this.to[a] = v;
    this.rcap[a] = capacity;
    this.nextArc[a] = this.head[u];
    this.head[u] = a;
    this.to[a + 1] = u;
    this.rcap[a + 1] = reverseCapacity;
    this.nextArc[a + 1] = this.head[v];
    this.head[v] = a + 1;
  }

  /**
   * The maximum s–t flow; afterwards `inSourceSide` reads the minimum cut. Each phase is a method of its own: V8
   * compiles a long loop while it runs (on-stack replacement), and compiled together with the phases after it, it met
   * their code before it had ever run and threw the compiled code away there (Chromium's --js-flags=--trace-deopt: a
   * dozen times in a new worker's first segmentation of the bench's 5k page).
   */
  maxFlow(): number {
    this.solved = true;
    const terminal = this.foldTerminals();
    if (terminal === Infinity) return this.unbounded();
    const short = this.pushTwoArcPaths();
    if (short === Infinity) return this.unbounded();
    const longer = this.pushThreeArcPaths();
    if (longer === Infinity) return this.unbounded();
    this.plantTrees();
    const grown = this.growTrees();
    if (grown === Infinity) return Infinity;
    return terminal + short + longer + grown;
  }

  /** An infinite flow: every node is left free (sink side) for a defined answer. */
  private unbounded(): number {
    this.parentArc.fill(FREE, 0, this.nodeCount);
    return Infinity;
  }

  /**
   * Nets each node's terminal capacities (the common part of s → v → t is flow whatever else happens) and sets the
   * zero threshold; the flow so far, or ∞ when a node is tied to both terminals by infinite edges.
   */
  private foldTerminals(): number {
    const n = this.nodeCount;
    const { tcap } = this;
    let flow = 0;
    let largest = this.largestArc;
    for (let v = 0; v < n; v++) {
      const s = this.sourceCap[v];
      const t = this.sinkCap[v];
      if (s === Infinity && t === Infinity) return Infinity; // v must be on both sides: no finite cut
      flow += Math.min(s, t);
      tcap[v] = s === Infinity ? Infinity : t === Infinity ? -Infinity : s - t;
      if (s !== Infinity && s > largest) largest = s;
      if (t !== Infinity && t > largest) largest = t;
    }
    this.eps = largest * 1e-13;
    return flow;
  }

  /**
   * Paths s → u → v → t first, greedily, without trees (see the header). From the sink's side: fewer nodes lean
   * that way, so fewer arcs are read.
   */
  private pushTwoArcPaths(): number {
    const n = this.nodeCount;
    const { head, nextArc, to, rcap, tcap, eps } = this;
    let flow = 0;
    for (let v = 0; v < n; v++) {
      for (let a = head[v]; a >= 0 && tcap[v] < -eps; a = nextArc[a]) {
        const u = to[a];
        if (!(tcap[u] > eps) || !(rcap[a ^ 1] > eps)) continue;
        const pushed = Math.min(tcap[u], -tcap[v], rcap[a ^ 1]);
        if (pushed === Infinity) return Infinity;
        tcap[u] -= pushed;
        tcap[v] += pushed;
        rcap[a ^ 1] -= pushed;
        rcap[a] += pushed;
        flow += pushed;
      }
    }
    return flow;
  }

  /**
   * Then paths s → u → x → v → t, through each node x next to a node v that still leans to the sink. x's arcs are
   * read by two cursors, one to the next neighbour that can feed x from the source, one to the next that can drain
   * it to the sink; each push empties one of the four, so each x costs one pass over its arcs. (`queued` marks the
   * x already done; plantTrees resets it.)
   */
  private pushThreeArcPaths(): number {
    const n = this.nodeCount;
    const { head, nextArc, to, rcap, tcap, queued, eps } = this;
    let flow = 0;
    queued.fill(0, 0, n);
    for (let w = 0; w < n; w++) {
      if (!(tcap[w] < -eps)) continue;
      for (let b = head[w]; b >= 0 && tcap[w] < -eps; b = nextArc[b]) {
        const x = to[b];
        if (queued[x] === 1 || !(rcap[b ^ 1] > eps)) continue;
        queued[x] = 1;
        const pushed = this.pushThrough(x);
        if (pushed === Infinity) return Infinity;
        flow += pushed;
      }
    }
    return flow;
  }

  /**
   * The paths s → u → x → v → t through one x, by its two cursors. A method of its own: V8 compiled the cursor loop
   * on its own while it ran and threw that code away at each exit from it (Chromium's --js-flags=--trace-deopt: 144
   * times in a new worker's first segmentation of the bench's 5k page).
   */
  private pushThrough(x: number): number {
    const { head, nextArc, to, rcap, tcap, eps } = this;
    let flow = 0;
    let feed = head[x];
    let drain = head[x];
    for (;;) {
      while (feed >= 0 && !(rcap[feed ^ 1] > eps && tcap[to[feed]] > eps)) feed = nextArc[feed];
      if (feed < 0) break;
      while (drain >= 0 && !(rcap[drain] > eps && tcap[to[drain]] < -eps)) drain = nextArc[drain];
      if (drain < 0) break;
      const u = to[feed];
      const v = to[drain];
      const pushed = Math.min(tcap[u], rcap[feed ^ 1], rcap[drain], -tcap[v]);
      if (pushed === Infinity) return Infinity;
      tcap[u] -= pushed;
      rcap[feed ^ 1] -= pushed;
      rcap[feed] += pushed;
      rcap[drain] -= pushed;
      rcap[drain ^ 1] += pushed;
      tcap[v] += pushed;
      flow += pushed;
    }
    return flow;
  }

  /** Each node still leaning to a terminal is a root of that terminal's tree; the rest are free. */
  private plantTrees(): void {
    const n = this.nodeCount;
    const { tcap, parentArc, inSinkTree, dist, stamp, queued, eps } = this;
    this.queueStart = 0;
    this.queueEnd = 0;
    for (let v = 0; v < n; v++) {
      queued[v] = 0;
      stamp[v] = 0;
      if (tcap[v] > eps || tcap[v] < -eps) {
        parentArc[v] = TERMINAL;
        inSinkTree[v] = tcap[v] < 0 ? 1 : 0;
        dist[v] = 1;
        if (inSinkTree[v] === 1 || !this.sinkTreeOnly) this.enqueue(v);
      } else {
        parentArc[v] = FREE;
      }
    }
  }

  /** BK proper: grow the trees, augment where they meet, adopt the orphans; the flow it adds. */
  private growTrees(): number {
    const n = this.nodeCount;
    const { head, nextArc, to, rcap, parentArc, inSinkTree, dist, stamp, queued, active } = this;
    const eps = this.eps;
    let flow = 0;
    this.time = 0;
    let current = -1;
    for (;;) {
      let i = current;
      if (i < 0 || parentArc[i] === FREE) {
        i = -1;
        while (this.queueStart !== this.queueEnd) {
          const v = active[this.queueStart];
          this.queueStart = this.queueStart === n ? 0 : this.queueStart + 1;
          queued[v] = 0;
          if (parentArc[v] !== FREE) {
            i = v;
            break;
          }
        }
        if (i < 0) break;
      }
      current = -1;
      // Grow i's tree by one layer; stop at the first arc into the other tree.
      let middle = -1;
      if (inSinkTree[i] === 0) {
        for (let a = head[i]; a >= 0; a = nextArc[a]) {
          if (!(rcap[a] > eps)) continue;
          const j = to[a];
          if (parentArc[j] === FREE) {
            inSinkTree[j] = 0;
            parentArc[j] = a ^ 1;
            stamp[j] = stamp[i];
            dist[j] = dist[i] + 1;
            this.enqueue(j);
          } else if (inSinkTree[j] === 1) {
            middle = a;
            break;
          } else if (stamp[j] <= stamp[i] && dist[j] > dist[i]) {
            // j is known to be farther from the source than through i: a shorter tree adopts orphans faster.
            parentArc[j] = a ^ 1;
            stamp[j] = stamp[i];
            dist[j] = dist[i] + 1;
          }
        }
      } else {
        for (let a = head[i]; a >= 0; a = nextArc[a]) {
          if (!(rcap[a ^ 1] > eps)) continue;
          const j = to[a];
          if (parentArc[j] === FREE) {
            inSinkTree[j] = 1;
            parentArc[j] = a ^ 1;
            stamp[j] = stamp[i];
            dist[j] = dist[i] + 1;
            this.enqueue(j);
          } else if (inSinkTree[j] === 0) {
            middle = a ^ 1;
            break;
          } else if (stamp[j] <= stamp[i] && dist[j] > dist[i]) {
            parentArc[j] = a ^ 1;
            stamp[j] = stamp[i];
            dist[j] = dist[i] + 1;
          }
        }
      }
      this.time++;
      if (middle < 0) continue;
      // i may have more paths: look at it again first.
      current = i;
      const pushed = this.augment(middle);
      if (pushed === Infinity) return Infinity;
      flow += pushed;
      this.adoptOrphans();
    }
    return flow;
  }

  /** After `maxFlow`: whether v is on the source side of the minimum cut (its minimal source side). */
  inSourceSide(v: number): boolean {
    if (!this.solved) throw new Error('BkMaxFlow: inSourceSide before maxFlow');
    if (this.sinkTreeOnly) return this.parentArc[v] === FREE || this.inSinkTree[v] === 0;
    return this.parentArc[v] !== FREE && this.inSinkTree[v] === 0;
  }

  private enqueue(v: number): void {
    if (this.queued[v] === 1) return;
    this.queued[v] = 1;
    this.active[this.queueEnd] = v;
    this.queueEnd = this.queueEnd === this.nodeCount ? 0 : this.queueEnd + 1;
  }

  private makeOrphan(v: number): void {
    this.parentArc[v] = ORPHAN;
    this.orphans[this.orphanEnd] = v;
    this.orphanEnd = this.orphanEnd === this.nodeCount ? 0 : this.orphanEnd + 1;
  }

  /** Pushes the bottleneck along s ⇝ tail(middle) → head(middle) ⇝ t; nodes whose tree arc saturates are orphaned. */
  private augment(middle: number): number {
    const { to, rcap, tcap, parentArc, eps } = this;
    let bottleneck = rcap[middle];
    for (let v = to[middle ^ 1]; ; ) {
      const a = parentArc[v];
      if (a === TERMINAL) {
        bottleneck = Math.min(bottleneck, tcap[v]);
        break;
      }
      bottleneck = Math.min(bottleneck, rcap[a ^ 1]);
      v = to[a];
    }
    for (let v = to[middle]; ; ) {
      const a = parentArc[v];
      if (a === TERMINAL) {
        bottleneck = Math.min(bottleneck, -tcap[v]);
        break;
      }
      bottleneck = Math.min(bottleneck, rcap[a]);
      v = to[a];
    }
    if (bottleneck === Infinity) return Infinity;
    rcap[middle] -= bottleneck;
    rcap[middle ^ 1] += bottleneck;
    this.orphanStart = 0;
    this.orphanEnd = 0;
    for (let v = to[middle ^ 1]; ; ) {
      const a = parentArc[v];
      if (a === TERMINAL) {
        tcap[v] -= bottleneck;
        if (!(tcap[v] > eps)) this.makeOrphan(v);
        break;
      }
      rcap[a ^ 1] -= bottleneck;
      rcap[a] += bottleneck;
      const up = to[a];
      if (!(rcap[a ^ 1] > eps)) this.makeOrphan(v);
      v = up;
    }
    for (let v = to[middle]; ; ) {
      const a = parentArc[v];
      if (a === TERMINAL) {
        tcap[v] += bottleneck;
        if (!(tcap[v] < -eps)) this.makeOrphan(v);
        break;
      }
      rcap[a] -= bottleneck;
      rcap[a ^ 1] += bottleneck;
      const up = to[a];
      if (!(rcap[a] > eps)) this.makeOrphan(v);
      v = up;
    }
    return bottleneck;
  }

  /** Finds each orphan a new parent in its own tree (nearest to the terminal), or frees it and orphans its children. */
  private adoptOrphans(): void {
    const { head, nextArc, to, rcap, parentArc, inSinkTree, dist, stamp, orphans, eps } = this;
    const n = this.nodeCount;
    while (this.orphanStart !== this.orphanEnd) {
      const v = orphans[this.orphanStart];
      this.orphanStart = this.orphanStart === n ? 0 : this.orphanStart + 1;
      const sinkTree = inSinkTree[v];
      if (sinkTree === 0 && this.sinkTreeOnly) {
        this.freeSourceRoot(v);
        continue;
      }
      const time = this.time;
      let best = -1;
      let bestDist = FAR;
      for (let a = head[v]; a >= 0; a = nextArc[a]) {
        // The tree arc runs v → j; it must carry residue in the tree's direction of flow.
        if (!((sinkTree === 1 ? rcap[a] : rcap[a ^ 1]) > eps)) continue;
        const j = to[a];
        if (inSinkTree[j] !== sinkTree || parentArc[j] === FREE) continue;
        // Is j still rooted at a terminal? Walk up until a node checked at this time stamp, a terminal or an orphan.
        let d = 0;
        let k = j;
        for (;;) {
          if (stamp[k] === time) {
            d += dist[k];
            break;
          }
          const up = parentArc[k];
          d++;
          if (up === TERMINAL) {
            stamp[k] = time;
            dist[k] = 1;
            break;
          }
          if (up === ORPHAN) {
            d = FAR;
            break;
          }
          k = to[up];
        }
        if (d >= FAR) continue;
        if (d < bestDist) {
          best = a;
          bestDist = d;
        }
        // Record the distances along the checked path, so later walks stop early.
        for (k = j; stamp[k] !== time; k = to[parentArc[k]]) {
          stamp[k] = time;
          dist[k] = d--;
        }
      }
      if (best >= 0) {
        parentArc[v] = best;
        stamp[v] = time;
        dist[v] = bestDist + 1;
        continue;
      }
      parentArc[v] = FREE;
      for (let a = head[v]; a >= 0; a = nextArc[a]) {
        const j = to[a];
        const up = parentArc[j];
        if (inSinkTree[j] !== sinkTree || up === FREE) continue;
        // A neighbour that could reach v in the tree's direction may grow back into it later.
        if ((sinkTree === 1 ? rcap[a] : rcap[a ^ 1]) > eps) this.enqueue(j);
        if (up >= 0 && to[up] === v) this.makeOrphan(j);
      }
    }
  }

  /**
   * Sink-tree-only growth: a source node whose terminal capacity ran out leaves the source tree (which holds only
   * the terminal's own nodes), and the sink-tree nodes it could feed look at it again, to grow through it. (Those are
   * likely all still queued or being looked at already, but BK's completeness rests on every tree node next to a free
   * one being active, and the source tree, which would regrow into v in plain BK, does not grow here.)
   */
  private freeSourceRoot(v: number): void {
    const { head, nextArc, to, rcap, parentArc, inSinkTree, eps } = this;
    parentArc[v] = FREE;
    for (let a = head[v]; a >= 0; a = nextArc[a]) {
      const j = to[a];
      if (inSinkTree[j] === 1 && parentArc[j] !== FREE && rcap[a] > eps) this.enqueue(j);
    }
  }

  private growArcs(room: number): void {
    const to = new Int32Array(room);
    const nextArc = new Int32Array(room);
    const rcap = new Float64Array(room);
    to.set(this.to.subarray(0, this.arcCount));
    nextArc.set(this.nextArc.subarray(0, this.arcCount));
    rcap.set(this.rcap.subarray(0, this.arcCount));
    this.to = to;
    this.nextArc = nextArc;
    this.rcap = rcap;
  }

  private checkNode(v: number): void {
    // (v >>> 0) === v: a non-negative integer below 2³², without the cost of Number.isInteger on the hot path.
    if ((v >>> 0) !== v || v >= this.nodeCount) throw new Error(`BkMaxFlow: node ${v} out of range`);
  }
}
