import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_GOLD_ALIGNMENT, goldNodeLabels, goldTokenMask, ownedTokens, type GoldAlignmentOptions, type TextTree,
} from '../../src/eval/goldAlignment.ts';
import { tokenize } from '../../src/eval/shingles.ts';

/**
 * Words from a small pool, so shingles repeat within a page and between page and gold; with non-ASCII letters, an
 * astral-plane letter (two UTF-16 units), digits and underscore, which are all word characters.
 */
const word = fc.constantFrom('home', 'News', 'a', 'b', 'c', 'café', 'ЖУК', '中文', 'x_1', '42', '𠀀z');
/** What sits between words: spaces, newlines, punctuation, entity-like leftovers, or nothing (words run together). */
const gap = fc.constantFrom(' ', ' ', '\n', ', ', '. ', ' — ', ' & ', '’', '');
const piece = fc.array(fc.tuple(word, gap), { maxLength: 4 }).map((ws) => ws.map(([w, g]) => w + g).join(''));

/**
 * A random page tree in pre-order (each node hangs under the previous node or one of its ancestors, so subtrees are
 * contiguous) whose text interleaves each node's own pieces with its children's text, as capture lays it out.
 */
const treeArb: fc.Arbitrary<TextTree> = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc.record({
    climb: fc.array(fc.nat(4), { minLength: n - 1, maxLength: n - 1 }),
    pieces: fc.array(fc.array(piece, { minLength: 1, maxLength: 4 }), { minLength: n, maxLength: n }),
  }).map(({ climb, pieces }) => {
    const parent = [-1];
    for (let i = 1; i < n; i++) {
      // Start at the previous node and climb up to `climb` levels, never above the root.
      let p = i - 1;
      for (let up = 0; up < climb[i - 1] && parent[p] >= 0; up++) p = parent[p];
      parent.push(p);
    }
    const children: number[][] = Array.from({ length: n }, () => []);
    for (let i = 1; i < n; i++) children[parent[i]].push(i);
    const textStart = new Array<number>(n);
    const textEnd = new Array<number>(n);
    let text = '';
    const visit = (i: number) => {
      textStart[i] = text.length;
      children[i].forEach((c, k) => {
        text += pieces[i][k % pieces[i].length];
        visit(c);
      });
      text += pieces[i][children[i].length % pieces[i].length];
      textEnd[i] = text.length;
    };
    visit(0);
    return { count: n, parent, text, textStart, textEnd };
  }),
);

/** Gold texts: random words, or pieces of the page's own text (so some of it matches and some repeats). */
function goldArb(tree: TextTree): fc.Arbitrary<string> {
  return fc.oneof(
    fc.array(piece, { maxLength: 6 }).map((ps) => ps.join(' ')),
    fc.array(fc.tuple(fc.nat(tree.count - 1), gap), { maxLength: 5 })
      .map((picks) => picks.map(([i, g]) => tree.text.slice(tree.textStart[i], tree.textEnd[i]) + g).join('')),
  );
}

const optionsArb: fc.Arbitrary<GoldAlignmentOptions> = fc.record({
  shingleSize: fc.integer({ min: 1, max: 4 }),
  window: fc.integer({ min: 0, max: 6 }),
  templateAtMost: fc.constantFrom(0, 0.15, 0.5),
  contentAtLeast: fc.constantFrom(0.3, 0.5, 1),
  minTokens: fc.integer({ min: 1, max: 3 }),
});

// ---- An independent, deliberately naive reference of the same rules. ----

function isWordChar(ch: string): boolean {
  return /^[\p{L}\p{N}_]$/u.test(ch);
}

/** Tokens by walking code points; each token's owner is the deepest node whose range holds its first character. */
function referenceTokens(tree: TextTree): { tokens: string[]; owner: number[] } {
  const tokens: string[] = [];
  const owner: number[] = [];
  let current = '';
  let startedAt = -1;
  let index = 0;
  const flush = () => {
    if (!current) return;
    tokens.push(current.toLowerCase());
    let deepest = -1;
    for (let i = 0; i < tree.count; i++) if (tree.textStart[i] <= startedAt && startedAt < tree.textEnd[i]) deepest = i;
    owner.push(deepest);
    current = '';
  };
  for (const ch of tree.text) {
    if (isWordChar(ch)) {
      if (!current) startedAt = index;
      current += ch;
    } else {
      flush();
    }
    index += ch.length;
  }
  flush();
  return { tokens, owner };
}

function referenceMask(page: string[], gold: string[], o: GoldAlignmentOptions): number[] {
  const k = Math.min(o.shingleSize, gold.length, page.length);
  const mask = page.map(() => 0);
  if (k === 0) return mask;
  const remaining: string[] = [];
  for (let j = 0; j + k <= gold.length; j++) remaining.push(gold.slice(j, j + k).join(' '));
  const key = (j: number) => page.slice(j, j + k).join(' ');
  const positions = page.length - k + 1;
  const isCandidate = (j: number) => remaining.includes(key(j));
  const candidates = Array.from({ length: positions }, (_, j) => j).filter(isCandidate);
  const density = (j: number) => candidates.filter((c) => Math.abs(c - j) <= o.window).length;
  const pending = [...candidates];
  while (pending.length) {
    // The densest pending position, the earliest among equals.
    let best = 0;
    for (let q = 1; q < pending.length; q++) if (density(pending[q]) > density(pending[best])) best = q;
    const j = pending.splice(best, 1)[0];
    const at = remaining.indexOf(key(j));
    if (at < 0) continue;
    remaining.splice(at, 1);
    for (let t = j; t < j + k; t++) mask[t] = 1;
  }
  return mask;
}

function referenceLabels(tree: TextTree, goldText: string, o: GoldAlignmentOptions): number[] {
  const { tokens, owner } = referenceTokens(tree);
  const mask = referenceMask(tokens, tokenize(goldText), o);
  const inSubtree = (node: number, root: number) => {
    for (let x = node; x >= 0; x = tree.parent[x]) if (x === root) return true;
    return false;
  };
  return Array.from({ length: tree.count }, (_, i) => {
    let all = 0;
    let gold = 0;
    owner.forEach((node, t) => {
      if (node >= 0 && inSubtree(node, i)) {
        all++;
        gold += mask[t];
      }
    });
    if (all === 0 || all < o.minTokens) return -1;
    if (gold / all <= o.templateAtMost) return 1;
    if (gold / all >= o.contentAtLeast) return 0;
    return -1;
  });
}

const caseWithGold = treeArb.chain((tree) => fc.record({ tree: fc.constant(tree), gold: goldArb(tree), options: optionsArb }));

describe('gold alignment against a naive reference', () => {
  it('gives every token the same owner', () => {
    fc.assert(fc.property(treeArb, (tree) => {
      const ours = ownedTokens(tree);
      const ref = referenceTokens(tree);
      expect(ours.tokens).toEqual(ref.tokens);
      expect(Array.from(ours.owner)).toEqual(ref.owner);
      expect(ours.tokens).toEqual(tokenize(tree.text));
    }), { numRuns: 300, seed: 20261124 });
  });

  it('marks the same tokens gold', () => {
    fc.assert(fc.property(caseWithGold, ({ tree, gold, options }) => {
      const page = tokenize(tree.text);
      expect(Array.from(goldTokenMask(page, tokenize(gold), options))).toEqual(referenceMask(page, tokenize(gold), options));
    }), { numRuns: 500, seed: 20261125 });
  });

  it('labels the same nodes', () => {
    fc.assert(fc.property(caseWithGold, ({ tree, gold, options }) => {
      expect(Array.from(goldNodeLabels(tree, gold, options).labels)).toEqual(referenceLabels(tree, gold, options));
    }), { numRuns: 500, seed: 20261126 });
  });
});

describe('gold alignment invariants', () => {
  it('calls every node with text content when the gold is the page text itself', () => {
    fc.assert(fc.property(treeArb, (tree) => {
      const { labels, tokens } = goldNodeLabels(tree, tree.text);
      for (let i = 0; i < tree.count; i++) expect(labels[i]).toBe(tokens[i] > 0 ? 0 : -1);
    }), { numRuns: 200, seed: 20261127 });
  });

  it('calls every node with text template when the gold is empty', () => {
    fc.assert(fc.property(treeArb, (tree) => {
      const { labels, tokens } = goldNodeLabels(tree, ' … ');
      for (let i = 0; i < tree.count; i++) expect(labels[i]).toBe(tokens[i] > 0 ? 1 : -1);
    }), { numRuns: 200, seed: 20261128 });
  });

  it('ignores case, whitespace and punctuation in the gold', () => {
    fc.assert(fc.property(caseWithGold, ({ tree, gold }) => {
      const restyled = gold.toUpperCase().replace(/[^\p{L}\p{N}_]+/gu, ' ;\n ');
      expect(goldNodeLabels(tree, restyled).labels).toEqual(goldNodeLabels(tree, gold).labels);
    }), { numRuns: 200, seed: 20261129 });
  });

  it('never finds more gold shingles than the gold has', () => {
    fc.assert(fc.property(caseWithGold, ({ tree, gold, options }) => {
      const page = tokenize(tree.text);
      const g = tokenize(gold);
      const mask = goldTokenMask(page, g, options);
      // Every gold token of the page lies in a claimed shingle, and each claims a distinct gold shingle.
      const k = Math.min(options.shingleSize, g.length, page.length);
      const marked = mask.reduce((s, v) => s + v, 0);
      expect(marked).toBeLessThanOrEqual(k === 0 ? 0 : (g.length - k + 1) * k);
    }), { numRuns: 200, seed: 20261130 });
  });

  it('keeps a subtree count equal to the sum of its children and its own tokens', () => {
    fc.assert(fc.property(caseWithGold, ({ tree, gold }) => {
      const { tokens, goldTokens } = goldNodeLabels(tree, gold, DEFAULT_GOLD_ALIGNMENT);
      expect(tokens[0]).toBe(tokenize(tree.text.slice(tree.textStart[0], tree.textEnd[0])).length);
      const expected = new Array<number>(tree.count).fill(0);
      for (const node of ownedTokens(tree).owner) if (node >= 0) expected[node]++;
      for (let i = tree.count - 1; i > 0; i--) expected[tree.parent[i]] += expected[i];
      expect(Array.from(tokens)).toEqual(expected);
      for (let i = 0; i < tree.count; i++) expect(goldTokens[i]).toBeLessThanOrEqual(tokens[i]);
    }), { numRuns: 200, seed: 20261131 });
  });
});
