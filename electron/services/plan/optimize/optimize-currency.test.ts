/**
 * A project in another currency than the catalog's (issue 27): the optimizer costs each booking at its week's rate, as
 * the plan's totals do (computeTotals, plan-currency.ts), so its budget row, its cost and what binds are all in the
 * project's currency — never catalog dollars against a budget in euros.
 */
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeRate } from '../../../../shared/domain/budget/types';
import type { OptimizeOptions } from '../../../../shared/domain/plan/optimize/schedule-model';
import { fixtureMilestone, fixtureOffering, fixturePlan, fixtureProject, fixtureTrack } from '../../../../shared/domain/plan/test-fixtures';
import { computeTotals } from '../../../../shared/domain/plan/totals';
import type { Plan, PlanCatalog } from '../../../../shared/domain/plan/types';
import { runSchedule } from '../../../worker/run-schedule';
import { createTestApp } from '../../../test-support/test-app';
import { EXAMPLE_PROJECT_ID } from '../../../../shared/domain/plan/example';

const NOW = '2026-01-01T00:00:00.000Z';

const rate = (r: string, asOf: string): ExchangeRate => ({ id: 0, from: 'EUR', to: 'USD', rate: r, asOf, source: `test rate, ${asOf}` });

/**
 * A EUR project: M1 needs 336 GPU-hours between 5 and 25 January (2026-W02 to W04), on one GPU at $1/h (two full weeks)
 * or, with the hardware freed, on 8 GPUs at $2/GPU-hour (42 hours, one week). 1 EUR = 1.25 USD until 16 January, then
 * 1.28 USD: W02 and W03 convert at 0.8, W04 at 0.78125.
 */
function euroPlan(budget: string): { plan: Plan; catalog: PlanCatalog } {
  const fast = { ...fixtureOffering('fast-8x', 'h100', { usd: '16' }), gpuCount: 8 };
  const catalog: PlanCatalog = {
    offerings: [fixtureOffering('slow-1x', 'l4', { usd: '1' }), fast],
    rates: [rate('1.25', '2025-12-31'), rate('1.28', '2026-01-16')],
  };
  const project = { ...fixtureProject({ name: 'Euro', start: '2026-01-05', end: '2026-02-22', budget }), currency: 'EUR' };
  const plan = fixturePlan(project, {
    tracks: [fixtureTrack(project, 'a', 0)],
    milestones: [
      fixtureMilestone({
        id: 'm1',
        trackId: 'a',
        position: 0,
        start: '2026-01-05',
        end: '2026-01-25',
        offeringId: 'slow-1x',
        gpuId: 'l4',
        hours: 336,
      }),
    ],
  });
  return { plan, catalog };
}

const solve = (plan: Plan, catalog: PlanCatalog, options: Partial<OptimizeOptions>) =>
  runSchedule({ plan, catalog, options: { objective: 'cost', ...options }, timeLimitSeconds: 20, mipRelGap: 1e-9, now: NOW });

/** The plan's own figure for the same bookings: all costs, in the project's currency. */
const planTotal = (plan: Plan, catalog: PlanCatalog) => Number(computeTotals(plan, catalog).allCostsUsd);

describe('the optimizer in the project’s currency (EUR)', () => {
  it('least cost: its cost is the plan’s own total in EUR, booked in the weeks whose rate makes them cheapest', async () => {
    const { plan, catalog } = euroPlan('10000');
    const result = await solve(plan, catalog, {});
    expect(computeTotals(result.plan, catalog).currency).toBe('EUR');
    // 168 h in W04 at 0.78125 and 168 h in W02 or W03 at 0.8: €131.25 + €134.40
    expect(result.cost).toBeCloseTo(265.65, 6);
    expect(result.cost).toBeCloseTo(planTotal(result.plan, catalog), 6);
    expect(result.addedAllocations.find((a) => a.week === '2026-W04')?.hours).toBe(168);
  });

  it('a budget that binds: over it by what the plan’s own total says, in EUR, and that amount is what binds', async () => {
    const { plan, catalog } = euroPlan('200');
    const result = await solve(plan, catalog, {});
    const total = planTotal(result.plan, catalog);
    expect(result.cost).toBeCloseTo(total, 6);
    const budget = result.binding.find((b) => b.kind === 'budget')!;
    expect(budget.amount).toBeCloseTo(new Big(total).minus(200).round(2).toNumber(), 6);
    expect(budget.message).toContain('over the €200.00 budget');
    expect(budget.message).toContain(`costs €${total.toFixed(2)}`);
  });

  it('earliest finish within a budget in EUR: the 8-GPU offering fits €600 (it costs €537.60, though $672)', async () => {
    const { plan, catalog } = euroPlan('600');
    const alternatives = { 'm1-p': [{ offeringId: 'fast-8x', gpuHours: 336 }] };
    const result = await solve(plan, catalog, { objective: 'finish', alternatives });
    expect(result.status).toBe('optimal');
    expect(result.finishWeek).toBe('2026-W02');
    expect(result.addedAllocations.map((a) => [a.offeringId, a.week, a.hours])).toEqual([['fast-8x', '2026-W02', 42]]);
    const total = planTotal(result.plan, catalog);
    expect(total).toBeCloseTo(537.6, 6);
    expect(result.cost).toBeCloseTo(total, 6);
    expect(result.cost).toBeLessThanOrEqual(600);
    // a budget in EUR below that keeps the one GPU (two weeks), within the budget
    const tighter = await solve(euroPlan('500').plan, catalog, { objective: 'finish', alternatives });
    expect(tighter.addedAllocations.every((a) => a.offeringId === 'slow-1x')).toBe(true);
    expect(tighter.finishWeek).toBe('2026-W03');
    expect(tighter.cost).toBeCloseTo(planTotal(tighter.plan, catalog), 6);
    expect(tighter.cost).toBeLessThanOrEqual(500);
  });
});

describe('the bundled example in EUR (the bundled ECB rates, Colab subscriptions)', () => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp({ now: () => new Date('2025-12-10T09:00:00Z') });
  });
  afterAll(() => app.dispose());

  it('with a budget that binds (€50), the suggestion costs what its overview says, and what binds is that much over, in EUR', async () => {
    const { projectId } = app.services.plan.projects.duplicate({ projectId: EXAMPLE_PROJECT_ID, name: 'Example in EUR' });
    const view = await app.services.plan.getPlan(projectId);
    app.services.plan.edit({
      projectId,
      revision: view.revision,
      command: { type: 'upsert', entity: 'project', value: { ...view.plan.project, currency: 'EUR', budget: '50' } },
    });
    const answer = await app.services.optimize.optimize({ projectId, objective: 'cost', saveAs: 'Least cost in EUR' });
    expect(answer.totals.currency).toBe('EUR');
    // the optimizer's cost is the plan's own total for the same bookings (the overview of the suggestion), to the cent
    expect(Math.abs(Number(answer.objective.usd) - Number(answer.totals.allCostsUsd))).toBeLessThanOrEqual(0.01);
    const kept = await app.services.plan.getPlan(projectId);
    const scenario = app.services.plan.scenarios(projectId).find((s) => s.id === answer.scenarioId)!;
    expect(computeTotals(scenario.plan, kept.catalog).allCostsUsd).toBe(answer.totals.allCostsUsd);
    const over = answer.binding.find((b) => b.kind === 'budget')!;
    expect(over.message).toMatch(/over the €50\.00 budget/);
    expect(Math.abs(over.amount! - (Number(answer.totals.allCostsUsd) - 50))).toBeLessThanOrEqual(0.01);
  });
});
