/**
 * Before an import, the files about the page open in the tab are checked against that page: a file with labels that
 * find no segment there (selectors that do not exist, or elements whose text changed) is refused whole, with one line
 * naming them, and nothing is imported from it; from a list of pages ("Export all labels") only the open page's entry
 * is left out, and the line says how many other pages were imported. What a person imports for the page in front of them must show on it.
 * Files about other pages cannot be checked from here: they are imported, and the page tells which labels it could
 * not find when it is next run. Files that do not read are left to the background, which gives their reason.
 */
import { readAnnotationFiles } from '../../src/labels/annotationMigration.ts';
import { labelsOfFile, type SegmentLabelRecord } from '../../src/labels/pageLabels.ts';
import { labelPageAddress } from '../shared/labelsApi.ts';

export interface OpenPage {
  /** The tab's address; null when Winnow has not run on it (nothing to check against). */
  url: string | null;
  /** ContentApi.checkLabels on the tab. */
  check(labels: SegmentLabelRecord[]): Promise<{ unmatched: Array<{ selector: string; reason: 'changed' | 'missing' }> }>;
}

/** How many selectors a refusal names before "…". */
const NAMED = 3;

export async function refuseUnmatchedOnOpenPage(files: Array<{ name: string; text: string }>, page: OpenPage):
  Promise<{ files: Array<{ name: string; text: string }>; rejected: string[] }> {
  if (page.url === null) return { files, rejected: [] };
  const open = labelPageAddress(page.url);
  const kept: Array<{ name: string; text: string }> = [];
  const rejected: string[] = [];
  for (const f of files) {
    const read = readAnnotationFiles(f.text);
    const labels = 'files' in read
      ? read.files.filter(({ file }) => labelPageAddress(file.page.url) === open).flatMap(({ file }) => labelsOfFile(file))
      : [];
    const { unmatched } = labels.length > 0 ? await page.check(labels) : { unmatched: [] };
    if (unmatched.length === 0) {
      kept.push(f);
      continue;
    }
    const gone = unmatched.filter((u) => u.reason === 'missing').length;
    const named = unmatched.slice(0, NAMED).map((u) => u.selector).join(', ') + (unmatched.length > NAMED ? ', …' : '');
    const count = `${unmatched.length} of ${labels.length}`;
    const detail = `${gone} not on the page, ${unmatched.length - gone} with other text: ${named}`;
    // A list of pages ("Export all labels"): only the open page's entry is left out; the other pages cannot be checked
    // from here and are imported as they would be from their own files.
    const others = 'files' in read && read.list ? withoutPage(f.text, open) : null;
    if (others && others.pages > 0) {
      kept.push({ name: f.name, text: others.text });
      rejected.push(`${f.name}: the labels for the open page find no segment there (${count}: ${detail}); the other ` +
        `${others.pages} ${others.pages === 1 ? 'page was' : 'pages were'} imported`);
    } else {
      rejected.push(`${f.name}: labels for the open page that find no segment there: ${count} (${detail}); nothing ` +
        'imported from it');
    }
  }
  return { files: kept, rejected };
}

/** A list file's text without its entries for page `address` (entries as written: v1 ones stay v1). */
function withoutPage(text: string, address: string): { text: string; pages: number } {
  const entries = JSON.parse(text) as Array<{ page?: { url?: unknown } } | null>;
  const rest = entries.filter((e) => typeof e?.page?.url !== 'string' || labelPageAddress(e.page.url) !== address);
  return { text: JSON.stringify(rest), pages: rest.length };
}
