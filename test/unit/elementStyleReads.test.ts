// The property list benchPageReads.ts times (STYLE_PROPERTIES_READ) is the one readElementStyle reads: a property
// added to the capture and not to the list would make the bench's floor too low.
import { describe, expect, it } from 'vitest';
import { readElementStyle } from '../../src/capture/elementStyle.ts';
import { STYLE_PROPERTIES_READ } from '../../src/snapshot/styleBits.ts';

describe('STYLE_PROPERTIES_READ', () => {
  it('names every computed property readElementStyle reads, and no other', () => {
    const read = new Set<string>();
    // A style declaration that records what is asked of it and answers like a visible block box.
    const values: Record<string, string> = {
      display: 'block', overflow: 'visible', visibility: 'visible', opacity: '1', fontSize: '16px', position: 'static',
      cssFloat: 'none', fontWeight: '400', backgroundColor: 'rgba(0, 0, 0, 0)', backgroundImage: 'none',
      borderTopWidth: '0px', borderBottomWidth: '0px',
    };
    const cs = new Proxy({}, {
      get: (_, name) => {
        read.add(String(name));
        return values[String(name)] ?? '';
      },
    }) as CSSStyleDeclaration;
    readElementStyle(cs);
    expect([...read].sort()).toEqual([...STYLE_PROPERTIES_READ].sort());
  });
});
