/**
 * The command line's page script, bundled as one classic script by src/cli/browser/pageScript.ts: installs the page API
 * (src/capture/page/pageApi.ts), which Node code calls through `callPage`. winnowExtract (capture, the whole pipeline
 * and the reader, run inside the page so its timings are the page's own), the label readers for training and for the
 * segmentation evaluation, and the methods `winnow eval` compares. Results are plain JSON.
 */
import { captureSnapshot, type CaptureResult } from './captureSnapshot.ts';
import { selectorOf } from './selectorOf.ts';
import { xpathOf } from './xpathOf.ts';
import { l3sNodeLabels, l3sSpanClasses } from './trainingLabels.ts';
import { winnowRun } from './winnowExtract.ts';
import { runEvalMethod } from './page/evalMethods.ts';
import { readHumanBlocks } from './page/humanBlocks.ts';
import { l3sPageGoldText } from './page/l3sGoldText.ts';
import type { HumanBlocksJson, PageApi, TrainingCaptureJson } from './page/pageApi.ts';
import type { PipelineOptions } from '../pipeline/pipelineOptions.ts';
import { snapshotToJson, type SnapshotJson } from '../snapshot/snapshotJson.ts';
import type { PageAnalysisJson, PageSegmentJson } from '../pipeline/pageAnalysis.ts';

let last: CaptureResult | null = null;

/** winnowExtract with the command line's weights and options; keeps the capture for elements() and selectors(). */
function analyze(weightsJson: unknown, options: Partial<PipelineOptions>): PageAnalysisJson {
  const run = winnowRun(document, {
    model: weightsJson, penalty: options.penaltyFactor, threshold: options.threshold, minArea: options.minArea,
  });
  last = run.capture;
  const { snapshot } = run.capture;
  const { article } = run;
  return {
    url: snapshot.url,
    title: snapshot.title,
    nodes: snapshot.count,
    smoothedNodes: run.result.smoothedNodes,
    cost: run.result.cost,
    segments: article.segments,
    readerText: article.text,
    article: { title: article.title, byline: article.byline, published: article.published },
    timingsMs: article.timingsMs,
  };
}

/** The snapshot plus L3S labels per node, for training. */
function captureForTraining(siteHost?: string): TrainingCaptureJson {
  last = captureSnapshot(document, { siteHost });
  const labels = l3sNodeLabels(last.elements, last.snapshot.parent, last.snapshot.textChars);
  const spans = l3sSpanClasses(last.elements);
  return { snapshot: snapshotToJson(last.snapshot), labels: Array.from(labels), spans: Array.from(spans) };
}

function capture(): SnapshotJson {
  last = captureSnapshot(document);
  return snapshotToJson(last.snapshot);
}

/** A kreuzer-popular page's capture, taken with its annotation removed, and the human blocks of its nodes. */
function captureHumanBlocks(siteHost: string): HumanBlocksJson {
  return readHumanBlocks(document, () => {
    last = captureSnapshot(document, { siteHost });
    return { snapshot: snapshotToJson(last.snapshot), elements: last.elements };
  });
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

/** Elements of the last capture: elements()[i] is snapshot node i. */
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

/** XPaths of nodes of the last capture ('' for a node it does not have or one inside a shadow root). */
function xpaths(nodes: number[]): string[] {
  const all = elements();
  return nodes.map((i) => (all[i] ? xpathOf(all[i]) ?? '' : ''));
}

const api = {
  analyze,
  capture,
  captureForTraining,
  captureHumanBlocks,
  drawSegments,
  selectors,
  xpaths,
  elementIds: () => elements().map((el) => el.id),
  goldText: (classes) => l3sPageGoldText(document, classes),
  evalMethod: (name, weightsJson, options) => runEvalMethod(name, () => analyze(weightsJson, options).readerText),
} satisfies PageApi;
(globalThis as unknown as { __winnow: PageApi }).__winnow = api;
