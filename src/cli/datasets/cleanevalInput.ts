/**
 * CleanEval's input pages are the crawler's records, not the pages as served: each file is wrapped in
 * `<text id="URL" title="…" encoding="…">` … `</text>`, and the bytes are in the encoding the crawler recorded,
 * usually with no charset declared in the HTML itself. Rendering the record as it is would put every page inside an
 * unknown inline element and leave the encoding to Chromium's guess, so the wrapper is removed and the bytes are
 * decoded as recorded; the caller writes the result as UTF-8 with a byte-order mark (which wins over any meta charset).
 */
import { bytesAsLatin1, decodeWindows1252 } from './decodeText.ts';

export interface UnwrappedPage {
  html: string;
  /** The page's address from the wrapper's id, '' when absent. */
  url: string;
  /** The encoding used to decode the bytes. */
  encoding: 'utf-8' | 'windows-1252';
}

export function unwrapCleanevalHtml(bytes: Uint8Array): UnwrappedPage {
  // Latin-1 maps each byte to one code unit, so offsets found in this string are byte offsets.
  const raw = bytesAsLatin1(bytes);
  const open = /^\s*<text\b([^>]*)>/i.exec(raw);
  let start = 0;
  let end = bytes.length;
  let url = '';
  let declared = '';
  if (open) {
    start = open[0].length;
    url = attribute(open[1], 'id');
    declared = attribute(open[1], 'encoding').trim().toLowerCase();
    const close = /<\/text>\s*$/i.exec(raw);
    if (close) end = close.index;
  }
  const body = bytes.subarray(start, end);
  const encoding = chooseEncoding(declared, body);
  const html = encoding === 'utf-8' ? new TextDecoder('utf-8').decode(body) : decodeWindows1252(body);
  return { html, url, encoding };
}

/**
 * The recorded encoding when it is one of the single-byte Latin ones (ISO-8859-1 is decoded as Windows-1252, as
 * browsers do) or UTF-8 and the bytes are valid UTF-8; otherwise ("unset", "unknown", a "UTF-16" record whose bytes
 * are plainly 8-bit) UTF-8 when the bytes are valid UTF-8, else Windows-1252.
 */
function chooseEncoding(declared: string, body: Uint8Array): 'utf-8' | 'windows-1252' {
  if (declared === 'iso-8859-1' || declared === 'windows-1252' || declared === 'latin1') return 'windows-1252';
  return isValidUtf8(body) ? 'utf-8' : 'windows-1252';
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function attribute(attrs: string, name: string): string {
  const m = new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(attrs);
  return m ? m[1] : '';
}
