/**
 * What the command line injects into a page (bundled as one script): capture, the whole pipeline run inside the
 * page so its timings are the page's own, and the label reader for training. Results are plain JSON.
 */
import { captureSnapshot, type CaptureResult } from './captureSnapshot.ts';
import { selectorOf } from './selectorOf.ts';
import { l3sNodeLabels, l3sSpanClasses } from './trainingLabels.ts';
import { runPipeline } from '../pipeline/runPipeline.ts';
import { pipelineOptions, type PipelineOptions } from '../pipeline/pipelineOptions.ts';
import { parseModelWeights } from '../model/weights.ts';
import { FEATURE_SCHEMA } from '../features/featureSchema.ts';
import { readerText } from '../reader/readerText.ts';
import { readerKeep } from '../reader/readerKeep.ts';
import { snapshotToJson, type SnapshotJson } from '../snapshot/snapshotJson.ts';
import type { PageAnalysisJson, PageSegmentJson } from '../pipeline/pageAnalysis.ts';

let last: CaptureResult | null = null;

function analyze(weightsJson: unknown, options: Partial<PipelineOptions>): PageAnalysisJson {
  const weights = parseModelWeights(weightsJson, FEATURE_SCHEMA);
  const opts = pipelineOptions(options);
  last = captureSnapshot(document);
  const { snapshot, elements } = last;
  const result = runPipeline(snapshot, weights, opts);
  const keep = readerKeep(snapshot, result.values, opts.threshold);
  const text = readerText(snapshot, (i) => keep[i] === 0);
  return {
    url: snapshot.url,
    title: snapshot.title,
    nodes: snapshot.count,
    smoothedNodes: result.smoothedNodes,
    cost: result.cost,
    segments: result.segments.map((seg) => ({
      node: seg.node,
      selector: selectorOf(elements[seg.node]),
      rect: seg.rect,
      score: seg.score,
      template: seg.template,
      text: seg.text,
      parentSegment: seg.parentSegment,
    })),
    readerText: text,
    timingsMs: { ...result.timingsMs },
  };
}

/** The snapshot plus L3S labels per node, for training. */
function captureForTraining(siteHost?: string): { snapshot: SnapshotJson; labels: number[]; spans: number[] } {
  last = captureSnapshot(document, { siteHost });
  const labels = l3sNodeLabels(last.elements, last.snapshot.parent, last.snapshot.textChars);
  const spans = l3sSpanClasses(last.elements);
  return { snapshot: snapshotToJson(last.snapshot), labels: Array.from(labels), spans: Array.from(spans) };
}

function capture(): SnapshotJson {
  last = captureSnapshot(document);
  return snapshotToJson(last.snapshot);
}

/** Draws each segment's outline (template red, content green) for the annotated screenshot. */
function drawSegments(segments: PageSegmentJson[]): void {
  const layer = document.createElement('div');
  layer.setAttribute('data-winnow-overlay', '');
  layer.style.cssText = 'position:absolute;left:0;top:0;width:0;height:0;z-index:2147483647;pointer-events:none';
  for (const seg of segments) {
    if (seg.parentSegment < 0) continue;
    const box = document.createElement('div');
    const colour = seg.template ? '220,40,40' : '20,150,60';
    box.style.cssText = `position:absolute;left:${seg.rect.x}px;top:${seg.rect.y}px;width:${seg.rect.width}px;` +
      `height:${seg.rect.height}px;outline:2px solid rgb(${colour});background:rgba(${colour},0.12);` +
      'box-sizing:border-box;font:11px sans-serif;color:#fff';
    const label = document.createElement('span');
    label.textContent = `${seg.template ? 'template' : 'content'} ${seg.score.toFixed(2)}`;
    label.style.cssText = `background:rgb(${colour});padding:0 3px`;
    box.append(label);
    layer.append(box);
  }
  document.documentElement.append(layer);
}

/** Elements of the last capture (tests map snapshot indices back to elements through it). */
function elements(): Element[] {
  return last?.elements ?? [];
}

/**
 * CSS selectors of nodes of the last capture: a page cleaned with site evidence (`--site`) is segmented in Node, so
 * the command line asks for its segments' selectors afterwards.
 */
function selectors(nodes: number[]): string[] {
  const all = elements();
  return nodes.map((i) => (all[i] ? selectorOf(all[i]) : ''));
}

const api = { analyze, capture, captureForTraining, drawSegments, elements, selectors };
export type WinnowPageApi = typeof api;
(globalThis as unknown as { __winnow: WinnowPageApi }).__winnow = api;
