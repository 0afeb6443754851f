import type { FileOutcome } from './analyzeFiles.ts';
import type { SiteFileOutcome } from './analyzeSite.ts';

/** One line on stderr per failed input and per warning about a page that was read anyway, in input order. */
export function reportProblems(outcomes: Array<FileOutcome | SiteFileOutcome>): void {
  for (const o of outcomes) {
    if ('error' in o) console.error(`${o.item.file}: error: ${o.error}`);
    else if ('warnings' in o) for (const w of o.warnings ?? []) console.error(`${o.item.file}: warning: ${w}`);
  }
}
