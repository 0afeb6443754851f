/**
 * Gold text files of the older datasets come in whatever encoding their authors' editors wrote (Dragnet has UTF-8,
 * UTF-16LE with a byte-order mark and Windows-1252 side by side), with nothing else declaring which: a byte-order
 * mark wins, then UTF-8 if the bytes are valid UTF-8, else Windows-1252 (what browsers assume for undeclared Latin
 * text; it maps every byte, so decoding never fails).
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** Windows-1252's 0x80–0x9F (the WHATWG table); every other byte is its own code point. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 as browsers decode it. Spelled out because Node 20's TextDecoder('windows-1252') decodes as
 * ISO-8859-1, turning curly quotes, dashes, Š, Œ, Ž into C1 control characters (and splitting words at them).
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (b) => (b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : b));
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/** Each byte as one code unit, so string offsets are byte offsets (for finding markup in undecoded bytes). */
export function bytesAsLatin1(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) parts.push(String.fromCharCode(...bytes.subarray(start, start + CHUNK)));
  return parts.join('');
}
