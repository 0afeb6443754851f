import { open } from 'node:fs/promises';

/**
 * Whether a file named as a page is one, decided from its bytes before Chromium renders it: Chromium shows any file
 * as a page, so an executable renamed x.html would come back as tens of thousands of characters of bytes "extracted"
 * from it, and an empty file as an empty text that looks like a successful extraction.
 */
export type PageSniff = { page: true } | { page: false; reason: string };

/** How much of a file the verdict reads (as git's and file(1)'s binary checks do, the start says enough). */
export const SNIFF_BYTES = 8192;

/**
 * Files people save or download in place of a page, named in the message (magic numbers from the WHATWG MIME
 * Sniffing standard); any other binary file is "binary content".
 */
const SIGNATURES: ReadonlyArray<{ what: string; bytes: ReadonlyArray<number | null> }> = [
  { what: 'PDF document', bytes: ascii('%PDF-') },
  { what: 'PNG image', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { what: 'GIF image', bytes: ascii('GIF8') },
  { what: 'JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { what: 'WebP image', bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')] },
  { what: 'ZIP archive', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { what: 'gzip archive', bytes: [0x1f, 0x8b, 0x08] },
];

/** The bytes WHATWG MIME sniffing calls binary data bytes: control characters that no text encoding uses. */
function isBinaryDataByte(b: number): boolean {
  return b <= 0x08 || b === 0x0b || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f);
}

/**
 * A single NUL or stray control byte happens in real saved pages (browsers show them as U+FFFD), so the verdict is a
 * share: more than 1 in 1000 bytes NUL (an executable's header is mostly zeros), or more than 5% binary data bytes
 * (compressed or encrypted data have about 10%).
 */
const MAX_NUL_SHARE = 0.001;
const MAX_BINARY_SHARE = 0.05;

/**
 * The verdict on the start of a file (`head`, up to SNIFF_BYTES). `blank` tells whether the whole file holds nothing
 * but whitespace and byte-order marks; the caller decides it, since that can take reading past the head.
 */
export function sniffPageBytes(head: Uint8Array, blank: boolean): PageSniff {
  if (head.length === 0) return { page: false, reason: 'empty file' };
  if (blank) return { page: false, reason: 'empty file (only whitespace)' };
  for (const s of SIGNATURES) {
    if (s.bytes.length <= head.length && s.bytes.every((b, i) => b === null || head[i] === b)) {
      return { page: false, reason: `not an HTML page (${s.what})` };
    }
  }
  // UTF-16 text is half NUL bytes: judge its code units instead, by the byte-order mark that browsers go by.
  const units = utf16Units(head) ?? head;
  let nul = 0;
  let binary = 0;
  for (const u of units) {
    if (u === 0) nul++;
    if (isBinaryDataByte(u)) binary++;
  }
  if (nul > units.length * MAX_NUL_SHARE || binary > units.length * MAX_BINARY_SHARE) {
    return { page: false, reason: 'not an HTML page (binary content)' };
  }
  return { page: true };
}

/** A UTF-16 head's code units after its byte-order mark, or null when it is not UTF-16. */
function utf16Units(head: Uint8Array): number[] | null {
  const { order } = byteOrderOf(head);
  if (order === 'bytes') return null;
  const units: number[] = [];
  for (let i = 2; i + 1 < head.length; i += 2) {
    units.push(order === 'utf16le' ? head[i] | (head[i + 1] << 8) : (head[i] << 8) | head[i + 1]);
  }
  return units;
}

/** How a file's bytes make characters, as far as telling whitespace goes: by its byte-order mark. */
export type ByteOrder = 'utf16le' | 'utf16be' | 'bytes';

/** The file's byte order and how many bytes its byte-order mark takes. */
export function byteOrderOf(head: Uint8Array): { order: ByteOrder; bom: number } {
  if (head[0] === 0xff && head[1] === 0xfe) return { order: 'utf16le', bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { order: 'utf16be', bom: 2 };
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { order: 'bytes', bom: 3 };
  return { order: 'bytes', bom: 0 };
}

const isSpace = (c: number) => c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;

/**
 * True when the bytes (after any byte-order mark, starting at an even offset for UTF-16) hold only the whitespace
 * the HTML parser skips: such a file is an empty page.
 */
export function isBlank(bytes: Uint8Array, order: ByteOrder): boolean {
  if (order === 'bytes') return bytes.every(isSpace);
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const unit = order === 'utf16le' ? bytes[i] | (bytes[i + 1] << 8) : (bytes[i] << 8) | bytes[i + 1];
    if (!isSpace(unit)) return false;
  }
  return bytes.length % 2 === 0;
}

/** Reads the start of a file (and, only for a blank start, the rest) and gives the verdict. */
export async function sniffPageFile(path: string): Promise<PageSniff> {
  const file = await open(path, 'r');
  try {
    const buffer = new Uint8Array(SNIFF_BYTES);
    const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0);
    const head = buffer.subarray(0, bytesRead);
    const { order, bom } = byteOrderOf(head);
    let blank = isBlank(head.subarray(bom), order);
    // A whitespace-only start says nothing about the rest: read on, chunk by chunk, until something else turns up.
    let position = bytesRead;
    const chunk = new Uint8Array(1 << 16);
    while (blank && bytesRead === SNIFF_BYTES) {
      const r = await file.read(chunk, 0, chunk.length, position);
      if (r.bytesRead === 0) break;
      blank = isBlank(chunk.subarray(0, r.bytesRead), order);
      position += r.bytesRead;
    }
    return sniffPageBytes(head, blank);
  } finally {
    await file.close();
  }
}

function ascii(s: string): number[] {
  return Array.from(s, (c) => c.charCodeAt(0));
}
