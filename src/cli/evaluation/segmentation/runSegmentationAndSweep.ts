import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { loadModel } from '../../modelFile.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../../pipeline/pipelineOptions.ts';
import { prepareKreuzerPages, segmentationEval } from './segmentationEval.ts';
import { loadHeldOutL3s } from './sweepHeldOutL3s.ts';
import { penaltyGrid, penaltySweep, sweepChart, sweepCsv } from './penaltySweep.ts';
import { segmentationCsv, segmentationMarkdown } from './segmentationReport.ts';
import { heldOutTemplateEval, templateEvalTable } from './heldOutTemplateEval.ts';
import { graphSegmentationEval } from './graphSegmentationEval.ts';
import { graphSegmentationCsv, graphSegmentationMarkdown } from './graphSegmentationReport.ts';
import type { SegmentationMethod } from '../../../segmentation/pageSegmentation.ts';

function round(x: number): number {
  return Number.isFinite(x) ? Number(x.toFixed(4)) : x;
}

export interface SegmentationAndSweepOptions {
  outDir: string;
  /** Only the first `limit` kreuzer pages and the first `limit` held-out L3S pages (quick runs). */
  limit?: number;
  log: (s: string) => void;
  /** Where the returned Markdown will be saved, for the chart link; `outDir` by default. */
  markdownDir?: string;
  /** A Kreuzer-format folder or archive instead of kreuzer-popular; the L3S sweep and §6.1 table are then skipped. */
  data?: string;
}

/** `--json`'s line: means over pages of the graph segmenters and the smoothing (innermost human segments). */
export interface SegmentationSummary {
  pages: number;
  methods: Record<SegmentationMethod, { ari: number; nmi: number; bcubedChars: number; bcubedNodes: number }>;
}

/**
 * Segmentation quality against kreuzer-popular's human blocks at the default penalty, the penalty sweep (text and
 * link f-measure on held-out L3S, mean ARI on kreuzer) over c = 1e-4 … 1, and the §6.1 template-detection table
 * (Basic, Basic+Merge, Smooth) at the default c. Writes segmentation.csv, penalty-sweep.csv,
 * penalty-sweep.svg and report.md (the returned section) into `outDir`.
 * `npx winnow eval --dataset segmentation` runs it.
 */
export async function runSegmentationAndSweep(opts: SegmentationAndSweepOptions):
  Promise<{ markdown: string; summary: SegmentationSummary }> {
  const t0 = Date.now();
  const outDir = resolve(opts.outDir);
  await mkdir(outDir, { recursive: true });
  const { weights, path } = await loadModel();
  opts.log(`segmentation: model ${path}`);
  const defaultC = DEFAULT_PIPELINE_OPTIONS.penaltyFactor;

  const kreuzer = await prepareKreuzerPages(weights, { limit: opts.limit, log: opts.log, data: opts.data });
  opts.log(`segmentation: ${kreuzer.pages.length} of ${kreuzer.total} kreuzer pages captured ` +
    `(${kreuzer.captureSeconds.toFixed(0)} s)`);
  const seg = segmentationEval(kreuzer.pages, defaultC, kreuzer.failed);
  for (const f of seg.failed) opts.log(`segmentation: not scored ${f.id}: ${f.reason}`);
  const w = seg.mean.winnow;
  opts.log(`segmentation: c = ${defaultC}, ${seg.pages.length} pages: ARI ${w.innermost.ari.toFixed(3)}, ` +
    `NMI ${w.innermost.nmi.toFixed(3)} (innermost blocks); ARI ${w.outermost.ari.toFixed(3)}, ` +
    `NMI ${w.outermost.nmi.toFixed(3)} (outermost)`);
  await writeFile(join(outDir, 'segmentation.csv'), segmentationCsv(seg));

  const t2 = Date.now();
  const graph = graphSegmentationEval(kreuzer.pages, 'innermost', { log: opts.log });
  const graphSeconds = (Date.now() - t2) / 1000;
  for (const [method, m] of Object.entries(graph.mean)) {
    opts.log(`segmentation ${method}: ARI ${m.ari.toFixed(3)}, NMI ${m.nmi.toFixed(3)}, BCubed F chars ` +
      `${m.bcubedChars.toFixed(3)}, nodes ${m.bcubedNodes.toFixed(3)} (${graph.pages.length} pages)`);
  }
  await writeFile(join(outDir, 'graph-segmentation.csv'), graphSegmentationCsv(graph));
  const graphSection = graphSegmentationMarkdown(graph, graphSeconds);
  const summary: SegmentationSummary = {
    pages: graph.pages.length,
    methods: Object.fromEntries(Object.entries(graph.mean).map(([method, m]) => [method,
      { ari: round(m.ari), nmi: round(m.nmi), bcubedChars: round(m.bcubedChars), bcubedNodes: round(m.bcubedNodes) }])) as
      SegmentationSummary['methods'],
  };
  if (opts.data) {
    await writeFile(join(outDir, 'report.md'), graphSection);
    return { markdown: graphSection, summary };
  }

  const l3s = await loadHeldOutL3s({ limit: opts.limit, log: opts.log });
  for (const f of l3s.failed) opts.log(`sweep: held-out L3S page failed ${f.id}: ${f.reason}`);
  opts.log(`sweep: ${l3s.pages.length} held-out L3S pages (${l3s.captureSeconds.toFixed(0)} s)`);
  const t1 = Date.now();
  const rows = penaltySweep(l3s.pages, kreuzer.pages, weights, penaltyGrid(1e-4, 1, 3), opts.log);
  const sweepSeconds = (Date.now() - t1) / 1000;
  await writeFile(join(outDir, 'penalty-sweep.csv'), sweepCsv(rows));
  await writeFile(join(outDir, 'penalty-sweep.svg'), sweepChart(rows, defaultC));

  const chartLink = relative(resolve(opts.markdownDir ?? outDir), join(outDir, 'penalty-sweep.svg')).split('\\').join('/');
  const markdown = segmentationMarkdown(seg, rows, {
    kreuzerPages: kreuzer.total,
    l3sPages: l3s.pages.length,
    l3sFailed: l3s.failed,
    defaultC,
    chartLink,
    seconds: {
      kreuzerCapture: kreuzer.captureSeconds,
      l3sCapture: l3s.captureSeconds,
      sweep: sweepSeconds,
      total: (Date.now() - t0) / 1000,
    },
  });
  const templateRows = heldOutTemplateEval(l3s.pages, weights, defaultC);
  const smooth = templateRows.find((r) => r.method === 'PageLevel Smooth')!;
  opts.log(`template detection (c = ${defaultC}): Smooth text F ${smooth.text.f.toFixed(3)}, ` +
    `links F ${smooth.links.f.toFixed(3)}`);
  const templateSection = `### Template detection (000 §6.1), ${l3s.pages.length} held-out L3S-GN1 pages, c = ${defaultC}

Precision / recall / f-measure of the annotated words (Text), anchor-text characters (AT) and links that lie in
template regions (L3S classes 0 and 4; each counted once, under the innermost annotated span around it),
micro-averaged over the pages; threshold 0.5. The paper's best: text F 0.66, links F 0.77.

${templateEvalTable(templateRows)}
`;
  const full = `${graphSection}\n${markdown}\n${templateSection}`;
  await writeFile(join(outDir, 'report.md'), full);
  opts.log(`segmentation: wrote segmentation.csv, penalty-sweep.csv, penalty-sweep.svg and report.md to ${outDir}`);
  return { markdown: full, summary };
}
