import { formatSegmentTable } from './segmentTable.ts';
import { analysisJson } from './analysisJson.ts';
import type { SiteFileOutcome } from './analyzeSite.ts';

type Analysed = Extract<SiteFileOutcome, { analysis: unknown }>;

/** The usual segment table, then one line on the site: pages seen before this one and the site-template segments. */
export function formatSiteSegmentTable(o: Analysed): string {
  return `${formatSegmentTable(o.item.file, o.analysis)}\n${siteLine(o)}`;
}

export function siteLine(o: Analysed): string {
  const s = o.site;
  const methods = s.setAside === 'copy' ? ' (evidence set aside: the page looks like a copy of a remembered one)'
    : s.methods.length ? ` (evidence from ${s.methods.join(', ')})` : ' (no evidence yet)';
  const segments = s.templateSegments.length ? s.templateSegments.join(', ') : 'none';
  return `  site: ${s.pagesSeen} earlier page${s.pagesSeen === 1 ? '' : 's'} seen${methods}; ` +
    `site-template segments: ${segments}`;
}

/** `analyze --site --json`: the page's analysis as without --site, each segment with its site evidence, and `site`. */
export function siteAnalysisJson(o: SiteFileOutcome) {
  if ('error' in o) return analysisJson(o);
  const page = analysisJson(o) as Exclude<ReturnType<typeof analysisJson>, { error: string }>;
  return {
    ...page,
    segments: page.segments.map((s, k) => ({
      ...s, siteTemplate: o.site.templateSegments.includes(k), siteMethods: o.site.segmentMethods[k],
    })),
    site: {
      pagesSeen: o.site.pagesSeen, methods: o.site.methods, templateSegments: o.site.templateSegments,
      setAside: o.site.setAside,
    },
  };
}

/** `extract --site`: the extract line plus how many earlier pages of the site were seen. */
export function siteExtractLine(o: Analysed): string {
  const ms = Math.round(o.analysis.timingsMs.totalMs * 100) / 100;
  return JSON.stringify({ file: o.item.file, text: o.analysis.readerText, ms, sitePagesSeen: o.site.pagesSeen });
}
