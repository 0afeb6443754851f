/**
 * Axis-aligned rectangles (x, y of the top-left corner, width, height) as the reader's on-screen rules (src/reader)
 * and highlight mode's geometry (extension/content) measure boxes.
 */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Rectangles that share less than this many pixels in either direction do not overlap: layout rounds positions to
 * fractions of a pixel, and two boxes that merely touch (a row of tiles, a label set on a box's edge) must not count.
 */
export const OVERLAP_SLACK = 0.5;

export function overlaps(a: Rect, b: Rect): boolean {
  return Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > OVERLAP_SLACK &&
    Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > OVERLAP_SLACK;
}

/** Length of the overlap of the intervals [a, a + aw) and [b, b + bw); 0 when they do not meet. */
export function spanOverlap(a: number, aw: number, b: number, bw: number): number {
  return Math.max(0, Math.min(a + aw, b + bw) - Math.max(a, b));
}

/** Area of the part of `inner` that lies inside `outer`. */
export function areaInside(inner: Rect, outer: Rect): number {
  return spanOverlap(inner.x, inner.w, outer.x, outer.w) * spanOverlap(inner.y, inner.h, outer.y, outer.h);
}

/** The common part of two rectangles, or null when they do not meet. */
export function intersection(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const w = Math.min(a.x + a.w, b.x + b.w) - x;
  const h = Math.min(a.y + a.h, b.y + b.h) - y;
  return w > 0 && h > 0 ? { x, y, w, h } : null;
}

/** Whether `inner` lies inside `outer` (edges may touch). */
export function contains(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w &&
    inner.y + inner.h <= outer.y + outer.h;
}

export function moved(r: Rect, dx: number, dy: number): Rect {
  return { x: r.x + dx, y: r.y + dy, w: r.w, h: r.h };
}

export function rectOf(r: { left: number; top: number; width: number; height: number }): Rect {
  return { x: r.left, y: r.top, w: r.width, h: r.height };
}
