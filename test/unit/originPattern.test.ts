// The match pattern "always run here" asks for and registers: Chromium keeps the origin's port, Firefox (which
// ignores ports in match patterns, bugs 1362809 and 1468162) gets the host without one.
import { describe, expect, it } from 'vitest';
import { originMatchPattern } from '../../extension/shared/originPattern.ts';

const CHROMIUM = 'chrome-extension://abcdefghijklmnop/';
const FIREFOX = 'moz-extension://0b1e2f3a-4c5d-6e7f-8091-a2b3c4d5e6f7/';

describe('originMatchPattern', () => {
  it('keeps the origin as it is in Chromium, port included', () => {
    expect(originMatchPattern('http://127.0.0.1:8080', CHROMIUM)).toBe('http://127.0.0.1:8080/*');
    expect(originMatchPattern('https://example.org', CHROMIUM)).toBe('https://example.org/*');
  });

  it('leaves the port out in Firefox and keeps scheme and host', () => {
    expect(originMatchPattern('http://127.0.0.1:8080', FIREFOX)).toBe('http://127.0.0.1/*');
    expect(originMatchPattern('https://news.example.org:8443', FIREFOX)).toBe('https://news.example.org/*');
    expect(originMatchPattern('https://example.org', FIREFOX)).toBe('https://example.org/*');
  });
});
