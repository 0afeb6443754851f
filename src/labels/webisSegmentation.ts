/**
 * A page's segments in the Webis-WebSeg-20 format (Kiesel et al., "Web Page Segmentation Revisited", CIKM 2020), so
 * the field's evaluation tools read Winnow's segmentation: `{id, height, width, segmentations: {name: [segment…]}}`,
 * each segment a MultiPolygon (polygons → rings → [x, y] points, each ring closed), in integer page pixels.
 *
 * Segments are flat in that format: every segment but the page's root (which would cover the whole page) is one
 * entry of `winnow`, nested ones included, as the format's own tools keep nested segments of a segmentation. Boxes
 * are clipped to the page; a box with no area left is left out.
 */
import type { AnnotationExport } from './annotationFile.ts';

export type WebisPoint = [number, number];
/** One segment: a MultiPolygon of one rectangle here. */
export type WebisSegment = WebisPoint[][][];

export interface WebisSegmentation {
  id: string;
  height: number;
  width: number;
  segmentations: Record<string, WebisSegment[]>;
}

/** `file`'s segments as a Webis-WebSeg-20 segmentation named `winnow` (and `winnow-template`: the template ones). */
export function webisSegmentationOf(file: AnnotationExport, id: string): WebisSegmentation {
  const root = file.segments.find((s) => s.parentSegment < 0);
  const width = Math.round(Math.max(file.page.viewport.width, root ? root.rect.x + root.rect.width : 0));
  const height = Math.round(Math.max(file.page.viewport.height, root ? root.rect.y + root.rect.height : 0));
  const boxes = file.segments.filter((s) => s.parentSegment >= 0)
    .map((s) => ({ template: (s.humanLabel ?? s.label) === 'template', polygon: clippedRectangle(s.rect, width, height) }))
    .filter((b): b is { template: boolean; polygon: WebisSegment } => b.polygon !== null);
  return {
    id,
    height,
    width,
    segmentations: {
      winnow: boxes.map((b) => b.polygon),
      'winnow-template': boxes.filter((b) => b.template).map((b) => b.polygon),
    },
  };
}

/** The rectangle inside [0, width] × [0, height] as a closed ring, or null when nothing of it is on the page. */
function clippedRectangle(r: { x: number; y: number; width: number; height: number }, width: number, height: number):
  WebisSegment | null {
  const x0 = clamp(Math.round(r.x), width);
  const y0 = clamp(Math.round(r.y), height);
  const x1 = clamp(Math.round(r.x + r.width), width);
  const y1 = clamp(Math.round(r.y + r.height), height);
  if (x1 <= x0 || y1 <= y0) return null;
  // The format's own files start at the top left and go down first; the ring ends where it began.
  return [[[[x0, y0], [x0, y1], [x1, y1], [x1, y0], [x0, y0]]]];
}

function clamp(v: number, max: number): number {
  return Math.min(max, Math.max(0, v));
}
