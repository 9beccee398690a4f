import { describe, expect, it } from 'vitest';
import { documentLines, verdictCountsText, verdictWords } from './claim-words';

describe('claim words', () => {
  it('names one line in the singular and several with "and"', () => {
    expect(documentLines([6])).toBe('line 6');
    expect(documentLines([6, 7])).toBe('lines 6 and 7');
    expect(documentLines([6, 7, 11])).toBe('lines 6, 7 and 11');
    expect(documentLines([])).toBe('');
  });
  it('counts only the verdicts that occur', () => {
    expect(verdictCountsText({ ok: 1, doubtful: 3, wrong: 0, unverified: 1 })).toBe('1 ok, 3 doubtful, 1 unverified');
  });
  it("says what a price copied from the document is: it restates the catalog's source", () => {
    expect(verdictWords('restates')).toBe("restates the catalog's source");
    expect(verdictCountsText({ wrong: 2, restates: 4, ok: 1 })).toBe("2 wrong, 4 restate the catalog's source, 1 ok");
  });
});
