/** Number and cell formats shared by the evaluation reports (Markdown tables and CSV files). */

/** A CSV cell: numbers to six significant digits (empty when not finite), text quoted when it must be. */
export function csvCell(v: string | number): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(Number(v.toPrecision(6))) : '';
  return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Three decimals for a table, a dash where there is no number. */
export const n3 = (v: number): string => (Number.isFinite(v) ? v.toFixed(3) : '—');
