import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globMatches, globToRegExp } from './glob';

describe('glob matching (issue 11 item 8)', () => {
  it('matches as the regular expression it replaces, on random patterns and texts', () => {
    const alphabet = fc.constantFrom('a', 'b', 'A', '-', '.', '/', '\n', 'é');
    const text = fc.array(alphabet, { maxLength: 14 }).map((c) => c.join(''));
    const pattern = fc.array(fc.oneof(alphabet, fc.constant('*'), fc.constant('?')), { minLength: 1, maxLength: 8 }).map((c) => c.join(''));
    fc.assert(
      fc.property(pattern, text, (p, t) => {
        fc.pre(p.trim() !== '');
        expect(globMatches(p, t)).toBe(t !== '' && globToRegExp(p).test(t));
      }),
      { numRuns: 3000, seed: 811 },
    );
  });

  it('answers the pathological pattern against 40-character ids (the regular expression took seconds)', () => {
    const id = 'a'.repeat(40);
    expect(globMatches('*a*a*a*a*a*a*b', id)).toBe(false);
    expect(globMatches('*a*a*a*a*a*a*b', `${id}b`)).toBe(true);
    expect(globMatches('i-0*', 'I-0ABC')).toBe(true);
    expect(globMatches('  gpu-*  ', 'gpu-train-1')).toBe(true);
    expect(globMatches('*', '')).toBe(false);
  });
});
