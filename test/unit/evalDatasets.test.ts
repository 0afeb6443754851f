import { describe, expect, it } from 'vitest';
import { dragnetMainText, hasCommentsSeparator } from '../../src/cli/datasets/dragnetGold.ts';
import { parseCleanevalGold } from '../../src/cli/datasets/cleanevalGold.ts';
import { unwrapCleanevalHtml } from '../../src/cli/datasets/cleanevalInput.ts';
import { decodeText } from '../../src/cli/datasets/decodeText.ts';
import { byNaturalName } from '../../src/cli/datasets/naturalOrder.ts';

const bytes = (...b: number[]) => Uint8Array.from(b);
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('Dragnet gold', () => {
  it('keeps the article and drops the comments after the separator line', () => {
    const gold = 'Title\r\n\r\nBody text.\r\n!@#$%^&*()  COMMENTS\r\nFirst!\r\nGreat post.\r\n';
    expect(dragnetMainText(gold)).toBe('Title\r\n\r\nBody text.\r\n');
  });

  it('recognises the separator as people typed it', () => {
    for (const line of ['!@#$%^&*()  COMMENTS', '!@ $%^&*()  COMMENTS', '@#$%^&*() COMMENTS', '!@#$%^&**()  COMMENTS',
      '!@#$%^&*   COMMENTS', '!@#$%^&*()  \tCOMMENTS\t']) {
      expect(hasCommentsSeparator(`text\n${line}\ncomment`), line).toBe(true);
      expect(dragnetMainText(`text\n${line}\ncomment`)).toBe('text\n');
    }
  });

  it('leaves a gold file without comments whole, even when the article says COMMENTS', () => {
    const gold = 'We read all COMMENTS carefully.\n*** ***\n';
    expect(dragnetMainText(gold)).toBe(gold);
  });
});

describe('CleanEval gold', () => {
  it('drops the URL line and turns the <p>, <h> and <l> markers into line breaks', () => {
    const g = parseCleanevalGold('URL: http://a.example/x\n\n<h>Heading\n<p>First para\ncontinues.<l>  * item one\n<l>item two');
    expect(g.url).toBe('http://a.example/x');
    expect(g.text).toBe('\n\nHeading\n\nFirst para\ncontinues.\n  * item one\n\nitem two');
  });

  it('finds the address on the next line when the URL line is empty, and ignores a byte-order mark', () => {
    const g = parseCleanevalGold('\uFEFFURL: \r\nhttp://b.example/y\r\n\r\n<p>Text <jefferai> said');
    expect(g.url).toBe('http://b.example/y');
    expect(g.text).toBe('\n\nText <jefferai> said');
  });
});

describe('CleanEval input', () => {
  it('removes the crawler wrapper and decodes the bytes as it recorded them', () => {
    const record = latin1('<text id="http://c.example/" title="T" encoding="iso-8859-1">\n<html><body>caf\xe9</body></html>\n</text>\n');
    const page = unwrapCleanevalHtml(record);
    expect(page.url).toBe('http://c.example/');
    expect(page.encoding).toBe('windows-1252');
    expect(page.html).toBe('\n<html><body>café</body></html>\n');
  });

  it('takes UTF-8 when the record says nothing useful and the bytes are UTF-8, Windows-1252 otherwise', () => {
    const utf8 = new TextEncoder().encode('<text id="u" encoding="unset"><p>naïve “quotes”</p></text>');
    expect(unwrapCleanevalHtml(utf8)).toMatchObject({ html: '<p>naïve “quotes”</p>', encoding: 'utf-8' });
    const cp1252 = latin1('<text id="u" encoding="UTF-16"><p>\x93quoted\x94</p></text>');
    expect(unwrapCleanevalHtml(cp1252)).toMatchObject({ html: '<p>“quoted”</p>', encoding: 'windows-1252' });
  });

  it('passes a page without a wrapper through', () => {
    expect(unwrapCleanevalHtml(latin1('<p>plain</p>'))).toMatchObject({ html: '<p>plain</p>', url: '' });
  });
});

describe('decodeText', () => {
  it('follows a byte-order mark, then UTF-8, else Windows-1252', () => {
    expect(decodeText(bytes(0xff, 0xfe, 0x48, 0, 0x69, 0))).toBe('Hi');
    expect(decodeText(bytes(0xef, 0xbb, 0xbf, 0x48, 0x69))).toBe('Hi');
    expect(decodeText(new TextEncoder().encode('Zürich'))).toBe('Zürich');
    expect(decodeText(latin1('Z\xfcrich \x85'))).toBe('Zürich …');
  });
});

describe('page order', () => {
  it('sorts dataset file names by their numbers', () => {
    expect(['R102', '12', 'R12', '2', 'T1'].sort(byNaturalName)).toEqual(['2', '12', 'R12', 'R102', 'T1']);
  });
});
