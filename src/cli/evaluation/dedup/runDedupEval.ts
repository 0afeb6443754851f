import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { REPO_ROOT } from '../../datasets/dataPaths.ts';
import { captureLabelledPages } from '../../datasets/captureLabelled.ts';
import { loadModel } from '../../modelFile.ts';
import { DEFAULT_SEGMENTATION_MODEL_PATH, loadSegmentationModel } from '../../segment/segmentationModelFile.ts';
import { oneLine } from '../../browser/oneLine.ts';
import type { PipelineOptions } from '../../../pipeline/pipelineOptions.ts';
import { dedupOptions } from '../../../dedup/dedupOptions.ts';
import { dedupEvalSites, DEDUP_DATASETS } from './dedupEvalSites.ts';
import { pageTexts, type PageTexts } from './dedupEvalTexts.ts';
import { countSite, type SiteDedupRow } from './dedupSiteCounts.ts';
import { datasetTable, dedupEvalJson, dedupMarkdown, flaggedPairsCsv, totalsLine } from './dedupEvalReport.ts';

export interface DedupEvalOptions {
  outDir: string;
  pipeline: PipelineOptions;
  /** Only the first N sites of each dataset, for quick runs. */
  limit?: number;
  command: string;
  json: boolean;
  log: (s: string) => void;
}

/**
 * `winnow eval --dataset dedup`: captures the measured sites' pages through the training capture and its cache
 * (.cache/capture), reads each page's raw, content, largest-segment and gold text, finds each site's near-duplicate
 * pairs under each with the paper's rule, prints a table per dataset and writes report.md and pairs.csv. A page that
 * fails to capture or has no gold is listed with the reason and left out of its site's pairs.
 */
export async function runDedupEval(o: DedupEvalOptions): Promise<SiteDedupRow[]> {
  const started = Date.now();
  const options = dedupOptions();
  const sites = await dedupEvalSites(o.limit);
  const pages = sites.flatMap((s) => s.pages);
  o.log(`dedup: ${sites.length} sites, ${pages.length} pages (${DEDUP_DATASETS
    .map((d) => `${d} ${sites.filter((s) => s.dataset === d).length}`).join(', ')})`);
  const capture = { rendered: 0, cached: 0 };
  const captured = await captureLabelledPages(pages, { useCache: true, log: o.log, stats: capture });
  const byId = new Map(captured.map((c) => [c.page.id, c]));
  const [model, segmentation] = await Promise.all([loadModel(), loadSegmentationModel()]);
  const failed: Array<{ id: string; reason: string }> = [];
  const rows: SiteDedupRow[] = [];
  for (const site of sites) {
    const read: Array<{ id: string; texts: PageTexts }> = [];
    for (const page of site.pages) {
      const c = byId.get(page.id)!;
      if ('error' in c) {
        failed.push({ id: page.id, reason: `capture failed: ${c.error}` });
        continue;
      }
      try {
        read.push({ id: page.id, texts: await pageTexts(site.dataset, c, model.weights, o.pipeline, segmentation) });
      } catch (e) {
        failed.push({ id: page.id, reason: oneLine(e) });
      }
    }
    rows.push(countSite(site, read, options));
  }
  const seconds = (Date.now() - started) / 1000;
  await mkdir(o.outDir, { recursive: true });
  await writeFile(join(o.outDir, 'report.md'), dedupMarkdown(rows, {
    command: o.command, options, modelPath: relative(REPO_ROOT, model.path), pipeline: o.pipeline, failed, capture,
    seconds, segmentation: {
      path: relative(REPO_ROOT, DEFAULT_SEGMENTATION_MODEL_PATH),
      trainedOn: `${segmentation.trainedOn.pages} pages of ${basename(segmentation.trainedOn.dataset)}`,
    },
  }));
  await writeFile(join(o.outDir, 'pairs.csv'), flaggedPairsCsv(rows));
  for (const dataset of DEDUP_DATASETS) {
    console.log(`${dataset}:`);
    for (const line of datasetTable(rows, dataset)) console.log(line);
    console.log('');
  }
  for (const dataset of DEDUP_DATASETS) o.log(totalsLine(rows, dataset));
  for (const f of failed) o.log(`left out ${f.id}: ${f.reason}`);
  o.log(`wrote ${join(o.outDir, 'report.md')} and pairs.csv (${seconds.toFixed(0)} s)`);
  if (o.json) console.log(dedupEvalJson(rows, options, failed.length));
  return rows;
}
