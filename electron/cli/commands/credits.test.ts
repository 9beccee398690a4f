import { exampleCliDatabase } from '../../test-support/built-cli';
import { describe, expect, it } from 'vitest';

// The BUILT command, as a user runs it, on a database created (migrated + seeded with the VitalDB example) beforehand.
const { cli } = exampleCliDatabase('credits.sqlite');

interface CreditsJson {
  credits: Array<{
    id: number;
    name: string;
    providerId: string | null;
    amount: string;
    grantedOn: string;
    expiresOn: string;
    source: string;
  }>;
  summary: { applied: string; forecastBefore: string; forecastAfter: string; credits: Array<{ status: string }> };
}

describe('gpu-planner credits', () => {
  it("adds seed 003's Azure trial from its preset ($200, 30 days) and lists it as JSON with the forecast after credits", () => {
    const added = cli(['credits', 'add', '--preset', 'azure-free-trial', '--granted', '2025-12-11', '--json']);
    expect(added.status, added.stderr).toBe(0);
    const out = JSON.parse(added.stdout) as CreditsJson;
    expect(out.credits).toHaveLength(1);
    expect(out.credits[0]).toMatchObject({ providerId: 'azure', amount: '200', grantedOn: '2025-12-11', expiresOn: '2026-01-09' });
    expect(out.credits[0]!.source).toContain('seed 003');
    // The example plan runs on Colab: an Azure credit pays nothing of it.
    expect(out.summary.applied).toBe('0.00');
    expect(out.summary.forecastAfter).toBe(out.summary.forecastBefore);
    const listed = cli(['credits']);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('Azure free account credit (azure) $200.00, 2025-12-11 → 2026-01-09');
    expect(listed.stdout).toContain('credits applied: $0.00');
  });

  it('refuses a credit that expires before it is granted (exit 1, field named) and an unknown preset', () => {
    const bad = cli([
      'credits',
      'add',
      '--provider',
      'lambda',
      '--name',
      'x',
      '--amount',
      '10',
      '--granted',
      '2025-12-11',
      '--expires',
      '2025-12-01',
      '--source',
      's',
    ]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('expiresOn');
    expect(cli(['credits', 'add', '--preset', 'nope', '--granted', '2025-12-11']).status).toBe(1);
    expect(cli(['credits', 'frobnicate']).status).toBe(2);
  });

  it('removes a credit by id', () => {
    const before = JSON.parse(cli(['credits', '--json']).stdout) as CreditsJson;
    const removed = cli(['credits', 'remove', String(before.credits[0]!.id), '--json']);
    expect(removed.status, removed.stderr).toBe(0);
    expect((JSON.parse(removed.stdout) as CreditsJson).credits).toEqual([]);
  });
});
