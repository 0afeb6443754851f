/**
 * A small hand-written SVG line chart: a few series against a (usually logarithmic) x axis, vertical markers, axis
 * labels and a legend below the plot. Enough for the penalty sweep without a charting dependency; the output is a standalone SVG
 * file that browsers and Markdown viewers show as it is.
 */
export interface LineSeries {
  name: string;
  points: Array<{ x: number; y: number }>;
  /** CSS colour; a palette colour by position when absent. */
  color?: string;
  /** stroke-dasharray, e.g. "6 3". */
  dash?: string;
}

export interface LineChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Logarithmic x axis (all x must be > 0). */
  logX?: boolean;
  /** y range; by default [0, 1] widened to include every point. */
  yRange?: [number, number];
  /** Vertical lines with a label, e.g. the default parameter value. */
  markers?: Array<{ x: number; label: string }>;
  width?: number;
  height?: number;
}

const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];
const MARGIN = { left: 64, right: 24, top: 40, bottom: 56 };
const LEGEND_LINE = 18;

/** The chart as an SVG document. Non-finite points are skipped and break the line there. */
export function svgLineChart(series: LineSeries[], opts: LineChartOptions): string {
  const width = opts.width ?? 760;
  // The legend sits below the x axis label, one line per series, so it never hides a line or the markers' labels.
  const legendHeight = 10 + LEGEND_LINE * series.length;
  const height = (opts.height ?? 440) + legendHeight;
  const plot = { x0: MARGIN.left, x1: width - MARGIN.right, y0: MARGIN.top, y1: height - MARGIN.bottom - legendHeight };
  const finite = series.flatMap((s) => s.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y)));
  const xs = [...finite.map((p) => p.x), ...(opts.markers ?? []).map((m) => m.x)];
  if (xs.length === 0) throw new Error('line chart: no finite points');
  if (opts.logX && xs.some((x) => !(x > 0))) throw new Error('line chart: a logarithmic x axis needs x > 0');
  const tx = opts.logX ? Math.log10 : (x: number) => x;
  const [xMin, xMax] = widen(Math.min(...xs.map(tx)), Math.max(...xs.map(tx)));
  const [yMin, yMax] = opts.yRange ?? widen(Math.min(0, ...finite.map((p) => p.y)), Math.max(1, ...finite.map((p) => p.y)));
  const px = (x: number) => plot.x0 + ((tx(x) - xMin) / (xMax - xMin)) * (plot.x1 - plot.x0);
  const py = (y: number) => plot.y1 - ((y - yMin) / (yMax - yMin)) * (plot.y1 - plot.y0);

  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(text(width / 2, 22, opts.title, { anchor: 'middle', size: 15, weight: 'bold' }));

  // Grid and ticks.
  for (const t of opts.logX ? decadeTicks(xMin, xMax) : linearTicks(xMin, xMax)) {
    const x = plot.x0 + ((t - xMin) / (xMax - xMin)) * (plot.x1 - plot.x0);
    out.push(line(x, plot.y0, x, plot.y1, '#e3e3e3'));
    out.push(text(x, plot.y1 + 18, opts.logX ? formatPower(t) : formatNumber(t), { anchor: 'middle' }));
  }
  for (const t of linearTicks(yMin, yMax)) {
    const y = py(t);
    out.push(line(plot.x0, y, plot.x1, y, '#e3e3e3'));
    out.push(text(plot.x0 - 8, y + 4, formatNumber(t), { anchor: 'end' }));
  }
  out.push(`<rect x="${f(plot.x0)}" y="${f(plot.y0)}" width="${f(plot.x1 - plot.x0)}" height="${f(plot.y1 - plot.y0)}" ` +
    'fill="none" stroke="#444444"/>');
  out.push(text((plot.x0 + plot.x1) / 2, plot.y1 + 42, opts.xLabel, { anchor: 'middle' }));
  out.push(`<text x="16" y="${f((plot.y0 + plot.y1) / 2)}" text-anchor="middle" ` +
    `transform="rotate(-90 16 ${f((plot.y0 + plot.y1) / 2)})">${escapeXml(opts.yLabel)}</text>`);

  for (const m of opts.markers ?? []) {
    const x = px(m.x);
    out.push(`<line x1="${f(x)}" y1="${f(plot.y0)}" x2="${f(x)}" y2="${f(plot.y1)}" stroke="#555555" ` +
      'stroke-dasharray="4 4" stroke-width="1.5"/>');
    out.push(text(x + 4, plot.y0 + 14, m.label, { anchor: 'start', color: '#333333' }));
  }

  series.forEach((s, k) => {
    const color = s.color ?? PALETTE[k % PALETTE.length];
    const dash = s.dash ? ` stroke-dasharray="${escapeXml(s.dash)}"` : '';
    out.push(`<g data-series="${escapeXml(s.name)}">`);
    for (const run of finiteRuns(s.points)) {
      if (run.length < 2) continue;
      out.push(`<polyline fill="none" stroke="${escapeXml(color)}" stroke-width="2"${dash} ` +
        `points="${run.map((p) => `${f(px(p.x))},${f(py(p.y))}`).join(' ')}"/>`);
    }
    for (const p of s.points) {
      if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
      out.push(`<circle cx="${f(px(p.x))}" cy="${f(py(p.y))}" r="3" fill="${escapeXml(color)}">` +
        `<title>${escapeXml(`${s.name}: ${formatNumber(p.y)} at ${p.x}`)}</title></circle>`);
    }
    out.push('</g>');
  });

  series.forEach((s, k) => {
    const color = s.color ?? PALETTE[k % PALETTE.length];
    const y = plot.y1 + MARGIN.bottom + 4 + LEGEND_LINE * k;
    const dash = s.dash ? ` stroke-dasharray="${escapeXml(s.dash)}"` : '';
    out.push(`<line x1="${f(plot.x0)}" y1="${f(y - 4)}" x2="${f(plot.x0 + 28)}" y2="${f(y - 4)}" ` +
      `stroke="${escapeXml(color)}" stroke-width="2"${dash}/>`);
    out.push(text(plot.x0 + 36, y, s.name, { anchor: 'start' }));
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

function finiteRuns(points: LineSeries['points']): Array<LineSeries['points']> {
  const runs: Array<LineSeries['points']> = [[]];
  for (const p of points) {
    if (Number.isFinite(p.x) && Number.isFinite(p.y)) runs[runs.length - 1].push(p);
    else if (runs[runs.length - 1].length) runs.push([]);
  }
  return runs;
}

/** A range that is never empty: a single value gets some room on both sides. */
function widen(lo: number, hi: number): [number, number] {
  return hi > lo ? [lo, hi] : [lo - 0.5, hi + 0.5];
}

/** Integer powers of ten (in log10 units) inside [lo, hi]. */
function decadeTicks(lo: number, hi: number): number[] {
  const ticks: number[] = [];
  for (let e = Math.ceil(lo - 1e-9); e <= hi + 1e-9; e++) ticks.push(e);
  return ticks;
}

/** About five round ticks (steps of 1, 2 or 5 × 10ᵏ) inside [lo, hi]. */
export function linearTicks(lo: number, hi: number): number[] {
  const raw = (hi - lo) / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step - 1e-9) * step; t <= hi + 1e-9 * step; t += step) ticks.push(Number(t.toFixed(10)));
  return ticks;
}

function formatPower(e: number): string {
  return Math.abs(e) <= 3 ? Number((10 ** e).toPrecision(1)).toString() : `1e${e}`;
}

function formatNumber(v: number): string {
  return Number(v.toPrecision(3)).toString();
}

function line(x1: number, y1: number, x2: number, y2: number, stroke: string): string {
  return `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}"/>`;
}

function text(x: number, y: number, s: string,
  o: { anchor: 'start' | 'middle' | 'end'; size?: number; weight?: string; color?: string }): string {
  const size = o.size ? ` font-size="${o.size}"` : '';
  const weight = o.weight ? ` font-weight="${o.weight}"` : '';
  const fill = o.color ? ` fill="${o.color}"` : '';
  return `<text x="${f(x)}" y="${f(y)}" text-anchor="${o.anchor}"${size}${weight}${fill}>${escapeXml(s)}</text>`;
}

const f = (v: number) => Number(v.toFixed(2)).toString();

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
