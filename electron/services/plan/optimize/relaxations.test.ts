/**
 * Infeasible explained (issue 27 item 7): five shapes of a plan no schedule meets, and the smallest change the
 * re-solves find for each (a date, a pool's capacity, turns, the budget, a month's allowance reached by a later date).
 */
import { describe, expect, it } from 'vitest';
import type { OptimizeOptions } from '../../../../shared/domain/plan/optimize/schedule-model';
import { fixtureProject, fixtureTrack } from '../../../../shared/domain/plan/test-fixtures';
import type { Allocation, Plan, PlanCatalog } from '../../../../shared/domain/plan/types';
import { analyzePlan } from '../../../../shared/domain/plan/checks';
import { withBudgetRaised } from '../../../../shared/domain/plan/optimize/schedule-relaxations';
import { findRelaxations } from './relaxations';
import { runSchedule } from '../../../worker/run-schedule';

const NOW = '2026-01-01T00:00:00.000Z';

function fixture(o: { need: number; end?: string; budget?: string; keep?: Allocation[]; allowance?: number; dataGb?: number }): {
  plan: Plan;
  catalog: PlanCatalog;
} {
  const catalog: PlanCatalog = {
    offerings: [
      {
        id: 'l4',
        gpuId: 'l4',
        gpuCount: 1,
        vcpus: 8,
        label: 'Cloud L4',
        deleted: false,
        prices: [
          o.allowance !== undefined
            ? { kind: 'subscription', usd: '50', per: 'month' as const, asOf: '2026-01-01', source: 'test' }
            : { kind: 'on-demand', usd: '1', per: 'hour' as const, asOf: '2026-01-01', source: 'test' },
        ],
      },
    ],
    ...(o.allowance !== undefined
      ? {
          subscriptions: [
            {
              id: 'sub',
              providerId: 'x',
              name: 'Sub',
              unit: 'gpu-hours' as const,
              unitsPerMonth: o.allowance,
              asOf: '2026-01-01',
              source: 'test',
              notes: null,
              rates: [{ offeringId: 'l4', unitsPerHour: 1, asOf: '2026-01-01', source: 'test', notes: null }],
              topUps: [],
            },
          ],
        }
      : {}),
  };
  const project = fixtureProject({ name: 'Relax', start: '2026-01-05', end: '2026-01-25', budget: o.budget ?? '100000' });
  const track = (id: string, position: number) => fixtureTrack(project, id, position);
  const plan: Plan = {
    project,
    tracks: [track('a', 0), track('b', 1)],
    milestones: [
      {
        id: 'm1',
        trackId: 'a',
        code: 'M1',
        name: 'Train',
        description: '',
        facts: [],
        position: 0,
        phases: [
          {
            id: 'm1-p',
            name: 'Train',
            start: '2026-01-05',
            end: o.end ?? '2026-01-18',
            offeringId: 'l4',
            gpuId: 'l4',
            runs: { low: 1, high: 1 },
            workload: null,
            appEstimate: null,
            authorEstimate: {
              hours: { low: o.need, high: o.need },
              usd: { low: 0, high: 0 },
              hoursPerRun: null,
              usdPerRun: null,
              text: '',
            },
          },
        ],
      },
    ],
    allocations: o.keep ?? [],
    pools: [{ id: 'pool', projectId: 'p', name: 'One L4', capacity: 1, unit: 'gpus', offeringIds: ['l4'], gpuIds: [], notes: null }],
    plannedPrices: [],
    notes: [],
    claims: [],
    ...(o.dataGb
      ? {
          dataCosts: [
            {
              id: 'data',
              trackId: 'a',
              kind: 'dataset' as const,
              label: 'Dataset on Google Drive',
              gb: o.dataGb,
              per: 'held' as const,
              runs: null,
              rateId: 'google-drive-100gb',
              start: '2026-01-05',
              end: '2026-01-25',
              source: 'test',
            },
          ],
        }
      : {}),
  };
  return { plan, catalog };
}

const otherTrack = (week: string, hours: number): Allocation => ({
  id: `b-${week}`,
  trackId: 'b',
  week,
  offeringId: 'l4',
  gpuId: 'l4',
  gpuCount: 1,
  hours,
  phaseId: null,
  note: null,
});

async function explain(plan: Plan, catalog: PlanCatalog, extra: Partial<OptimizeOptions> = {}) {
  const options: OptimizeOptions = { objective: 'cost', ...extra };
  const solve = (p: Plan, opts: OptimizeOptions) =>
    runSchedule({ plan: p, catalog, options: opts, timeLimitSeconds: 10, mipRelGap: 1e-4, now: NOW });
  const result = await solve(plan, options);
  expect(result.status).toBe('infeasible');
  return findRelaxations({ base: plan, catalog, options, result, solve, alternatives: null });
}

describe('infeasible explained: the smallest change that makes a schedule exist (issue 27 item 7)', () => {
  it('a window too short for the hours at 24 h a day: move the end date by one week (a pool would not help)', async () => {
    // 400 h in W02…W03 on one GPU: at most 336 h fit; a week more gives 504.
    const { plan, catalog } = fixture({ need: 400 });
    const r = await explain(plan, catalog);
    expect(r.map((x) => x.message)).toEqual(["Move M1's end date by 1 week (to 2026-01-25, 2026-W04)."]);
    expect(r[0]).toMatchObject({ kind: 'move-end-date', milestoneId: 'm1', amount: 1, unit: 'weeks' });
  });

  it('a pool taken by bookings that stay: raise its capacity by the fewest GPU-hours a week, or move the date', async () => {
    // The other track keeps 150 of the pool's 168 h in W02 and W03: 36 h are free, M1 needs 60.
    const { plan, catalog } = fixture({ need: 60, keep: [otherTrack('2026-W02', 150), otherTrack('2026-W03', 150)] });
    const r = await explain(plan, catalog);
    const pool = r.find((x) => x.kind === 'raise-pool-capacity');
    // 24 h short over two weeks: 12 more GPU-hours a week (and the hundredths kept for rounding).
    expect(pool?.amount).toBeGreaterThanOrEqual(12);
    expect(pool?.amount).toBeLessThanOrEqual(13);
    expect(pool?.message).toMatch(/^Raise the capacity of One L4 by 1[23] GPU-hours a week\.$/);
    expect(r.find((x) => x.kind === 'move-end-date')?.amount).toBe(1);
  });

  it('the strict rule (no turns) on a one-GPU pool another track uses: let the bookings take turns', async () => {
    const { plan, catalog } = fixture({ need: 20, keep: [otherTrack('2026-W02', 10), otherTrack('2026-W03', 10)] });
    const r = await explain(plan, catalog, { allowTurns: false });
    expect(r.map((x) => x.kind)).toContain('allow-turns');
    expect(r.find((x) => x.kind === 'allow-turns')?.message).toMatch(/take turns/);
  });

  it('a budget below the cheapest schedule: raise it by the overrun', async () => {
    const { plan, catalog } = fixture({ need: 100, budget: '60' });
    const r = await explain(plan, catalog);
    expect(r).toEqual([expect.objectContaining({ kind: 'raise-budget', amount: 40, unit: 'usd', message: 'Raise the budget by $40.00.' })]);
  });

  it('a budget re-solved as the checks count it: the dataset held on Drive is paid from the budget too, to the cent', async () => {
    // 100 h at $1 on a $60 budget: the GPU alone is $40 over; the Drive plan for the dataset adds to that.
    const { plan, catalog } = fixture({ need: 100, budget: '60', dataGb: 50 });
    const storage = Number(analyzePlan(plan, catalog).totals.storageUsd);
    expect(storage).toBeGreaterThan(0);
    const r = await explain(plan, catalog);
    const raise = r.find((x) => x.kind === 'raise-budget');
    const cents = Math.round(raise!.amount! * 100);
    expect(cents).toBe(Math.round((40 + storage) * 100));
    const fits = async (c: number) => {
      const s = await runSchedule({
        plan: withBudgetRaised(plan, c),
        catalog,
        options: { objective: 'cost' },
        timeLimitSeconds: 10,
        mipRelGap: 1e-4,
        now: NOW,
      });
      return s.status !== 'infeasible' && !analyzePlan(s.plan, catalog).problems.some((p) => p.kind === 'cumulative-over-budget');
    };
    expect(await fits(cents)).toBe(true);
    expect(await fits(cents - 1)).toBe(false);
  });

  it('a budget that alone would not do (the window is too short as well) is not offered as the change that makes a schedule exist', async () => {
    // 400 h in two weeks on one GPU (336 h fit) and a $60 budget: raising the budget still leaves M1 short.
    const { plan, catalog } = fixture({ need: 400, budget: '60' });
    const r = await explain(plan, catalog);
    expect(r.map((x) => x.kind)).not.toContain('raise-budget');
  });

  it("a subscription's monthly allowance (no top-ups) used up in January: a later end date reaches February's", async () => {
    // 150 h in January, 100 units a month: the end date moves into February (2026-W06 counts in February).
    const { plan, catalog } = fixture({ need: 150, allowance: 100, end: '2026-01-25' });
    const r = await explain(plan, catalog);
    const move = r.find((x) => x.kind === 'move-end-date');
    expect(move?.amount).toBe(2);
    expect(move?.message).toBe("Move M1's end date by 2 weeks (to 2026-02-08, 2026-W06).");
  });
});

describe('the budget row counts what the checks count (GPU, storage and transfer)', () => {
  const solve = (plan: Plan, catalog: PlanCatalog) =>
    runSchedule({ plan, catalog, options: { objective: 'cost' }, timeLimitSeconds: 10, mipRelGap: 1e-4, now: NOW });

  it('a budget the GPU cost fits but GPU + storage does not: not within budget for the optimizer either, by the storage', async () => {
    // 100 h at $1 (GPU $100) and a dataset held on Drive; the budget sits between the GPU cost and all costs.
    const probe = fixture({ need: 100, dataGb: 50 });
    const storage = Number(analyzePlan(probe.plan, probe.catalog).totals.storageUsd);
    expect(storage).toBeGreaterThan(0.02);
    const budget = (100 + storage / 2).toFixed(2);
    const { plan, catalog } = fixture({ need: 100, dataGb: 50, budget });
    const result = await solve(plan, catalog);
    const checked = analyzePlan(result.plan, catalog);
    expect(checked.problems.some((p) => p.kind === 'cumulative-over-budget')).toBe(true);
    expect(result.status).toBe('infeasible');
    const over = result.binding.find((b) => b.kind === 'budget');
    expect(over?.amount).toBeCloseTo(Number(checked.totals.allCostsUsd) - Number(budget), 2);
    // The suggestion's cost is the checks' all costs (the figure the diff and the CLI show).
    expect(result.cost.toFixed(2)).toBe(checked.totals.allCostsUsd);
  });

  it('a budget GPU + storage fits: within budget for both, and the budget binds by the checks’ figure', async () => {
    const probe = fixture({ need: 100, dataGb: 50 });
    const all = analyzePlan(probe.plan, probe.catalog).totals;
    const budget = (100 + Number(all.storageUsd) + Number(all.transferUsd)).toFixed(2);
    const { plan, catalog } = fixture({ need: 100, dataGb: 50, budget });
    const result = await solve(plan, catalog);
    expect(result.status).toBe('optimal');
    expect(analyzePlan(result.plan, catalog).problems.some((p) => p.kind === 'cumulative-over-budget')).toBe(false);
    expect(result.binding.find((b) => b.kind === 'budget')?.message).toBe(
      `The budget binds: the schedule spends $${budget} of $${budget}.`,
    );
  });
});
