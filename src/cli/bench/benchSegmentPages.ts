/**
 * Times GCuts and CClus on real pages: every kreuzer-popular page (captured once, cached), segmented by the bundled
 * model the way the worker does (features, costs, α-expansion / pivots), each page several times; prints the median
 * per page size band and the largest pages. Issue 16 asks for a 5k-node page in under 100 ms.
 * Run: npx tsx src/cli/bench/benchSegmentPages.ts [runs=3]
 */
import { loadModel } from '../modelFile.ts';
import { prepareKreuzerPages } from '../evaluation/segmentation/segmentationEval.ts';
import { loadSegmentationModel } from '../segment/segmentationModelFile.ts';
import { segmentPage } from '../../segmentation/segmentPage.ts';
import { gcutsPage, LABEL_SWEEPS } from '../../segmentation/gcutsPage.ts';
import { leafAgreement } from '../../segmentation/trainSegmentation.ts';
import { now } from '../../util/clock.ts';
import { mean, median } from '../evaluation/stats.ts';

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3);
  const [{ weights }, model] = await Promise.all([loadModel(), loadSegmentationModel()]);
  const { pages } = await prepareKreuzerPages(weights, { log: () => {} });
  const rows = pages.map(({ page, classified }) => {
    const time = (method: 'gcuts' | 'cclus') => {
      const ms: number[] = [];
      let segments = 0;
      for (let r = 0; r < runs; r++) {
        const t0 = now();
        segments = segmentPage(classified.snapshot, model, method, { scores: classified.scores }).segmentCount;
        ms.push(now() - t0);
      }
      return { ms: median(ms), segments };
    };
    return { id: page.id, nodes: classified.snapshot.count, gcuts: time('gcuts'), cclus: time('cclus') };
  }).sort((a, b) => a.nodes - b.nodes);
  console.log(`${rows.length} kreuzer-popular pages, median of ${runs} runs each, bundled model (${model.labelCount} labels)`);
  console.log('page nodes     pages  GCuts median ms  GCuts max ms  CClus median ms');
  for (const [lo, hi] of [[0, 1000], [1000, 2000], [2000, 3000], [3000, 5000], [5000, Infinity]]) {
    const band = rows.filter((r) => r.nodes >= lo && r.nodes < hi);
    if (band.length === 0) continue;
    console.log(`${`${lo}–${hi === Infinity ? '' : hi}`.padEnd(14)} ${String(band.length).padStart(5)} ` +
      `${median(band.map((r) => r.gcuts.ms)).toFixed(1).padStart(16)} ${Math.max(...band.map((r) => r.gcuts.ms)).toFixed(1).padStart(13)} ` +
      `${median(band.map((r) => r.cclus.ms)).toFixed(1).padStart(16)}`);
  }
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
        'to convergence'}: summed energy ${energy.toFixed(0)}, ${(ms / pages.length).toFixed(1)} ms per page, ` +
        `mean ARI ${mean(ari.filter(Number.isFinite)).toFixed(3)}`);
    }
  }
  console.log('largest pages:');
  for (const r of rows.slice(-5)) {
    console.log(`  ${r.id.padEnd(50)} ${String(r.nodes).padStart(6)} nodes  GCuts ${r.gcuts.ms.toFixed(1)} ms ` +
      `(${r.gcuts.segments} segments)  CClus ${r.cclus.ms.toFixed(1)} ms (${r.cclus.segments})`);
  }
}

void main();
