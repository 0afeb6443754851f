/**
 * A skeleton as a few bytes, for the site memory (up to K skeletons per site, skeletonStore.ts):
 *
 *   version byte (1) · n · L · L labels · n child counts (pre-order) · n label indices       (all varints)
 *
 * Pre-order plus each node's number of children fixes the tree, so no parent indices are stored; labels go through
 * a per-skeleton dictionary sorted by frequency, so the common labels take one byte each. A page of a few hundred
 * elements takes about two bytes per node; text labels (one dictionary entry per distinct own text) take more.
 * Decoding checks everything a corrupt or foreign blob could get wrong.
 */
import { checkSkeleton, type Skeleton } from './skeleton.ts';
import { ByteReader, ByteWriter } from './varint.ts';

const VERSION = 1;

export function encodeSkeleton(s: Skeleton): Uint8Array {
  const n = s.parent.length;
  const frequency = new Map<number, number>();
  for (let i = 0; i < n; i++) frequency.set(s.label[i], (frequency.get(s.label[i]) ?? 0) + 1);
  const dictionary = [...frequency.keys()].sort((a, b) => frequency.get(b)! - frequency.get(a)! || a - b);
  const indexOf = new Map(dictionary.map((label, k) => [label, k]));
  const children = new Uint32Array(n);
  for (let i = 1; i < n; i++) children[s.parent[i]]++;
  const w = new ByteWriter();
  w.byte(VERSION);
  w.uint(n);
  w.uint(dictionary.length);
  for (const label of dictionary) w.uint(label);
  for (let i = 0; i < n; i++) w.uint(children[i]);
  for (let i = 0; i < n; i++) w.uint(indexOf.get(s.label[i])!);
  return w.bytes();
}

export function decodeSkeleton(bytes: Uint8Array): Skeleton {
  const r = new ByteReader(bytes);
  const version = r.byte();
  if (version !== VERSION) throw new Error(`skeleton: encoding version ${version}, expected ${VERSION}`);
  const n = r.uint();
  // Every node takes at least two bytes, which bounds n before anything is allocated.
  if (2 * n > bytes.length) throw new Error(`skeleton: ${n} nodes cannot fit in ${bytes.length} bytes`);
  const dictionary = new Uint32Array(r.uint());
  if (dictionary.length > n) throw new Error('skeleton: more labels than nodes');
  for (let k = 0; k < dictionary.length; k++) dictionary[k] = r.uint();
  const parent = new Int32Array(n);
  // Rebuild parents from child counts: a stack of open nodes and how many children each still expects.
  const open: number[] = [];
  const left: number[] = [];
  for (let i = 0; i < n; i++) {
    const count = r.uint();
    if (i === 0) parent[0] = -1;
    else {
      while (open.length > 0 && left[left.length - 1] === 0) {
        open.pop();
        left.pop();
      }
      if (open.length === 0) throw new Error(`skeleton: node ${i} has no parent (child counts too small)`);
      parent[i] = open[open.length - 1];
      left[left.length - 1]--;
    }
    open.push(i);
    left.push(count);
  }
  if (left.some((k) => k > 0)) throw new Error('skeleton: child counts promise more nodes than there are');
  const label = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const k = r.uint();
    if (k >= dictionary.length) throw new Error(`skeleton: label index ${k} out of range`);
    label[i] = dictionary[k];
  }
  if (!r.done) throw new Error('skeleton: trailing bytes');
  const s = { parent, label };
  checkSkeleton(s);
  return s;
}
