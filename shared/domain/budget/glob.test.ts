import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globMatches, globToRegExp } from './glob';

describe('allocation-rule globs match in linear time (issue 11, item 8)', () => {
  it('*a*a*a*a*a*a*b against 40-character resource ids takes milliseconds, not minutes', () => {
    const ids = Array.from({ length: 2000 }, (_, n) => `${'a'.repeat(39)}${n % 2 ? 'c' : 'b'}`);
    const t0 = performance.now();
    const hits = ids.filter((id) => globMatches('*a*a*a*a*a*a*b', id)).length;
    expect(hits).toBe(1000);
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('gives the same answer as the anchored, case-insensitive RegExp on small patterns', () => {
    const chars = fc.constantFrom('a', 'b', 'A', '*', '?', '.', '-');
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 6 }),
        fc.array(fc.constantFrom('a', 'b', 'B', '.', '-'), { minLength: 1, maxLength: 8 }),
        (p, v) => {
          const pattern = p.join('');
          const value = v.join('');
          expect(globMatches(pattern, value)).toBe(globToRegExp(pattern).test(value));
        },
      ),
    );
  });
});
