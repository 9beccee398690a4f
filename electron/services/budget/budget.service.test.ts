import { describe, expect, it } from 'vitest';
import { mergeDisjoint } from './budget.service';

describe('budget service parts are merged without clashes', () => {
  it('keeps every use case of disjoint parts', () => {
    const merged = mergeDisjoint({ a: () => 1 }, { b: () => 2 }, { c: () => 3 });
    expect(Object.keys(merged).sort()).toEqual(['a', 'b', 'c']);
    expect(merged.b()).toBe(2);
  });

  it('refuses a use case offered by two parts (an object spread would silently keep the last)', () => {
    expect(() => mergeDisjoint({ listImports: () => 1 }, { other: () => 2 }, { listImports: () => 3 })).toThrow(
      'Two budget use cases are named "listImports".',
    );
  });
});
