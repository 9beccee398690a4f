/**
 * The README says exactly what is live (issue 31 item 10): its count of the source documents' claims, and how many
 * are recomputed from the estimator, the catalog and the plan's checks, how many are the document's own arithmetic,
 * how many cannot be computed and how many are stored, equal the bundled claims as the Source documents view lists them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimBasis, countClaimBases } from '../../../../shared/domain/claims/claim-basis';
import { repoRoot, resourcesDir } from '../../../test-support/paths';
import { bundledDocumentClaims } from './source-documents.service';

const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8').replace(/\s+/g, ' ');

/** The number the README gives in a phrase (digits with thousands commas); null where the phrase is missing. */
function readmeCount(pattern: RegExp): number | null {
  const m = pattern.exec(readme);
  return m ? Number(m[1]!.replace(/,/g, '')) : null;
}

describe("the README's claim counts (issue 31 item 10)", () => {
  const claims = bundledDocumentClaims(resourcesDir);
  const counts = countClaimBases(claims);

  it('equal the live counts of the bundled claims, by what each is computed from', () => {
    expect(/every claim[^.]*checked live/.test(readme)).toBe(false);
    expect({
      total: readmeCount(/the five documents' ([\d,]+) claims/),
      estimator: readmeCount(/([\d,]+) recomputed from the estimator/),
      catalog: readmeCount(/([\d,]+) from the catalog/),
      checks: readmeCount(/([\d,]+) from the plan's checks/),
      document: readmeCount(/([\d,]+) (?:is|are) the document's own arithmetic/),
      none: readmeCount(/([\d,]+) (?:cannot|can not) be computed/),
      stored: /\bnone stored\b/.test(readme) ? 0 : readmeCount(/([\d,]+) stored/),
    }).toEqual({ total: claims.length, ...counts });
  });

  it('classify every check kind, and a claim without a check as stored', () => {
    expect(claimBasis(undefined)).toBe('stored');
    expect(claimBasis({ kind: 'plan-check', problemKind: 'run-over-session' })).toBe('checks');
    expect(claimBasis({ kind: 'same-choice', subject: 'x', statements: [] })).toBe('document');
    expect(counts.stored).toBe(0);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(claims.length);
  });
});
