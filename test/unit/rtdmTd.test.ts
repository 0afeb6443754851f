import { describe, expect, it } from 'vitest';
import {
  Op, cellIndex, cellSource, extractSubTree, mappingPairs, retrieveTemplate, rtdmTd, skeletonOf, checkSkeleton,
  smallestSubtree, type Skeleton,
} from '../../src/site/rtdm/index.ts';

/** A tree from bracket notation, one letter per label: "a(b,c(d))". */
function tree(src: string): Skeleton {
  const parent: number[] = [];
  const label: number[] = [];
  const stack: number[] = [];
  let last = -1;
  for (const ch of src.replace(/\s/g, '')) {
    if (ch === '(') stack.push(last);
    else if (ch === ')') stack.pop();
    else if (ch !== ',') {
      last = parent.length;
      parent.push(stack.length ? stack[stack.length - 1] : -1);
      label.push(ch.charCodeAt(0));
    }
  }
  return skeletonOf(parent, label);
}

const letters = (s: Skeleton) => Array.from(s.label, (l) => String.fromCharCode(l)).join('');
const marked = (mask: Uint8Array) => [...mask.keys()].filter((i) => mask[i]);

describe('rtdmTd on hand cases', () => {
  it('costs nothing between identical trees, and the bottom-up short-cut skips every alignment below the roots', () => {
    const t = tree('h(b(n(a,a,a),m(p,p),f))');
    const r = rtdmTd(t, t);
    expect(r.cost).toBe(0);
    expect(r.alignments).toBe(1); // only the virtual parents' 1 × 1 matrix
    expect(r.matrix.op[cellIndex(r.matrix, 1, 1)]).toBe(Op.IDENTICAL);
    expect(marked(retrieveTemplate(r))).toEqual([...Array(t.parent.length).keys()]);
  });

  it('costs 1 for one changed leaf, which is the only node left out of the template', () => {
    const r = rtdmTd(tree('h(b(n(a,a),m(p,q)))'), tree('h(b(n(a,a),m(p,x)))'));
    expect(r.cost).toBe(1);
    expect(marked(retrieveTemplate(r))).toEqual([0, 1, 2, 3, 4, 5, 6]); // all but q (node 7)
    expect(mappingPairs(r)).toContainEqual([7, 7]); // q replaced by x
  });

  it('costs one insertion or deletion per added or removed leaf', () => {
    expect(rtdmTd(tree('a(b,c)'), tree('a(b,x,c)')).cost).toBe(1);
    expect(rtdmTd(tree('a(b,x,c)'), tree('a(b,c)')).cost).toBe(1);
    expect(rtdmTd(tree('a(b,c)'), tree('a(b,c(d,e))')).cost).toBe(2);
  });

  it('restricts replacement to the leaves of the mapping (Definition 4, the paper\'s Figure 2)', () => {
    // Top-down edit distance would replace b by e and keep c, d below it (cost 1). Restricted, the replaced pair is a
    // leaf of the mapping: c, d are deleted and inserted again, or b and e with them (cost 1 + 2 + 2 = 5).
    const r = rtdmTd(tree('a(b(c,d))'), tree('a(e(c,d))'));
    expect(r.cost).toBe(5);
    expect(marked(retrieveTemplate(r))).toEqual([0]);
    // The top-down short-cut: b and e are never aligned below. What is: the virtual parents' matrix, and the roots'
    // children, once costed and once built along the optimal path.
    expect(r.alignments).toBe(3);
  });

  it('charges a replaced root with both trees below it, or maps nothing when that is cheaper', () => {
    expect(rtdmTd(tree('a(b,c)'), tree('x(b,c)')).cost).toBe(1 + 2 + 2);
    const dear = rtdmTd(tree('a(b,c)'), tree('x(b,c)'), { replace: 10 });
    expect(dear.cost).toBe(6); // delete all 3, insert all 3
    expect(dear.matrix.op[cellIndex(dear.matrix, 1, 1)]).toBe(Op.DELETE);
    expect(mappingPairs(dear)).toEqual([]);
  });

  it('aligns children like a string edit distance, in order', () => {
    // Children b c d against c d b: keeping c, d (delete b, insert b) beats keeping b.
    const r = rtdmTd(tree('a(b(x),c(y),d(z))'), tree('a(c(y),d(z),b(x))'));
    expect(r.cost).toBe(4);
    expect(marked(retrieveTemplate(r))).toEqual([0, 3, 4, 5, 6]);
  });

  it('handles empty trees', () => {
    const empty = skeletonOf([], []);
    expect(rtdmTd(empty, tree('a(b)')).cost).toBe(2);
    expect(rtdmTd(tree('a(b)'), empty).cost).toBe(2);
    expect(rtdmTd(empty, empty).cost).toBe(0);
    expect(extractSubTree(empty, tree('a')).parent.length).toBe(0);
  });

  it('keeps the backtracking matrix of the paper: op and src per cell, next for mapped pairs on the path', () => {
    const r = rtdmTd(tree('r(a(p,q),b,c)'), tree('r(a(p,z),c)'));
    expect(r.cost).toBe(2); // q→z replaced, b deleted
    const roots = r.matrix.next.get(cellIndex(r.matrix, 1, 1))!;
    expect(roots.u).toBe(0);
    expect(roots.op[cellIndex(roots, 1, 1)]).toBe(Op.MATCH); // a: same label, not identical → recursion
    expect(roots.op[cellIndex(roots, 2, 1)]).toBe(Op.DELETE); // b
    expect(roots.op[cellIndex(roots, 3, 2)]).toBe(Op.IDENTICAL); // c
    expect(cellSource(roots, 3, 2)).toBe(5); // node c of r(a(p,q),b,c)
    expect(roots.total).toBe(2);
    const a = roots.next.get(cellIndex(roots, 1, 1))!;
    expect(a.op[cellIndex(a, 2, 2)]).toBe(Op.REPLACE);
    expect(marked(retrieveTemplate(r))).toEqual([0, 1, 2, 5]);
  });
});

describe('extractSubTree and the smallest common subtree', () => {
  it('returns the subtree of the first tree that both share', () => {
    const common = extractSubTree(tree('h(n(a,a),m(p,q),f(c))'), tree('h(n(a,a),m(x),f(c),z)'));
    expect(letters(common)).toBe('hnaamfc');
    expect(Array.from(common.parent)).toEqual([-1, 0, 1, 1, 0, 0, 5]);
  });

  it('adds the ancestors of marked nodes, so the result is a tree from the root', () => {
    const s = tree('a(b(c,d),e(f))');
    const sub = smallestSubtree(s, Uint8Array.from([0, 0, 0, 1, 0, 1]));
    checkSkeleton(sub);
    expect(letters(sub)).toBe('abdef');
  });
});

describe('skeleton checks', () => {
  it('rejects a tree that is not in pre-order, and mismatched arrays', () => {
    expect(() => skeletonOf([-1, 0, 0, 1], [1, 1, 1, 1])).toThrow(/not on the path/);
    expect(() => skeletonOf([0], [1])).toThrow(/root/);
    expect(() => skeletonOf([-1, 0], [1])).toThrow(/labels/);
  });

  it('rejects negative costs', () => {
    expect(() => rtdmTd(tree('a'), tree('a'), { insert: -1 })).toThrow(/insert/);
  });
});
