/**
 * The four texts of one captured page that the duplicate evaluation shingles: the whole visible text (raw), Winnow's
 * content text, the text of the page's largest GCuts segment (paper 003 §5.2), and the people's content (Dragnet's gold
 * file; L3S's spans labelled as content).
 */
import type { CapturedPage } from '../../datasets/captureLabelled.ts';
import type { ModelWeights } from '../../../model/weights.ts';
import type { PipelineOptions } from '../../../pipeline/pipelineOptions.ts';
import { classifyPage } from '../../../pipeline/runPipeline.ts';
import { PageSession } from '../../../session/pageSession.ts';
import { readerText } from '../../../reader/readerText.ts';
import type { SegmentationModel } from '../../../segmentation/segmentationModel.ts';
import { largestGcutsSegmentText } from '../../../segmentation/largestSegmentText.ts';
import { l3sReferenceText, readDragnetReference } from '../site/siteEvalSets.ts';
import type { DedupDatasetName } from './dedupEvalSites.ts';

export const TEXT_KINDS = ['raw', 'content', 'segment', 'gold'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

export type PageTexts = Record<TextKind, string>;

/**
 * Raw is the snapshot's visible text with nothing removed; content is the page session's reader text (the same
 * classify → smooth → reader decision as `winnow extract`, run in Node on the cached capture, whose only article hint
 * is the document title: a cached capture keeps no byline or author nodes); segment is the largest GCuts segment's
 * text, segmented as `winnow segment` does (the classifier's scores as the model was trained with); gold is the
 * people's.
 */
export async function pageTexts(dataset: DedupDatasetName, captured: Extract<CapturedPage, { snapshot: unknown }>,
  weights: ModelWeights, pipeline: PipelineOptions, segmentation: SegmentationModel): Promise<PageTexts> {
  const s = captured.snapshot;
  const classified = classifyPage(s, weights);
  const session = new PageSession(classified, { hints: { title: s.title } });
  const { keep } = session.smooth(pipeline).decision;
  return {
    raw: readerText(s, () => false),
    content: readerText(s, (i) => keep[i] === 0),
    segment: largestGcutsSegmentText(s, segmentation, classified.scores, pipeline.minArea),
    // Dragnet's gold is the article and, after the separator line, the user comments (people's content either way).
    gold: dataset === 'dragnet' ? await readDragnetReference(captured.page) : l3sReferenceText(s, captured.spans),
  };
}
