/**
 * Training labels from a gold main text: which of a page's nodes hold text that the gold contains. Datasets such as
 * Dragnet and the Web Content Extraction Benchmark say what a page's content is as plain text, not as marked DOM
 * nodes; aligning that text with the rendered page's text gives each node a content share, and from it the same
 * per-node label the human L3S labels give (1 template, 0 content, -1 unlabelled).
 *
 * Both texts become the lower-cased Unicode word tokens of src/eval/shingles.ts, so whitespace, entities, punctuation
 * and case never decide a match. Pure: no DOM, no Node.
 */

/** The part of a PageSnapshot the alignment reads: the tree and its text. */
export interface TextTree {
  count: number;
  /** Parent index, -1 for the root; nodes in pre-order (`parent[i] < i`). */
  parent: ArrayLike<number>;
  text: string;
  /** Node i's subtree text is `text.slice(textStart[i], textEnd[i])`; children's ranges lie inside, in order. */
  textStart: ArrayLike<number>;
  textEnd: ArrayLike<number>;
}

export interface GoldAlignmentOptions {
  /** Tokens per shingle: a page token is gold when a matched shingle of this many tokens covers it. */
  shingleSize: number;
  /**
   * A shingle that the gold holds fewer times than the page is given to the page positions with the most matching
   * shingles within this many positions either side (the article's own copy of its title, not the breadcrumb's).
   */
  window: number;
  /** Template (1) when at most this share of the subtree's tokens is gold: L3S's "≥ 85% template" rule. */
  templateAtMost: number;
  /** Content (0) when at least this share is gold; shares between the two bounds stay unlabelled (-1). */
  contentAtLeast: number;
  /** Subtrees with fewer tokens stay unlabelled. */
  minTokens: number;
}

export const DEFAULT_GOLD_ALIGNMENT: GoldAlignmentOptions = {
  shingleSize: 3,
  window: 50,
  templateAtMost: 0.15,
  contentAtLeast: 0.3,
  minTokens: 1,
};

/** Same token class as src/eval/shingles.ts (Python's Unicode `\w`), with positions. */
const TOKEN = /[\p{L}\p{N}_]+/gu;

export interface OwnedTokens {
  /** Lower-cased tokens of the page text, in document order (equal to `tokenize(tree.text)`). */
  tokens: string[];
  /** Per token, the node whose own text (outside its child elements) holds the token's first character; -1 if none. */
  owner: Int32Array;
}

/** Splits a page's text into tokens and gives each to the node whose own text it starts in. */
export function ownedTokens(tree: TextTree): OwnedTokens {
  const charOwner = ownTextOwners(tree);
  const tokens: string[] = [];
  const owners: number[] = [];
  for (const m of tree.text.matchAll(TOKEN)) {
    tokens.push(m[0].toLowerCase());
    owners.push(charOwner[m.index]);
  }
  return { tokens, owner: Int32Array.from(owners) };
}

/** Per character of the text, the node whose own text it is: a node's range minus its children's ranges. */
function ownTextOwners(tree: TextTree): Int32Array {
  const owner = new Int32Array(tree.text.length).fill(-1);
  // Each node writes only the gaps between its children's ranges, so every character is written once, by its
  // innermost node, and deep pages cost no more than shallow ones.
  const children: number[][] = Array.from({ length: tree.count }, () => []);
  for (let i = 1; i < tree.count; i++) children[tree.parent[i]].push(i);
  for (let i = 0; i < tree.count; i++) {
    let cursor = tree.textStart[i];
    for (const c of children[i]) {
      for (let k = cursor; k < tree.textStart[c]; k++) owner[k] = i;
      cursor = Math.max(cursor, tree.textEnd[c]);
    }
    for (let k = cursor; k < tree.textEnd[i]; k++) owner[k] = i;
  }
  return owner;
}

/**
 * Which page tokens are gold. Shingles of `shingleSize` tokens (fewer when either text is shorter) are taken at every
 * position of the page; a position whose shingle the gold holds is a candidate. Gold shingles are a multiset and are
 * used up: candidates claim them in order of how many candidates lie within `window` positions (ties: document
 * order), so a sentence the gold has once is matched once, in the densest stretch of gold text, and repeated
 * boilerplate (a title echoed by a breadcrumb, a teaser in a "related" list) is not content. A token is gold when a
 * position that claimed its shingle covers it.
 */
export function goldTokenMask(page: readonly string[], gold: readonly string[],
  options: Pick<GoldAlignmentOptions, 'shingleSize' | 'window'> = DEFAULT_GOLD_ALIGNMENT): Uint8Array {
  const mask = new Uint8Array(page.length);
  const k = Math.min(options.shingleSize, gold.length, page.length);
  if (k === 0) return mask;
  const left = new Map<string, number>();
  for (let j = 0; j + k <= gold.length; j++) {
    const key = gold.slice(j, j + k).join(' ');
    left.set(key, (left.get(key) ?? 0) + 1);
  }
  const positions = page.length - k + 1;
  const keys: string[] = [];
  const before = new Int32Array(positions + 1);
  for (let j = 0; j < positions; j++) {
    keys.push(page.slice(j, j + k).join(' '));
    before[j + 1] = before[j] + (left.has(keys[j]) ? 1 : 0);
  }
  const candidates: number[] = [];
  const density = new Int32Array(positions);
  for (let j = 0; j < positions; j++) {
    if (!left.has(keys[j])) continue;
    candidates.push(j);
    density[j] = before[Math.min(positions, j + options.window + 1)] - before[Math.max(0, j - options.window)];
  }
  candidates.sort((a, b) => density[b] - density[a] || a - b);
  const claimed = new Uint8Array(positions);
  for (const j of candidates) {
    const n = left.get(keys[j])!;
    if (n === 0) continue;
    left.set(keys[j], n - 1);
    claimed[j] = 1;
  }
  let coveredUpTo = -1;
  for (let j = 0; j < positions; j++) {
    if (claimed[j]) coveredUpTo = j + k - 1;
    if (coveredUpTo >= j) mask[j] = 1;
  }
  // The last k - 1 tokens are covered only by positions before them.
  for (let t = positions; t < page.length; t++) if (coveredUpTo >= t) mask[t] = 1;
  return mask;
}

export interface GoldNodeLabels {
  /** Per node: 1 template, 0 content, -1 unlabelled (too few tokens, or a share between the two bounds). */
  labels: Int8Array;
  /** Tokens in each node's subtree, and how many of them are gold. */
  tokens: Uint32Array;
  goldTokens: Uint32Array;
}

/**
 * Labels every node by the share of its subtree's tokens that are gold (each token counted once, in the node whose
 * own text holds it), with L3S's rule: template when at least 85% of the text is not content.
 */
export function goldNodeLabels(tree: TextTree, goldText: string,
  options: GoldAlignmentOptions = DEFAULT_GOLD_ALIGNMENT): GoldNodeLabels {
  const { tokens: pageTokens, owner } = ownedTokens(tree);
  const goldTokens = (goldText.match(TOKEN) ?? []).map((t) => t.toLowerCase());
  const mask = goldTokenMask(pageTokens, goldTokens, options);
  const tokens = new Uint32Array(tree.count);
  const gold = new Uint32Array(tree.count);
  owner.forEach((node, t) => {
    if (node < 0) return;
    tokens[node]++;
    gold[node] += mask[t];
  });
  // Children come after parents, so one backward pass sums every subtree.
  for (let i = tree.count - 1; i > 0; i--) {
    tokens[tree.parent[i]] += tokens[i];
    gold[tree.parent[i]] += gold[i];
  }
  const labels = new Int8Array(tree.count);
  for (let i = 0; i < tree.count; i++) labels[i] = labelOf(tokens[i], gold[i], options);
  return { labels, tokens, goldTokens: gold };
}

/** The label of a subtree with `tokens` tokens of which `gold` are gold. */
export function labelOf(tokens: number, gold: number, options: GoldAlignmentOptions = DEFAULT_GOLD_ALIGNMENT): -1 | 0 | 1 {
  if (tokens === 0 || tokens < options.minTokens) return -1;
  const share = gold / tokens;
  if (share <= options.templateAtMost) return 1;
  if (share >= options.contentAtLeast) return 0;
  return -1;
}
