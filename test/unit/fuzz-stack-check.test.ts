import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STACK, hasStack } from '../support/fuzz.js';

// The fuzz suites' stack check (hasStack, linear) must decide exactly what the STACK regex decides:
// checked on short strings over the characters that matter, where the regex is still fast.
const CHARS = [' ', '\t', '\n', '\r', '\u2028', '\u00a0', 'a', 't', 'x', '(', ')', ':', '1', '9'];

describe('hasStack', () => {
  it('answers as STACK.test on generated strings', () => {
    const text = fc
      .array(fc.oneof(fc.constantFrom(...CHARS), fc.constantFrom(' at ', '\nat ', ':1:2)', ' (f.js:3:4)')), { maxLength: 40 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(text, (s) => hasStack(s) === STACK.test(s)),
      { numRuns: 20_000, seed: 32 },
    );
  });

  it('finds real frames and passes near misses', () => {
    expect(hasStack('Error: x\n    at handler (/var/task/index.mjs:10:5)\n')).toBe(true);
    expect(hasStack('{"a":"b"}\nat f (a.js:1:2)')).toBe(true);
    expect(hasStack('at f (a.js:1:2)')).toBe(false); // no whitespace before `at`
    expect(hasStack(' at (a.js:1:2)')).toBe(false); // nothing between `at ` and `(`
    expect(hasStack(' at f (:1:2)')).toBe(false); // nothing between `(` and `:`
    expect(hasStack(' at f (a.js\n:1:2)')).toBe(false); // a frame is on one line
  });

  it('is fast on a long line with many near misses', () => {
    const text = ` at x (y ${'z'.repeat(2000)}`.repeat(300);
    const started = performance.now();
    expect(hasStack(text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
