import { SNAPSHOT_VERSION, type PageSnapshot } from './pageSnapshot.ts';

/**
 * A snapshot as plain JSON (typed arrays as number arrays): how snapshots leave a browser page through
 * Playwright, and how golden snapshots are stored on disk.
 */
export type SnapshotJson = Omit<PageSnapshot, TypedKeys> & { [K in TypedKeys]: number[] };

type TypedKeys = 'parent' | 'depth' | 'tag' | 'rect' | 'textChars' | 'words' | 'anchorChars' | 'links' |
  'intraLinks' | 'htmlLength' | 'style' | 'fontSize' | 'hints' | 'textStart' | 'textEnd';

const TYPED: { [K in TypedKeys]: { from(a: ArrayLike<number>): PageSnapshot[K] } } = {
  parent: Int32Array, depth: Uint16Array, tag: Uint8Array, rect: Float32Array, textChars: Uint32Array,
  words: Uint32Array, anchorChars: Uint32Array, links: Uint32Array, intraLinks: Uint32Array,
  htmlLength: Uint32Array, style: Uint32Array, fontSize: Uint8Array, hints: Uint32Array, textStart: Uint32Array,
  textEnd: Uint32Array,
};

export function snapshotToJson(s: PageSnapshot): SnapshotJson {
  const out: Record<string, unknown> = { ...s };
  for (const key of Object.keys(TYPED)) out[key] = Array.from(s[key as TypedKeys]);
  return out as SnapshotJson;
}

/** Rebuilds a snapshot, checking what a corrupt or foreign file would get wrong. */
export function snapshotFromJson(json: SnapshotJson): PageSnapshot {
  if (!json || typeof json !== 'object') throw new Error('snapshot: not an object');
  if (json.version !== SNAPSHOT_VERSION) throw new Error(`snapshot: version ${json.version}, expected ${SNAPSHOT_VERSION}`);
  const n = json.count;
  if (!Number.isInteger(n) || n < 0) throw new Error('snapshot: count is not a whole number');
  const out: Record<string, unknown> = { ...json };
  for (const [key, ctor] of Object.entries(TYPED)) {
    const arr = (json as unknown as Record<string, unknown>)[key];
    if (!Array.isArray(arr)) throw new Error(`snapshot: ${key} is missing`);
    const expected = key === 'rect' ? 4 * n : n;
    if (arr.length !== expected) throw new Error(`snapshot: ${key} has ${arr.length} entries, expected ${expected}`);
    out[key] = ctor.from(arr);
  }
  const parent = out.parent as Int32Array;
  for (let i = 0; i < n; i++) {
    if (i === 0 ? parent[i] !== -1 : parent[i] < 0 || parent[i] >= i) {
      throw new Error(`snapshot: node ${i} has parent ${parent[i]}; parents must come before children`);
    }
  }
  return out as unknown as PageSnapshot;
}
