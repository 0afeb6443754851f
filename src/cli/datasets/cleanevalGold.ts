/**
 * A CleanEval gold file (GoldStandard/N.txt): a `URL:` line (the address sometimes on the line after it), then the
 * cleaned text with `<p>`, `<h>` and `<l>` marking where paragraphs, headings and list items begin. The markers are
 * annotation, not page text: each becomes a line break, so words on either side stay apart.
 */
export function parseCleanevalGold(raw: string): { url: string; text: string } {
  const lines = raw.replace(/^\uFEFF/, '').split(/\r?\n/);
  let start = 0;
  let url = '';
  const first = /^\s*URL:\s*(.*)$/.exec(lines[0] ?? '');
  if (first) {
    start = 1;
    url = first[1].trim();
    if (url === '') {
      while (start < lines.length && lines[start].trim() === '') start++;
      url = (lines[start] ?? '').trim();
      start++;
    }
  }
  return { url, text: lines.slice(start).join('\n').replace(/<[phl]>/g, '\n') };
}
