import type { FileOutcome } from './analyzeFiles.ts';

/** One page of `analyze --json`; `analyze --site --json` adds its site evidence to this. */
export function analysisJson(o: FileOutcome) {
  if ('error' in o) return { file: o.item.file, error: o.error };
  const a = o.analysis;
  return {
    file: o.item.file,
    url: a.url,
    title: a.title,
    nodes: a.nodes,
    smoothedNodes: a.smoothedNodes,
    cost: a.cost,
    segments: a.segments.map((s) => ({
      selector: s.selector, rect: s.rect, score: s.score, template: s.template, text: s.text,
      parentSegment: s.parentSegment,
    })),
    timingsMs: a.timingsMs,
  };
}
