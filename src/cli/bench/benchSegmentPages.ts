/**
 * Times GCuts and CClus on real pages, segmented by the bundled model the way the worker does (segmentPage: tree,
 * features, costs, α-expansion / pivots), each page several times:
 * - every kreuzer-popular page (captured once, cached), as the median per page-size band;
 * - the largest pages of the content datasets (BIG_PAGES: kreuzer-popular has none past 3,000 nodes, and issue 16 asks
 *   for a 5k-node page in under 100 ms), each on its own row.
 * GCuts' time is split into phases (gcutsPhaseTimes.ts); "other" is the rest: the tree, the start labelling, each
 * move's energy check, the segments' numbering and splitting. Then the summed energy and in-sample ARI of one round
 * against convergence and of 16 labels against the model's, which show what LABEL_SWEEPS and the label count give up,
 * and would show any change of the labelling a solver change makes.
 * Run: npx tsx src/cli/bench/benchSegmentPages.ts [runs=3] [--big]   (--big: the largest pages only, with CPU time)
 */
import { join } from 'node:path';
import { loadModel } from '../modelFile.ts';
import { prepareKreuzerPages } from '../evaluation/segmentation/segmentationEval.ts';
import { loadSegmentationModel } from '../segment/segmentationModelFile.ts';
import { captureLabelledPages } from '../datasets/captureLabelled.ts';
import { sharedDataset } from '../datasets/dataPaths.ts';
import { loadDragnetPages } from '../datasets/dragnetPages.ts';
import { loadScrapinghubPages } from '../datasets/scrapinghubPages.ts';
import type { LabelledPage } from '../datasets/labelledPage.ts';
import { classifyPage } from '../../pipeline/runPipeline.ts';
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { segmentPage } from '../../segmentation/segmentPage.ts';
import { segmentationTree } from '../../segmentation/segmentationTree.ts';
import { gcutsPage, LABEL_SWEEPS } from '../../segmentation/gcutsPage.ts';
import { emptyPhaseTimes, type GcutsPhaseTimes } from '../../segmentation/gcutsPhaseTimes.ts';
import type { SegmentationModel } from '../../segmentation/segmentationModel.ts';
import { leafAgreement } from '../../segmentation/trainSegmentation.ts';
import { now } from '../../util/clock.ts';
import { mean, median } from '../evaluation/stats.ts';

/**
 * The content datasets' largest captured pages (page nodes / segmentation-tree nodes at the time they were picked):
 * two near 5k page nodes, two near 10k.
 */
const BIG_PAGES = ['wcxb-0685', 'dragnet-455', 'dragnet-T55', 'wcxb-3005'];

const PHASES: Array<keyof GcutsPhaseTimes> = ['features', 'labels', 'unary', 'pairCosts', 'graph', 'maxFlow'];

interface Timed {
  id: string;
  nodes: number;
  treeNodes: number;
  /** Medians over the runs: the whole segmentation, each phase, the rest. */
  ms: number;
  phases: GcutsPhaseTimes;
  other: number;
  energy: number;
  segments: number;
  cclusMs: number;
}

/** GCuts as segmentPage runs it (tree, then gcutsPage), `runs` times, with the phases of each run. */
function timeGcuts(id: string, s: PageSnapshot, scores: ArrayLike<number>, model: SegmentationModel,
  runs: number): Timed {
  const totals: number[] = [];
  const perRun: GcutsPhaseTimes[] = [];
  let result = { energy: NaN, segments: 0, treeNodes: 0 };
  for (let r = 0; r < runs; r++) {
    const times = emptyPhaseTimes();
    const t0 = now();
    const tree = segmentationTree(s);
    const g = gcutsPage(s, model, { tree, scores, times });
    totals.push(now() - t0);
    perRun.push(times);
    result = { energy: g.energy, segments: g.segmentCount, treeNodes: tree.nodeOf.length };
  }
  const phases = emptyPhaseTimes();
  for (const p of PHASES) phases[p] = median(perRun.map((t) => t[p]));
  const other = median(perRun.map((t, r) => totals[r] - PHASES.reduce((sum, p) => sum + t[p], 0)));
  const cclus: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = now();
    segmentPage(s, model, 'cclus', { scores });
    cclus.push(now() - t0);
  }
  return { id, nodes: s.count, ms: median(totals), phases, other, ...result, cclusMs: median(cclus) };
}

/** BIG_PAGES from wcxb-dev and Dragnet (../shared/data), captured once and cached like the training captures. */
async function bigPages(): Promise<LabelledPage[]> {
  const wcxbDir = sharedDataset('wcxb-dev');
  const { pages: wcxb } = await loadScrapinghubPages(join(wcxbDir, 'pages'), join(wcxbDir, 'ground-truth.json'));
  const all: LabelledPage[] = [
    ...wcxb.map((p) => ({ id: `wcxb-${p.id}`, site: p.site, path: p.path, url: p.url })),
    ...await loadDragnetPages(sharedDataset('dragnet')),
  ];
  return BIG_PAGES.map((id) => {
    const page = all.find((p) => p.id === id);
    if (!page) throw new Error(`benchSegmentPages: no page ${id} in the datasets`);
    return page;
  });
}

const HEADER = `${'page'.padEnd(16)} ${'nodes'.padStart(6)} ${'tree'.padStart(5)}  GCuts ms ` +
  PHASES.map((p) => p.padStart(9)).join(' ') + `     other  CClus ms`;

function row(label: string, nodes: string, tree: string, t: Pick<Timed, 'ms' | 'phases' | 'other' | 'cclusMs'>): string {
  return `${label.padEnd(16)} ${nodes.padStart(6)} ${tree.padStart(5)} ${t.ms.toFixed(1).padStart(9)} ` +
    PHASES.map((p) => t.phases[p].toFixed(1).padStart(9)).join(' ') +
    ` ${t.other.toFixed(1).padStart(9)} ${t.cclusMs.toFixed(1).padStart(9)}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 3);
  const bigOnly = args.includes('--big');
  const [{ weights }, model] = await Promise.all([loadModel(), loadSegmentationModel()]);
  if (bigOnly) return timeBigPages(weights, model, runs);
  const { pages } = await prepareKreuzerPages(weights, { log: () => {} });
  const rows = pages.map(({ page, classified }) =>
    timeGcuts(page.id, classified.snapshot, classified.scores, model, runs)).sort((a, b) => a.nodes - b.nodes);
  console.log(`${rows.length} kreuzer-popular pages, then the largest content-dataset pages; median of ${runs} runs ` +
    `each, bundled model (${model.labelCount} labels); ms per page (bands: median over the band's pages)`);
  console.log(HEADER);
  for (const [lo, hi] of [[0, 1000], [1000, 2000], [2000, 3000], [3000, 5000], [5000, Infinity]]) {
    const band = rows.filter((r) => r.nodes >= lo && r.nodes < hi);
    if (band.length === 0) continue;
    const phases = emptyPhaseTimes();
    for (const p of PHASES) phases[p] = median(band.map((r) => r.phases[p]));
    console.log(row(`${lo}–${hi === Infinity ? '' : hi} (${band.length})`, '', '', {
      ms: median(band.map((r) => r.ms)), phases, other: median(band.map((r) => r.other)),
      cclusMs: median(band.map((r) => r.cclusMs)),
    }));
  }
  await timeBigPages(weights, model, runs, false);

  // What LABEL_SWEEPS and the label count give up. The ARI is in-sample: the bundled model learned from these pages.
  for (const labelCount of [...new Set([16, model.labelCount])]) {
    for (const rounds of [LABEL_SWEEPS, 1000]) {
      let energy = 0;
      let ms = 0;
      const ari: number[] = [];
      for (const { classified, truth } of pages) {
        const t0 = now();
        const seg = gcutsPage(classified.snapshot, { ...model, labelCount }, { scores: classified.scores, rounds });
        ms += now() - t0;
        energy += seg.energy;
        ari.push(leafAgreement(seg, Array.from(seg.tree.nodeOf, (i) => truth.innermost[i])).ari);
      }
      console.log(`GCuts, ${labelCount} labels, ${rounds === LABEL_SWEEPS ? `${LABEL_SWEEPS} round(s) (the segmenter's)` :
        'to convergence'}: summed energy ${energy.toFixed(3)}, ${(ms / pages.length).toFixed(1)} ms per page, ` +
        `mean ARI ${mean(ari.filter(Number.isFinite)).toFixed(4)}`);
    }
  }
}

/** The BIG_PAGES rows, their energies, and the process's CPU time over all of it (a figure load does not inflate). */
async function timeBigPages(weights: Parameters<typeof classifyPage>[1], model: SegmentationModel, runs: number,
  header = true) {
  const captured = await captureLabelledPages(await bigPages(), { useCache: true, log: () => {} });
  const big: Timed[] = [];
  const cpu0 = process.cpuUsage();
  const wall0 = now();
  for (const c of captured) {
    if ('error' in c) {
      console.log(`${c.page.id}: capture failed (${c.error})`);
      continue;
    }
    big.push(timeGcuts(c.page.id, c.snapshot, classifyPage(c.snapshot, weights).scores, model, runs));
  }
  const cpu = process.cpuUsage(cpu0);
  if (header) console.log(HEADER);
  for (const r of big) console.log(row(r.id, String(r.nodes), String(r.treeNodes), r));
  console.log(`the large pages' rows took ${(now() - wall0).toFixed(0)} ms wall, ` +
    `${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU (with their classification and CClus)`);
  console.log('energy and segments of the large pages (GCuts, the segmenter\'s settings):');
  for (const r of big) console.log(`  ${r.id.padEnd(14)} energy ${r.energy.toFixed(3)}, ${r.segments} segments`);
}

void main();
