import { pathToFileURL } from 'node:url';
import { launchBrowser, offlineContext, openPage, TWO_FRAMES } from '../browser/chromium.ts';
import { callPage } from '../browser/pageScript.ts';
import { oneLine } from '../browser/oneLine.ts';
import { snapshotFromJson } from '../../snapshot/snapshotJson.ts';
import { PageSession } from '../../session/pageSession.ts';
import { pipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { labelsOfFile } from '../../labels/pageLabels.ts';
import { mapLabels, type SegmentIdentity } from '../../labels/labelMapping.ts';
import { segmentTextHash } from '../../labels/segmentText.ts';
import type { LabelledRows } from '../../model/personalFit.ts';
import type { ModelWeights } from '../../model/weights.ts';
import type { AnnotatedPage } from './annotationInputs.ts';

/** What one page's labels gave: the rows of the labels found again, and how many were not. */
export interface PageLabelRows {
  source: string;
  labels: number;
  applied: number;
  /** Labels whose element is there with other text. */
  changed: number;
  /** Labels with no segment on the page any more. */
  missing: number;
  labelled: LabelledRows[];
}

/**
 * Renders each annotated page again in Chromium (at the viewport it was labelled at), runs the page session with the
 * file's penalty, threshold and minimum area, finds each human label's segment again (src/labels/labelMapping.ts, by
 * selector and text hash; the command line computes no XPath), and takes the feature rows of those segments
 * (PageSession.trainingRows). A page that does not load is an error naming its file.
 */
export async function labelRowsOfPages(pages: readonly AnnotatedPage[], weights: ModelWeights, timeoutMs: number):
  Promise<PageLabelRows[]> {
  const browser = await launchBrowser();
  try {
    const context = await offlineContext(browser);
    const out: PageLabelRows[] = [];
    for (const { source, annotation, htmlPath } of pages) {
      let tab;
      try {
        tab = await openPage(context, pathToFileURL(htmlPath).href, timeoutMs);
      } catch (e) {
        throw new Error(`${source}: ${htmlPath} did not load: ${oneLine(e)}`);
      }
      try {
        const { width, height } = annotation.page.viewport;
        if (width > 0 && height > 0) {
          await tab.setViewportSize({ width: Math.round(width), height: Math.round(height) });
          await tab.evaluate(TWO_FRAMES);
        }
        const session = PageSession.classify(snapshotFromJson(await callPage(tab, 'capture')), weights);
        const options = pipelineOptions(annotation.options);
        const { segments } = session.smooth(options);
        const selectors = await callPage(tab, 'selectors', segments.map((s) => s.node));
        const identities: SegmentIdentity[] = segments.map((s, k) => ({
          selector: selectors[k], xpath: null, textHash: segmentTextHash(s.text), subtreeHash: s.subtreeHash,
        }));
        const labels = labelsOfFile(annotation);
        const mapping = mapLabels(labels, identities);
        const labelled = [...mapping.applied].map(([k, record]): LabelledRows => ({
          page: annotation.page.url, label: record.label, ...session.trainingRows(segments[k].node, options),
        }));
        out.push({
          source, labels: labels.length, applied: mapping.applied.size, changed: mapping.changed.length,
          missing: mapping.missing.length, labelled,
        });
      } finally {
        await tab.close();
      }
    }
    return out;
  } finally {
    await browser.close().catch(() => {});
  }
}
