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
  const counts = Object.fromEntries(CLAIM_BASES.map((b) => [b, 0])) as Record<ClaimBasis, number>;
  for (const c of claims) counts[claimBasis(c.check)] += 1;
  return counts;
}
