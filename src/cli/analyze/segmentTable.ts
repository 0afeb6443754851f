import type { PageAnalysisJson } from '../../pipeline/pageAnalysis.ts';

/** A terminal table of one page's segments: nesting shown by indentation, text cut to fit a line. */
export function formatSegmentTable(file: string, a: PageAnalysisJson): string {
  const t = a.timingsMs;
  const templates = a.segments.filter((s) => s.template).length;
  const lines = [
    `${file}: ${a.nodes} nodes (${a.smoothedNodes} smoothed), ${a.segments.length} segments, ` +
      `${templates} template; ${t.totalMs.toFixed(1)} ms (capture ${t.captureMs.toFixed(1)}, features ` +
      `${t.featuresMs.toFixed(1)}, classify ${t.classifyMs.toFixed(1)}, smooth ${t.smoothMs.toFixed(1)})`,
    '   #  kind      score   x     y     w     h  selector / text',
  ];
  const depthOf = new Map<number, number>();
  a.segments.forEach((s, k) => {
    const depth = s.parentSegment < 0 ? 0 : (depthOf.get(s.parentSegment) ?? 0) + 1;
    depthOf.set(k, depth);
    const r = s.rect;
    const head = `${String(k).padStart(4)}  ${(s.template ? 'TEMPLATE' : 'content').padEnd(8)} ${s.score.toFixed(3)} ` +
      `${[r.x, r.y, r.width, r.height].map((v) => String(Math.round(v)).padStart(5)).join(' ')}  `;
    const indent = '  '.repeat(Math.min(depth, 8));
    lines.push(`${head}${indent}${cut(s.selector, 60)}`);
    const text = s.text.replace(/\s+/g, ' ').trim();
    if (text) lines.push(`${' '.repeat(head.length)}${indent}  “${cut(text, 70)}”`);
  });
  return lines.join('\n');
}

function cut(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}
