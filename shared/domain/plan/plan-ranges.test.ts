import { describe, expect, it } from 'vitest';
import { analyzePlan } from './checks';
import { estimateHoursRange } from './estimate-range';
import { planRangeDraws, probabilityAtMost, rangesOfAnalysis, type PlanRanges } from './plan-ranges';
import { createPriceBook } from './pricing';
import { fixtureBooking, fixtureMilestone, fixtureOffering, fixturePlan, fixtureProject, fixtureTrack } from './test-fixtures';
import type { AppEstimate, Plan, PlanCatalog } from './types';

// The engine's range of a memory-bound run: 100 samples/s, 76.9–125 (model ÷ measured ×0.8–×1.3).
const engine = { samplesPerSecond: 100, samplesPerSecondLow: 100 / 1.3, samplesPerSecondHigh: 100 / 0.8, regime: 'memory-bound' };

function app(
  hours: number,
  usd: string,
  correction: { runs: number; spread: { min: number; max: number } | null } | null = null,
): AppEstimate {
  const hoursRange = estimateHoursRange({ hours, ...engine, correction })!;
  return {
    hours,
    hoursPerRun: hours,
    gpus: 1,
    usd,
    computedAt: '2026-01-01T00:00:00Z',
    priceAsOf: '2026-01-01',
    basis: 'test',
    hoursRange,
  };
}

const catalog: PlanCatalog = { offerings: [fixtureOffering('od-l4', 'l4-24gb', { usd: '1.00' })] };

/** Two milestones (M2 after M1) on a $1/GPU-hour on-demand L4, each needing 40 h by the app's estimate, 40 h booked each. */
function twoMilestones(budget = '100', estimate: (hours: number) => AppEstimate = (h) => app(h, h.toFixed(2))): Plan {
  const project = fixtureProject({ name: 'r', start: '2026-01-05', end: '2026-02-01', budget });
  const track = fixtureTrack(project, 't', 0);
  const ms = [
    fixtureMilestone({
      id: 'm1',
      trackId: 't',
      position: 0,
      start: '2026-01-05',
      end: '2026-01-11',
      offeringId: 'od-l4',
      gpuId: 'l4-24gb',
      hours: 40,
    }),
    fixtureMilestone({
      id: 'm2',
      trackId: 't',
      position: 1,
      start: '2026-01-12',
      end: '2026-01-18',
      offeringId: 'od-l4',
      gpuId: 'l4-24gb',
      hours: 40,
      dependsOn: ['m1'],
    }),
  ];
  for (const m of ms) m.phases[0]!.appEstimate = estimate(40);
  const allocations = [
    fixtureBooking({ id: 'a1', trackId: 't', week: '2026-W02', offeringId: 'od-l4', gpuId: 'l4-24gb', hours: 40 }),
    fixtureBooking({ id: 'a2', trackId: 't', week: '2026-W03', offeringId: 'od-l4', gpuId: 'l4-24gb', hours: 40 }),
  ];
  return fixturePlan(project, { tracks: [track], milestones: ms, allocations });
}

function ranges(plan: Plan): PlanRanges {
  return rangesOfAnalysis(plan, catalog, analyzePlan(plan, catalog));
}

const ordered = (r: { p10: number | string; p50: number | string; p90: number | string }) =>
  Number(r.p10) <= Number(r.p50) && Number(r.p50) <= Number(r.p90);

describe('the estimate range of a phase (estimate-range.ts)', () => {
  it('takes the engine range as P10–P90 of the hours (hours go as 1 ÷ samples/s) and says so', () => {
    const r = estimateHoursRange({ hours: 40, ...engine })!;
    expect(r.low).toBeCloseTo(32, 5); // 40 × 100 ÷ 125
    expect(r.high).toBeCloseTo(52, 5); // 40 × 100 ÷ 76.9
    expect(r.basis).toMatch(/×0\.8–×1\.3 \(memory-bound\)/);
  });

  it('narrows with each recorded run, and a ratio set by hand (no runs) narrows nothing', () => {
    const none = estimateHoursRange({ hours: 40, ...engine })!;
    const one = estimateHoursRange({ hours: 40, ...engine, correction: { runs: 1, spread: null } })!;
    const three = estimateHoursRange({ hours: 40, ...engine, correction: { runs: 3, spread: { min: 1.0, max: 1.02 } } })!;
    const byHand = estimateHoursRange({ hours: 40, ...engine, correction: { runs: 0, spread: null } })!;
    expect(one.high - one.low).toBeLessThan(none.high - none.low);
    expect(three.high - three.low).toBeLessThan(one.high - one.low);
    expect(byHand).toEqual(none);
    expect(one.basis).toMatch(/narrowed by 1 recorded run of yours/);
    // runs that disagree keep it wide: their own scatter counts
    const scattered = estimateHoursRange({ hours: 40, ...engine, correction: { runs: 3, spread: { min: 0.6, max: 1.6 } } })!;
    expect(scattered.high - scattered.low).toBeGreaterThan(three.high - three.low);
  });

  it('gives none when the engine gives no range', () => {
    expect(estimateHoursRange({ hours: 40 })).toBeNull();
  });
});

describe('ranges carried into the plan (plan-ranges.ts)', () => {
  it('P10 ≤ P50 ≤ P90 for every milestone, the total and the finish; the median is the plan’s figure', () => {
    const r = ranges(twoMilestones());
    for (const m of r.milestones) {
      expect(ordered(m.hours)).toBe(true);
      expect(ordered(m.cost)).toBe(true);
      expect(m.end!.p10 <= m.end!.p50 && m.end!.p50 <= m.end!.p90).toBe(true);
      expect(m.hours.p10).toBeLessThan(40);
      expect(m.hours.p90).toBeGreaterThan(40);
      expect(Math.abs(m.hours.p50 - 40)).toBeLessThan(1.5);
    }
    expect(ordered(r.total)).toBe(true);
    expect(Math.abs(Number(r.total.p50) - Number(r.plannedTotal))).toBeLessThan(3);
    expect(r.finish!.planned).toBe('2026-01-18');
    expect(r.finish!.p10).toBe('2026-01-18'); // never earlier than planned
    expect(r.finish!.p90 > r.finish!.planned).toBe(true); // hours beyond the bookings push it
    expect(r.currency).toBe('USD');
  });

  it('is deterministic: the same plan gives the same figures', () => {
    expect(ranges(twoMilestones())).toEqual(ranges(twoMilestones()));
  });

  it('a recorded run narrows the milestone’s range', () => {
    const wide = ranges(twoMilestones()).milestones[0]!;
    const narrow = ranges(twoMilestones('100', (h) => app(h, h.toFixed(2), { runs: 2, spread: { min: 1, max: 1.01 } }))).milestones[0]!;
    expect(narrow.hours.p90 - narrow.hours.p10).toBeLessThan(wide.hours.p90 - wide.hours.p10);
    expect(Number(narrow.cost.p90) - Number(narrow.cost.p10)).toBeLessThan(Number(wide.cost.p90) - Number(wide.cost.p10));
  });

  it('the probability the budget holds rises with the budget, from 0 to 1', () => {
    const plan = twoMilestones();
    const draws = planRangeDraws(
      plan,
      createPriceBook(plan, catalog),
      analyzePlan(plan, catalog).totals,
      analyzePlan(plan, catalog).phases,
    );
    let last = -1;
    for (const budget of [0, 50, 70, 80, 90, 100, 120, 1000]) {
      const p = probabilityAtMost(draws.totals, budget);
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
    expect(probabilityAtMost(draws.totals, 0)).toBe(0);
    expect(probabilityAtMost(draws.totals, 1000)).toBe(1);
    // the plan's own figure: 80 planned, the budget at it holds about half the time; well above it, nearly always
    expect(ranges(twoMilestones('80')).budgetHolds).toBeGreaterThan(0.3);
    expect(ranges(twoMilestones('80')).budgetHolds).toBeLessThan(0.7);
    expect(ranges(twoMilestones('200')).budgetHolds).toBe(1);
  });

  it('the author’s low–high is the range of a phase without the app’s estimate; a point figure stays a point', () => {
    const plan = twoMilestones('100', () => null as unknown as AppEstimate);
    plan.milestones[0]!.phases[0]!.authorEstimate!.hours = { low: 30, high: 50 };
    const r = ranges(plan);
    const m1 = r.milestones[0]!;
    expect(m1.phases[0]!.source).toBe('author');
    expect(m1.hours.p10).toBeGreaterThan(28);
    expect(m1.hours.p10).toBeLessThan(40);
    expect(m1.hours.p90).toBeGreaterThan(40);
    expect(m1.hours.p90).toBeLessThan(52);
    expect(r.milestones[1]!.hours).toEqual({ p10: 40, p50: 40, p90: 40 });
  });

  it('amounts are in the project’s currency at the phase’s week rate', () => {
    const plan = twoMilestones();
    plan.project = { ...plan.project, currency: 'EUR' };
    const eur: PlanCatalog = {
      ...catalog,
      rates: [{ id: 1, from: 'USD', to: 'EUR', rate: '0.5', asOf: '2025-12-01', source: 'test' }],
    };
    const r = rangesOfAnalysis(plan, eur, analyzePlan(plan, eur));
    expect(r.currency).toBe('EUR');
    expect(Number(r.milestones[0]!.cost.p50)).toBeCloseTo(20, 0);
  });
});
