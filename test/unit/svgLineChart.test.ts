import { describe, expect, it } from 'vitest';
import { escapeXml, linearTicks, svgLineChart } from '../../src/cli/evaluation/svgLineChart.ts';

/**
 * A strict little well-formedness check (no XML parser in the dependencies): every tag is balanced, attributes are
 * quoted name="value" pairs, and text and attribute values carry no raw "<" or stray "&".
 */
function checkWellFormed(xml: string): void {
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<!--[\s\S]*?-->|([^<]+)|(<)/g;
  let m: RegExpExecArray | null;
  let pos = 0;
  while ((m = token.exec(xml))) {
    expect(m.index, `unparsed text at ${pos}: ${xml.slice(pos, pos + 40)}`).toBe(pos);
    pos = token.lastIndex;
    if (m[6]) throw new Error(`stray "<" at ${m.index}: ${xml.slice(m.index, m.index + 40)}`);
    const textOrAttrs = m[5] ?? m[3] ?? '';
    expect(textOrAttrs.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, ''), 'raw "&"').not.toContain('&');
    if (m[5] !== undefined) continue;
    if (m[0].startsWith('<!--')) continue;
    const [, closing, name, , selfClosing] = m;
    if (closing) expect(stack.pop(), `closing </${name}>`).toBe(name);
    else if (!selfClosing) stack.push(name);
  }
  expect(pos).toBe(xml.length);
  expect(stack).toEqual([]);
}

const grid = [1e-4, 1e-3, 0.01, 0.1, 1];

describe('the well-formedness check itself', () => {
  it('rejects unbalanced tags, unquoted attributes, raw "<" and "&"', () => {
    checkWellFormed('<svg a="1"><g><circle r="3"/></g><text>a &amp; b</text></svg>');
    expect(() => checkWellFormed('<svg><g></svg>')).toThrow();
    expect(() => checkWellFormed('<svg a=1></svg>')).toThrow();
    expect(() => checkWellFormed('<svg><text>a < b</text></svg>')).toThrow();
    expect(() => checkWellFormed('<svg><text>a & b</text></svg>')).toThrow();
  });
});

describe('svgLineChart', () => {
  const svg = svgLineChart([
    { name: 'text F (Smooth) <held-out>', points: grid.map((x, i) => ({ x, y: 0.5 + i / 20 })) },
    { name: 'links F & co', points: grid.map((x, i) => ({ x, y: 0.7 - i / 30 })), dash: '6 3' },
    { name: 'ARI', points: grid.map((x, i) => ({ x, y: i === 2 ? NaN : 0.3 + i / 10 })) },
  ], {
    title: 'Quality against the penalty "c"', xLabel: 'penalty factor c (log scale)', yLabel: 'score',
    logX: true, markers: [{ x: 0.01, label: 'default c = 0.01' }],
  });

  it('is a well-formed SVG document with escaped text', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    checkWellFormed(svg);
    expect(svg).toContain('&lt;held-out&gt;');
    expect(svg).toContain('links F &amp; co');
  });

  it('draws one circle per finite point, each series in its own group, and skips NaN', () => {
    const groups = svg.split('<g data-series=').slice(1);
    expect(groups).toHaveLength(3);
    const circles = groups.map((g) => (g.split('</g>')[0].match(/<circle /g) ?? []).length);
    expect(circles).toEqual([5, 5, 4]);
    // The NaN breaks the third line in two polylines of two points each.
    const lines = groups.map((g) => (g.split('</g>')[0].match(/<polyline /g) ?? []).length);
    expect(lines).toEqual([1, 1, 2]);
    const firstLine = /<polyline[^>]*points="([^"]*)"/.exec(groups[0])![1];
    expect(firstLine.split(' ')).toHaveLength(5);
  });

  it('puts x on a log scale with decade ticks and the marker where c = 0.01 is', () => {
    for (const label of ['1e-4', '0.001', '0.01', '0.1', '>1<']) expect(svg).toContain(label.startsWith('>') ? label : `>${label}<`);
    const xs = [...svg.matchAll(/<circle cx="([\d.]+)"/g)].slice(0, 5).map((m) => Number(m[1]));
    const steps = xs.slice(1).map((x, i) => x - xs[i]);
    for (const s of steps) expect(s).toBeCloseTo(steps[0], 1); // equal spacing per decade
    const marker = /<line x1="([\d.]+)"[^>]*stroke-dasharray="4 4"/.exec(svg)!;
    expect(Number(marker[1])).toBeCloseTo(xs[2], 1);
    expect(svg).toContain('default c = 0.01');
  });

  it('rejects a log axis with x ≤ 0 and charts without points', () => {
    expect(() => svgLineChart([{ name: 'a', points: [{ x: 0, y: 1 }] }], { title: '', xLabel: '', yLabel: '', logX: true }))
      .toThrow(/x > 0/);
    expect(() => svgLineChart([{ name: 'a', points: [] }], { title: '', xLabel: '', yLabel: '' })).toThrow(/no finite/);
  });

  it('has round linear ticks and escapes XML', () => {
    expect(linearTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(linearTicks(-0.5, 1)).toEqual([-0.5, 0, 0.5, 1]);
    expect(escapeXml('a<b & "c">')).toBe('a&lt;b &amp; &quot;c&quot;&gt;');
  });
});
