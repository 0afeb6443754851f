import { selectorOf } from '../../src/capture/selectorOf.ts';
import { FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import type { Segment } from '../../src/segment/segments.ts';
import {
  ANNOTATION_SCHEMA_ID, ANNOTATION_SCHEMA_VERSION, type AnnotationExport, type GraphSegmentationAnnotation,
} from '../../src/labels/annotationFile.ts';
import type { GraphSegmentsWire } from '../shared/workerApi.ts';
import { xpathOf } from '../../src/capture/xpathOf.ts';
import { segmentTextHash } from '../../src/labels/segmentText.ts';
import { subtreeHashField } from '../../src/labels/pageLabels.ts';

export interface ExportInput {
  url: string;
  title: string;
  viewport: { width: number; height: number };
  modelVersion: string;
  options: { penaltyFactor: number; threshold: number; minArea: number };
  segments: readonly Segment[];
  /** Per segment, 1 when its root repeats across the site's remembered pages; absent when the run had no site memory. */
  siteSegments?: ArrayLike<number>;
  elements: readonly Element[];
  /** The page's GCuts segmentation with verdicts at `options`; the file has none when it is left out. */
  graph?: GraphSegmentsWire;
  now?: Date;
}

/** The page's segments as an annotation file (schema in src/labels/annotations.schema.json). */
export function buildAnnotationExport(input: ExportInput): AnnotationExport {
  return {
    schema: ANNOTATION_SCHEMA_ID,
    version: ANNOTATION_SCHEMA_VERSION,
    page: { url: input.url, title: input.title, viewport: { ...input.viewport } },
    createdAt: (input.now ?? new Date()).toISOString(),
    model: {
      version: input.modelVersion,
      featureSchema: FEATURE_SCHEMA.name,
      featureSchemaVersion: FEATURE_SCHEMA.version,
    },
    options: { ...input.options },
    segments: input.segments.map((seg, k) => {
      const el = input.elements[seg.node];
      const site = input.siteSegments ? { siteTemplate: input.siteSegments[k] === 1 } : {};
      return {
        selector: selectorOf(el),
        xpath: xpathOf(el),
        rect: { ...seg.rect },
        score: Math.min(1, Math.max(0, seg.score)),
        label: seg.template ? 'template' : 'content',
        humanLabel: null,
        parentSegment: seg.parentSegment,
        text: seg.text,
        textHash: segmentTextHash(seg.text),
        // The core's hash of the captured subtree text (src/segment/segments.ts), not of the live element's text:
        // the command line hashes the same capture, and the live text has what the capture leaves out.
        ...subtreeHashField(seg),
        labelledAt: null,
        ...site,
      };
    }),
    ...(input.graph ? { segmentation: graphSegmentation(input.graph, input.elements) } : {}),
  };
}

/** The graph segmentation with each part's root found again as the segments' roots are: selector and XPath. */
export function graphSegmentation(graph: GraphSegmentsWire, elements: readonly Element[]): GraphSegmentationAnnotation {
  return {
    method: graph.method,
    model: graph.model,
    segments: graph.segments.map((g) => ({
      label: g.template ? 'template' : 'content',
      score: Math.min(1, Math.max(0, g.score)),
      rect: { ...g.rect },
      roots: g.parts.map(({ node }) => ({ selector: selectorOf(elements[node]), xpath: xpathOf(elements[node]) })),
      leaves: g.leaves,
      chars: g.chars,
    })),
  };
}
