import type { RunStatus } from './runStatus.ts';

const METHOD_NAMES = { gcuts: 'GCuts', cclus: 'CClus' } as const;

/**
 * What segments mode reports, on the page (a toast) and in the popup (a status line): the method, how many segments,
 * how many of them template, and how long the segmentation took in the engine.
 */
export function segmentsSummary(g: Pick<NonNullable<RunStatus['graph']>, 'method' | 'segments' |
  'templateSegments' | 'segmentMs'>): string {
  return `${METHOD_NAMES[g.method]}: ${g.segments.toLocaleString('en')} segments ` +
    `(${g.templateSegments.toLocaleString('en')} template), segmented in ${Math.round(g.segmentMs)} ms`;
}
