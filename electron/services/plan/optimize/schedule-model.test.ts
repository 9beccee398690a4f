/**
 * The auto-plan model against brute force on small plans (every schedule in 16-hour steps, costed and checked by
 * the plan's own analysis), and its explanations on plans built to be impossible.
 */
import { describe, expect, it } from 'vitest';
import { analyzePlan } from '../../../../shared/domain/plan/checks';
import { buildScheduleModel, type OptimizeOptions } from '../../../../shared/domain/plan/optimize/schedule-model';
import { readSchedule } from '../../../../shared/domain/plan/optimize/schedule-result';
import { measuredAgainstCurrent } from '../../../../shared/domain/plan/optimize/never-worse';
import { computeTotals } from '../../../../shared/domain/plan/totals';
import {
  fixtureBooking,
  fixtureMilestone,
  fixtureOffering,
  fixturePlan,
  fixtureProject,
  fixtureTrack,
} from '../../../../shared/domain/plan/test-fixtures';
import type { Allocation, Milestone, Plan, PlanCatalog } from '../../../../shared/domain/plan/types';
import { weekOf } from '../../../../shared/domain/plan/weeks';
import { solveLpText } from '../../../worker/highs-solver';

const NOW = '2026-01-01T00:00:00.000Z';

const phaseMilestone = (
  id: string,
  trackId: string,
  position: number,
  start: string,
  end: string,
  offeringId: string,
  gpuId: string,
  hours: number,
): Milestone => fixtureMilestone({ id, trackId, position, start, end, offeringId, gpuId, hours });

/** Two tracks, three weeks (2026-W02…W04), a one-GPU pool on the cheap offering, a dearer offering outside it. */
function smallPlan(options: {
  needs: [number, number, number];
  budget?: string;
  subscription?: boolean;
  /** The subscription's allowance a month (1 unit per GPU-hour of the cheap L4) and its top-up packs. */
  allowance?: { units: number; topUps: Array<{ units: number; usd: string }> };
  keep?: Allocation[];
}): {
  plan: Plan;
  catalog: PlanCatalog;
} {
  const catalog: PlanCatalog = {
    offerings: [
      fixtureOffering(
        'cheap',
        'l4',
        options.subscription ? { kind: 'subscription', usd: '52', per: 'month' } : { kind: 'on-demand', usd: '1', per: 'hour' },
      ),
      fixtureOffering('dear', 'a100', { kind: 'on-demand', usd: '3', per: 'hour' }),
    ],
    ...(options.allowance
      ? {
          subscriptions: [
            {
              id: 'sub',
              providerId: 'x',
              name: 'Sub',
              unit: 'gpu-hours' as const,
              unitsPerMonth: options.allowance.units,
              asOf: '2026-01-01',
              source: 'test',
              notes: null,
              rates: [{ offeringId: 'cheap', unitsPerHour: 1, asOf: '2026-01-01', source: 'test', notes: null }],
              topUps: options.allowance.topUps.map((t) => ({ ...t, asOf: '2026-01-01', source: 'test', notes: null })),
            },
          ],
        }
      : {}),
  };
  const project = fixtureProject({ name: 'Small', start: '2026-01-05', end: '2026-01-25', budget: options.budget ?? '100000' });
  const track = (id: string, position: number) => fixtureTrack(project, id, position);
  const plan = fixturePlan(project, {
    tracks: [track('a', 0), track('b', 1)],
    milestones: [
      phaseMilestone('m1', 'a', 0, '2026-01-05', '2026-01-18', 'cheap', 'l4', options.needs[0]),
      phaseMilestone('m2', 'a', 1, '2026-01-12', '2026-01-25', 'dear', 'a100', options.needs[1]),
      phaseMilestone('m3', 'b', 0, '2026-01-05', '2026-01-25', 'cheap', 'l4', options.needs[2]),
    ],
    allocations: options.keep ?? [],
    pools: [{ id: 'pool', projectId: 'p', name: 'One L4', capacity: 1, unit: 'gpus', offeringIds: ['cheap'], gpuIds: [], notes: null }],
  });
  return { plan, catalog };
}

async function optimize(plan: Plan, catalog: PlanCatalog, options: Partial<OptimizeOptions> = {}) {
  const built = buildScheduleModel(plan, catalog, { objective: 'cost', ...options });
  const answer = await solveLpText(built.model.toLpText(), built.model.variables.length, { timeLimitSeconds: 20 });
  return readSchedule(built, plan, answer, options.objective ?? 'cost', NOW);
}

const WEEKS = ['2026-W02', '2026-W03', '2026-W04'];
const STEP = 16;

/**
 * Every schedule of the three milestones in 16-hour steps; the cheapest one the plan's checks pass without an error
 * (bookings of a pool take turns within its week's hours, as the checks and the optimizer both count them by default),
 * or, `strict`, without a turn-taking warning either.
 */
function bruteForce(plan: Plan, catalog: PlanCatalog, strict = false): number | null {
  const phases = plan.milestones.map((m) => ({ m, p: m.phases[0]! }));
  const choices = phases.map(({ m, p }) => {
    const weeks = WEEKS.filter((w) => w >= weekKey(p.start) && w <= weekKey(p.end));
    const need = p.authorEstimate!.hours.high;
    const out: Array<Array<[string, number]>> = [];
    const rec = (i: number, left: number, acc: Array<[string, number]>) => {
      if (i === weeks.length) {
        if (left === 0) out.push(acc);
        return;
      }
      for (let h = 0; h <= Math.min(left, 168); h += STEP) rec(i + 1, left - h, h > 0 ? [...acc, [weeks[i]!, h]] : acc);
    };
    rec(0, need, []);
    return out.map((split) =>
      split.map(
        ([week, hours]) =>
          ({
            id: `${p.id}-${week}`,
            trackId: m.trackId,
            week,
            offeringId: p.offeringId,
            gpuId: p.gpuId!,
            gpuCount: 1,
            hours,
            phaseId: p.id,
            note: null,
          }) as Allocation,
      ),
    );
  });
  let best: number | null = null;
  const rec = (i: number, acc: Allocation[]) => {
    if (i === choices.length) {
      // Bookings of one track, offering and week are one booking, as the optimizer writes them.
      const merged = new Map<string, Allocation>();
      for (const a of [...plan.allocations, ...acc]) {
        const key = `${a.trackId}|${a.offeringId}|${a.week}`;
        const prev = merged.get(key);
        merged.set(key, prev ? { ...prev, hours: prev.hours + a.hours } : a);
      }
      const analysis = analyzePlan({ ...plan, allocations: [...merged.values()] }, catalog);
      if (analysis.problems.some((x) => x.severity === 'error' || (strict && x.kind === 'pool-concurrency'))) return;
      // Milestone order within a track: m2 may not work in a week before m1 is done.
      const m1Last =
        acc
          .filter((a) => a.phaseId === 'm1-p')
          .map((a) => a.week)
          .sort()
          .at(-1) ?? '';
      if (acc.some((a) => a.phaseId === 'm2-p' && a.week < m1Last)) return;
      const usd = Number(analysis.totals.usd);
      if (best === null || usd < best) best = usd;
      return;
    }
    for (const c of choices[i]!) rec(i + 1, [...acc, ...c]);
  };
  rec(0, []);
  return best;
}

function weekKey(day: string): string {
  return weekOf(day);
}

describe('auto-plan model', () => {
  const cases: Array<{
    name: string;
    needs: [number, number, number];
    subscription?: boolean;
    budget?: string;
    allowance?: { units: number; topUps: Array<{ units: number; usd: string }> };
  }> = [
    { name: 'hourly prices, room for everything', needs: [48, 32, 96] },
    { name: 'the one-GPU pool shared by two tracks', needs: [160, 32, 192] },
    { name: 'a monthly subscription charged per month used', needs: [48, 16, 64], subscription: true },
    { name: 'subscription and a tight pool', needs: [112, 32, 160], subscription: true },
    {
      // 112 L4-hours in January: 12 over a 100 GPU-hour allowance, one 32-hour pack; the dear A100 stays dearer
      name: 'a subscription with an allowance and top-up packs',
      needs: [48, 16, 64],
      subscription: true,
      allowance: {
        units: 100,
        topUps: [
          { units: 32, usd: '10' },
          { units: 64, usd: '18' },
        ],
      },
    },
  ];
  for (const c of cases) {
    for (const strict of [false, true]) {
      it(`equals brute force: ${c.name}${strict ? ' (strict: no turns)' : ''}`, async () => {
        const { plan, catalog } = smallPlan(c);
        const result = await optimize(plan, catalog, strict ? { allowTurns: false } : {});
        const expected = bruteForce(plan, catalog, strict);
        expect(expected).not.toBeNull();
        expect(result.status).toBe('optimal');
        const analysis = analyzePlan(result.plan, catalog);
        expect(analysis.problems.filter((p) => p.severity === 'error' || (strict && p.kind === 'pool-concurrency'))).toEqual([]);
        expect(Number(analysis.totals.usd)).toBeCloseTo(expected!, 2);
        expect(result.cost).toBeCloseTo(expected!, 2);
      });
    }
  }

  it('explains a milestone that cannot fit its window, with the days to move its end date', async () => {
    const { plan, catalog } = smallPlan({ needs: [400, 24, 24] });
    const result = await optimize(plan, catalog);
    expect(result.status).toBe('infeasible');
    const m1 = result.binding.find((b) => b.kind === 'milestone-window' && b.message.startsWith('M1'));
    expect(m1?.message).toMatch(/M1 m1 needs 400 cheap GPU-hours between 2026-01-05 and 2026-01-18/);
    // Two weeks of one L4 (track b's milestone moves to W04): at most 336 h fit, 64 h short, 3 days at 24 h a day.
    expect(m1?.amount).toBeCloseTo(64, 1);
    expect(m1?.message).toMatch(/Move its end date by 3 days/);
  });

  it('explains a budget that no schedule meets, by how much', async () => {
    const { plan, catalog } = smallPlan({ needs: [48, 40, 96], budget: '200' });
    const result = await optimize(plan, catalog);
    expect(result.status).toBe('infeasible');
    const budget = result.binding.find((b) => b.kind === 'budget');
    // Cheapest: 48 + 96 L4-hours at $1 and 40 A100-hours at $3 = $264, $64 over.
    expect(budget?.amount).toBeCloseTo(64, 2);
    expect(budget?.message).toMatch(/costs \$264\.00, \$64\.00 over the \$200\.00 budget/);
  });

  it('costs a reserved offering as its whole commitment (8,760 h × $2 = $17,520), not hours × rate', async () => {
    const { plan, catalog } = smallPlan({ needs: [48, 40, 96], budget: '200' });
    catalog.offerings[1] = fixtureOffering('dear', 'a100', { kind: 'reserved-1y', usd: '2', per: 'hour' });
    const result = await optimize(plan, catalog);
    // 48 + 96 L4-hours at $1 and the A100's 1-year reservation: $144 + $17,520 = $17,664, $17,464 over the budget
    // (priced per hour used it would have been $144 + 40 × $2 = $224).
    expect(result.binding.find((b) => b.kind === 'budget')?.message).toMatch(/costs \$17,664\.00, \$17,464\.00 over/);
    // the plan's own pricing agrees: the reservation's bookings share the commitment by GPU-hours
    expect(computeTotals(result.plan, catalog).usd).toBe('17664.00');
  });

  /** A booking the lead pinned: M3's phase on the cheap L4 offering in 2026-W04. */
  const pinnedM3Booking = (hours: number): Allocation => ({
    id: 'pinned',
    trackId: 'b',
    week: '2026-W04',
    offeringId: 'cheap',
    gpuId: 'l4',
    gpuCount: 1,
    hours,
    phaseId: 'm3-p',
    note: null,
  });

  it('keeps pinned bookings and counts them toward their milestone', async () => {
    const keep = [pinnedM3Booking(50)];
    const { plan, catalog } = smallPlan({ needs: [48, 40, 96], keep });
    const result = await optimize(plan, catalog, { pinnedAllocationIds: ['pinned'] });
    expect(result.plan.allocations.find((a) => a.id === 'pinned')?.hours).toBe(50);
    const m3 = result.addedAllocations.filter((a) => a.phaseId === 'm3-p').reduce((s, a) => s + a.hours, 0);
    expect(m3).toBeCloseTo(46, 2);
  });

  it('a phase its pinned bookings already cover is done: no division by its zero hours left, nothing added to it', async () => {
    const keep = [pinnedM3Booking(96)];
    const { plan, catalog } = smallPlan({ needs: [48, 40, 96], keep });
    const result = await optimize(plan, catalog, { pinnedAllocationIds: ['pinned'] });
    expect(result.status).toBe('optimal');
    expect(result.plan.allocations.find((a) => a.id === 'pinned')?.hours).toBe(96);
    expect(result.addedAllocations.filter((a) => a.phaseId === 'm3-p')).toEqual([]);
    expect(result.addedAllocations.filter((a) => a.phaseId === 'm1-p').reduce((s, a) => s + a.hours, 0)).toBeCloseTo(48, 2);
  });

  it('earliest finish within budget moves work forward', async () => {
    const { plan, catalog } = smallPlan({ needs: [48, 40, 96] });
    const cheapest = await optimize(plan, catalog);
    const result = await optimize(plan, catalog, { objective: 'finish' });
    expect(result.status).toBe('optimal');
    // M2 may not start before 2026-01-12 (W03): the earliest possible finish; the cost objective is free to use W04.
    expect(result.finishWeek).toBe('2026-W03');
    expect(result.addedAllocations.every((a) => a.week <= '2026-W03')).toBe(true);
    expect(result.cost).toBeGreaterThanOrEqual(cheapest.cost - 1e-9);
  });
});

describe('never worse than now (issue 27 item 1)', () => {
  const booking = (id: string, trackId: string, week: string, offeringId: string, hours: number): Allocation =>
    fixtureBooking({ id, trackId, week, offeringId, gpuId: offeringId === 'cheap' ? 'l4' : 'a100', hours });
  const cost = (plan: Plan, catalog: PlanCatalog) => Number(analyzePlan(plan, catalog).totals.allCostsUsd);

  it('a plan whose bookings already cover every milestone is kept: the suggestion never adds cost and says so', async () => {
    // Bookings the lead made without naming their milestone: the checks count them toward the milestones in their weeks.
    const keep = [
      booking('k1', 'a', '2026-W02', 'cheap', 10),
      booking('k2', 'a', '2026-W04', 'dear', 3),
      booking('k3', 'b', '2026-W04', 'cheap', 3),
    ];
    const { plan, catalog } = smallPlan({ needs: [5.6, 2, 2], keep });
    expect(analyzePlan(plan, catalog).problems.filter((p) => p.severity === 'error')).toEqual([]);
    const raw = await optimize(plan, catalog);
    const answer = measuredAgainstCurrent(plan, catalog, raw);
    // The model credits the bookings it keeps to the milestones they cover, as the checks do: nothing is booked again
    // (it had booked them again on top: the defect, $7.07 → $11.00).
    expect(raw.addedAllocations).toEqual([]);
    expect(cost(raw.plan, catalog)).toBeLessThanOrEqual(cost(plan, catalog));
    expect(cost(answer.plan, catalog)).toBeLessThanOrEqual(cost(plan, catalog));
    expect(answer.addedAllocations).toEqual([]);
  });

  it('two tracks: an M2 its bookings already cover is not booked again; only what is short is scheduled', async () => {
    // M2 (40 A100-hours, $3/h) is covered by bookings without a milestone label; M1 and M3 have nothing yet.
    const keep = [booking('k1', 'a', '2026-W03', 'dear', 25), booking('k2', 'a', '2026-W04', 'dear', 15)];
    const { plan, catalog } = smallPlan({ needs: [48, 40, 96], keep });
    expect(analyzePlan(plan, catalog).problems.some((p) => p.kind === 'milestone-short-hours' && p.milestoneId === 'm2')).toBe(false);
    const raw = await optimize(plan, catalog);
    expect(raw.status).toBe('optimal');
    expect(raw.addedAllocations.filter((a) => a.phaseId === 'm2-p' || a.offeringId === 'dear')).toEqual([]);
    // What it adds is exactly M1 and M3 on the cheap L4 at $1/h: $144 beside the kept $120.
    expect(cost(raw.plan, catalog)).toBeCloseTo(120 + 144, 2);
    expect(analyzePlan(raw.plan, catalog).problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('a suggestion dearer than the plan says which of its errors it fixes and what fixing them costs', async () => {
    // M1 is booked 2 h of the 8 it needs: the current plan is cheaper only because it is short.
    const keep = [
      booking('k1', 'a', '2026-W02', 'cheap', 2),
      booking('k2', 'a', '2026-W04', 'dear', 3),
      booking('k3', 'b', '2026-W04', 'cheap', 3),
    ];
    const { plan, catalog } = smallPlan({ needs: [8, 2, 2], keep });
    const errors = analyzePlan(plan, catalog).problems.filter((p) => p.severity === 'error');
    expect(errors.length).toBeGreaterThan(0);
    const raw = await optimize(plan, catalog);
    const answer = measuredAgainstCurrent(plan, catalog, raw);
    expect(cost(answer.plan, catalog)).toBeGreaterThan(cost(plan, catalog));
    const why = answer.binding.find((b) => b.kind === 'current-plan')!;
    expect(why.message).toMatch(
      /^The suggestion costs \$\d+\.\d\d, \$\d+\.\d\d more than the current plan's \$\d+\.\d\d, because it fixes an? (error|\d+ errors) of the current plan: .*M1/,
    );
    expect(why.unit).toBe('usd');
  });
});
