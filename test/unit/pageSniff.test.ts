import { describe, expect, it } from 'vitest';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBlank, sniffPageBytes, sniffPageFile, SNIFF_BYTES } from '../../src/cli/analyze/pageSniff.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const bytes = (...b: number[]) => Uint8Array.from(b);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const utf16 = (s: string, order: 'le' | 'be') => concat(order === 'le' ? bytes(0xff, 0xfe) : bytes(0xfe, 0xff),
  Uint8Array.from([...s].flatMap((c) => (order === 'le' ? [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]
    : [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff]))));
const PAGE = '<!doctype html><title>Café</title><p>Straße — “quoted” text, 日本語 too.</p>\n';

describe('sniffPageBytes', () => {
  it('takes pages in the encodings saved pages come in', () => {
    expect(sniffPageBytes(utf8(PAGE), false)).toEqual({ page: true });
    expect(sniffPageBytes(concat(bytes(0xef, 0xbb, 0xbf), utf8(PAGE)), false)).toEqual({ page: true });
    // Windows-1252 curly quotes and dashes are bytes 0x80–0x9F, not control characters of any text encoding.
    expect(sniffPageBytes(concat(utf8('<p>'), bytes(0x93, 0x71, 0x94, 0x20, 0x96, 0xe9), utf8('</p>')), false))
      .toEqual({ page: true });
    // UTF-16 is half NUL bytes; its byte-order mark says so.
    expect(sniffPageBytes(utf16(PAGE, 'le'), false)).toEqual({ page: true });
    expect(sniffPageBytes(utf16(PAGE, 'be'), false)).toEqual({ page: true });
    // ISO-2022-JP switches character sets with ESC sequences, which must not count as binary.
    expect(sniffPageBytes(concat(utf8('<p>'), bytes(0x1b, 0x24, 0x42, 0x46, 0x7c, 0x1b, 0x28, 0x42), utf8('</p>')),
      false)).toEqual({ page: true });
  });

  it('forgives a stray NUL or control byte in a real page', () => {
    const page = utf8(PAGE.repeat(40));
    page[100] = 0x00;
    page[200] = 0x1a;
    expect(sniffPageBytes(page, false)).toEqual({ page: true });
  });

  it('rejects an executable, random bytes and named binary formats', () => {
    const executable = new Uint8Array(SNIFF_BYTES);
    const fd = openSync(process.execPath, 'r');
    readSync(fd, executable, 0, SNIFF_BYTES, 0);
    closeSync(fd);
    expect(sniffPageBytes(executable, false)).toEqual({ page: false, reason: 'not an HTML page (binary content)' });
    let seed = 7;
    const random = Uint8Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
    expect(sniffPageBytes(random, false)).toEqual({ page: false, reason: 'not an HTML page (binary content)' });
    const png = concat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), utf8('IHDR'));
    expect(sniffPageBytes(png, false)).toEqual({ page: false, reason: 'not an HTML page (PNG image)' });
    expect(sniffPageBytes(utf8('%PDF-1.7\n%âãÏÓ\n'), false)).toEqual({ page: false, reason: 'not an HTML page (PDF document)' });
    // A short file with a few NULs is binary too: the share counts, not the number.
    expect(sniffPageBytes(concat(utf8('abc'), bytes(0, 0), utf8('def')), false).page).toBe(false);
  });

  it('calls a zero-length file empty, and one of only whitespace empty too', () => {
    expect(sniffPageBytes(new Uint8Array(0), true)).toEqual({ page: false, reason: 'empty file' });
    expect(sniffPageBytes(utf8(' \n\t'), true)).toEqual({ page: false, reason: 'empty file (only whitespace)' });
  });
});

describe('isBlank', () => {
  it('sees whitespace in bytes and in UTF-16 code units', () => {
    expect(isBlank(utf8(' \r\n\t\f'), 'bytes')).toBe(true);
    expect(isBlank(utf8(' x '), 'bytes')).toBe(false);
    expect(isBlank(utf16(' \n ', 'le').subarray(2), 'utf16le')).toBe(true);
    expect(isBlank(utf16(' \n ', 'be').subarray(2), 'utf16be')).toBe(true);
    expect(isBlank(utf16(' x', 'le').subarray(2), 'utf16le')).toBe(false);
    // NUL bytes are not whitespace when the file is not UTF-16.
    expect(isBlank(bytes(0, 0, 0), 'bytes')).toBe(false);
  });
});

describe('sniffPageFile', () => {
  it('reads past a whitespace-only start before calling a file empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'winnow-sniff-'));
    try {
      const spaces = ' '.repeat(3 * SNIFF_BYTES + 5);
      writeFileSync(join(dir, 'blank.html'), spaces);
      writeFileSync(join(dir, 'late.html'), `${spaces}<p>text at the end</p>`);
      writeFileSync(join(dir, 'bom.html'), concat(bytes(0xef, 0xbb, 0xbf), utf8('\n\n')));
      writeFileSync(join(dir, 'empty.html'), '');
      writeFileSync(join(dir, 'page.html'), PAGE);
      expect(await sniffPageFile(join(dir, 'blank.html'))).toEqual({ page: false, reason: 'empty file (only whitespace)' });
      expect(await sniffPageFile(join(dir, 'late.html'))).toEqual({ page: true });
      expect(await sniffPageFile(join(dir, 'bom.html'))).toEqual({ page: false, reason: 'empty file (only whitespace)' });
      expect(await sniffPageFile(join(dir, 'empty.html'))).toEqual({ page: false, reason: 'empty file' });
      expect(await sniffPageFile(join(dir, 'page.html'))).toEqual({ page: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
