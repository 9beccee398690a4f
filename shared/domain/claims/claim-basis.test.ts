import { describe, expect, it } from 'vitest';
import { claimBasesText, countClaimBases } from './claim-basis';

describe('what the claims rest on, in words (issue 31 item 10)', () => {
  it('counts each basis and says "none stored" when no verdict is stored', () => {
    const counts = countClaimBases([
      { check: { kind: 'estimate' } as never },
      { check: { kind: 'price' } as never },
      { check: { kind: 'consistency' } as never },
      { check: { kind: 'none' } as never },
    ]);
    expect(claimBasesText(counts)).toBe(
      "1 from the estimator, 1 from the catalog, 1 the document's own arithmetic, 1 not computable, none stored",
    );
    expect(claimBasesText(countClaimBases([{}]))).toBe('1 stored');
  });
});
