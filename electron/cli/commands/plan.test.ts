import { exampleCliDatabase } from '../../test-support/built-cli';
import { describe, expect, it } from 'vitest';

// The BUILT command, as a user runs it, on a database created (migrated + seeded) beforehand.
const { cli } = exampleCliDatabase('plan-cli.sqlite');

describe('gpu-planner plan show (docs/cli.md)', () => {
  it('--json prints the example project exactly as the spec shapes it', () => {
    const run = cli(['plan', 'show', '--json']);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as {
      project: Record<string, unknown>;
      tracks: Array<Record<string, unknown>>;
      milestones: Array<Record<string, unknown>>;
      weeks: Array<{ week: string; start: string; allocations: Array<Record<string, unknown>>; gpuHours: number; usd: string }>;
      conflicts: Array<{ kind: string; week: string | null; message: string }>;
      subscriptions: Array<{ name: string; month: string; usedUnits: string; includedUnits: string; topUps: unknown[]; usd: string }>;
      costRule: string;
    };
    expect(out.project).toMatchObject({ id: 'vitaldb-2025', start: '2025-12-11', end: '2026-01-31', currency: 'USD', budget: '615' });
    expect(out.tracks.map((t) => [t.id, t.name, t.owner])).toEqual([
      ['track-vitaldb', 'VitalDB Model Training', 'Aswanth Kumar'],
      ['track-multisensor', 'Multi-Sensor Development', 'Jayanth Tatineni'],
    ]);
    for (const m of out.milestones)
      for (const key of ['id', 'trackId', 'name', 'start', 'end', 'offeringId', 'estimatedHours', 'estimatedUsd'])
        expect(m).toHaveProperty(key);
    expect(out.milestones.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    // the order the example declares: M2 after M1, M3 after M2
    expect(out.milestones.map((m) => m.dependsOn)).toEqual([[], ['m1'], ['m2']]);
    expect(out.weeks.map((w) => w.week)).toEqual([
      '2025-W50',
      '2025-W51',
      '2025-W52',
      '2026-W01',
      '2026-W02',
      '2026-W03',
      '2026-W04',
      '2026-W05',
    ]);
    expect(out.weeks[2]).toMatchObject({ week: '2025-W52', start: '2025-12-22', gpuHours: 167 });
    for (const w of out.weeks)
      for (const a of w.allocations)
        for (const key of ['trackId', 'offeringId', 'gpuId', 'gpuCount', 'hours']) expect(a).toHaveProperty(key);
    expect(out.weeks.reduce((n, w) => n + w.allocations.length, 0)).toBe(15);
    // With the estimation engine in place the milestones carry the app's estimates (not the author's hour guesses),
    // and the seed's real problems remain: one Colab Pro+ session shared by two people, the budget passed, bookings
    // outside the tracks' dates.
    expect(out.conflicts.map((c) => c.kind)).toEqual(
      expect.arrayContaining(['pool-concurrency', 'cumulative-over-budget', 'allocation-outside-track']),
    );
    for (const m of out.milestones) expect(m.estimatedHours).toBeGreaterThan(0);
    // Colab Pro's months (issue 25 item 5): Jayanth's T4 prototyping uses 71.4 and 35.7 of the 100 CU included, no top-up.
    expect(out.subscriptions.map((m) => [m.name, m.month, m.usedUnits, m.includedUnits, m.topUps.length, m.usd])).toEqual([
      ['Colab Pro', '2025-12', '71.4', '100', 0, '10'],
      ['Colab Pro', '2026-01', '35.7', '100', 0, '10'],
    ]);
    expect(out.costRule).toMatch(/fee once per calendar month/);
  });

  it('the text output and its check messages name offers, GPUs, tracks and problems as a person reads them, not by id', () => {
    const run = cli(['plan', 'show']);
    expect(run.status, run.stderr).toBe(0);
    for (const id of [
      'colab-pro-plus-l4-24gb',
      'colab-pro-plus-a100-40gb',
      'l4-24gb',
      'a100-sxm-40gb',
      'track-vitaldb',
      'milestone-short-hours',
    ])
      expect(run.stdout, id).not.toContain(id);
    expect(run.stdout).toMatch(/Colab Pro\+/);
    expect(run.stdout).toMatch(/VitalDB Model Training: L4 24GB×1/);
    expect(run.stdout).toMatch(/more GPUs at once than the account allows: /);
  });

  it('an unknown project is a user error (1); a bad subcommand is a usage error (2)', () => {
    const missing = cli(['plan', 'show', '--project', 'nope', '--json']);
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('No project "nope"');
    expect(cli(['plan', 'frobnicate']).status).toBe(2);
  });
});

describe('gpu-planner plan show: ranges carried into the plan (issue 29 item 5)', () => {
  type P = { p10: string | number; p50: string | number; p90: string | number };
  const ordered = (r: P) => Number(r.p10) <= Number(r.p50) && Number(r.p50) <= Number(r.p90);

  it('--json gives each milestone its P10–P90 hours, cost and end, the total and finish as ranges, and how likely the budget holds', () => {
    const run = cli(['plan', 'show', '--json']);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as {
      milestones: Array<{ estimatedHours: number; range: { hours: P; cost: P; end: P; plannedEnd: string } | null }>;
      totals: { allCostsUsd: string };
      ranges: {
        currency: string;
        total: P;
        plannedTotal: string;
        finish: P & { planned: string };
        budgetHolds: number;
        rules: Record<string, string>;
      };
    };
    for (const m of out.milestones) {
      expect(m.range).not.toBeNull();
      expect(ordered(m.range!.hours)).toBe(true);
      expect(ordered(m.range!.cost)).toBe(true);
      expect(Number(m.range!.hours.p10)).toBeLessThan(Number(m.range!.hours.p90)); // the estimates' ranges are carried
    }
    expect(ordered(out.ranges.total)).toBe(true);
    expect(out.ranges.plannedTotal).toBe(out.totals.allCostsUsd); // the old figure stays, the range beside it
    expect(out.ranges.finish.p10 >= out.ranges.finish.planned).toBe(true);
    expect(out.ranges.budgetHolds).toBeGreaterThanOrEqual(0);
    expect(out.ranges.budgetHolds).toBeLessThanOrEqual(1);
    expect(out.ranges.rules.distribution).toMatch(/P10–P90/);
    // deterministic: the same database gives the same figures
    expect(JSON.parse(cli(['plan', 'show', '--json']).stdout).ranges).toEqual(out.ranges);
  });

  it('the text output gives the ranges and the budget’s probability', () => {
    const run = cli(['plan', 'show']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/GPU-h, \$[\d,.]+–\$[\d,.]+ \(P10–P90\)/);
    expect(run.stdout).toMatch(
      /All costs \$[\d,.]+–\$[\d,.]+ \(P10–P90, median .*the budget holds with probability (\d+|under 1|over 99) %/,
    );
  });
});
