/**
 * What a claim's figure is computed from, in one word a lead can count: the estimator, the catalog (prices,
 * datasheets, reservation commitments), the plan's checks, the document's own arithmetic (its figures set against each
 * other), nothing computable (unverified, with the reason), or a stored verdict (a claim without a check). The README
 * states these counts and a test holds them to the bundled claims (issue 31 item 10).
 */
import type { ClaimCheck } from './claim-check';

export const CLAIM_BASES = ['estimator', 'catalog', 'checks', 'document', 'none', 'stored'] as const;
export type ClaimBasis = (typeof CLAIM_BASES)[number];

export function claimBasis(check: ClaimCheck | undefined): ClaimBasis {
  if (!check) return 'stored';
  switch (check.kind) {
    case 'estimate':
    case 'fits':
    case 'speed-ratio':
      return 'estimator';
    case 'price':
    case 'datasheet-ratio':
    case 'commitment':
      return 'catalog';
    case 'plan-check':
      return 'checks';
    case 'consistency':
    case 'same-choice':
    case 'capacity':
      return 'document';
    case 'none':
      return 'none';
  }
}

/** How many claims rest on each basis (every basis present, zero included). */
export function countClaimBases(claims: ReadonlyArray<{ check?: ClaimCheck | undefined }>): Record<ClaimBasis, number> {
  return tallyClaimBases(claims.map((c) => claimBasis(c.check)));
}

/** How many of these bases there are of each kind (every basis present, zero included). */
export function tallyClaimBases(bases: readonly ClaimBasis[]): Record<ClaimBasis, number> {
  const counts = Object.fromEntries(CLAIM_BASES.map((b) => [b, 0])) as Record<ClaimBasis, number>;
  for (const b of bases) counts[b] += 1;
  return counts;
}

const BASIS_WORDS: Record<ClaimBasis, string> = {
  estimator: 'from the estimator',
  catalog: 'from the catalog',
  checks: "from the plan's checks",
  document: "the document's own arithmetic",
  none: 'not computable',
  stored: 'stored',
};

/** "53 from the estimator, 12 from the catalog, …, 2 not computable, none stored": what the claims' verdicts rest on. */
export function claimBasesText(counts: Record<ClaimBasis, number>): string {
  const parts = CLAIM_BASES.filter((b) => b !== 'stored' && counts[b] > 0).map((b) => `${counts[b]} ${BASIS_WORDS[b]}`);
  return [...parts, counts.stored > 0 ? `${counts.stored} stored` : 'none stored'].join(', ');
}
