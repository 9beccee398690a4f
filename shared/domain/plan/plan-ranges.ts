/**
 * Ranges carried into the plan (issue 29 item 5): each milestone's GPU-hours and cost as P10–P50–P90 from its
 * estimate's range, the plan's total and its finish date as ranges, and how likely the budget holds. Pure and
 * deterministic: a Monte Carlo of RANGE_SAMPLES draws from a seeded generator, so the same plan always gives the same
 * figures. The rules, in words, are RANGE_RULES (every screen and the PDF show them beside the figures).
 */
import Big from 'big.js';
import { addDays, differenceInCalendarDays, parseISO } from 'date-fns';
import { modelFamilyOf } from '../runs/corrections';
import { Z90 } from './estimate-range';
import { factorAt } from './plan-currency';
import { createPriceBook, type PriceBook } from './pricing';
import type { PhaseCoverage } from './problem';
import type { PlanTotals } from './totals';
import type { Milestone, MilestonePhase, Plan, PlanCatalog } from './types';
import { normal, probabilityAtMost, quantile, seededRandom } from './range-sampling';
import { formatDay, weekOf } from './weeks';

export { probabilityAtMost, quantile, seededRandom } from './range-sampling';
export * from './plan-ranges-types';
import {
  RANGE_RULES,
  RANGE_SAMPLES,
  RANGE_SEED,
  type DatePercentiles,
  type HoursPercentiles,
  type MilestoneRange,
  type MoneyPercentiles,
  type PhaseRange,
  type PlanRanges,
} from './plan-ranges-types';

interface PhaseDraw {
  milestone: Milestone;
  phase: MilestonePhase;
  source: PhaseRange['source'];
  basis: string;
  median: number;
  below: number;
  above: number;
  runs: { low: number; high: number } | null;
  key: string;
  /** Project currency per GPU-hour. */
  rate: number;
  hourly: boolean;
  allocated: number;
  booked: number;
  hoursPerDay: number;
}

const logSpread = (a: number, b: number) => (a > 0 && b > 0 && b > a ? Math.log(b / a) / Z90 : 0);

function phaseDraw(book: PriceBook, totals: PlanTotals, m: Milestone, p: MilestonePhase, cov?: PhaseCoverage): PhaseDraw | null {
  const factor = factorAt(totals.conversion, weekOf(p.start));
  const fx = factor ? Number(factor.toString()) : 0;
  const price = p.offeringId ? book.price(p.offeringId) : null;
  const hourly = !!price && price.per === 'hour' && price.termYears === null;
  const days = Math.max(1, differenceInCalendarDays(parseISO(p.end), parseISO(p.start)) + 1);
  const booked = cov?.bookedHours ?? 0;
  const common = { milestone: m, phase: p, hourly, allocated: cov?.allocatedHours ?? 0, booked };
  const e = p.appEstimate;
  if (e && e.hours > 0) {
    const gpus = e.gpus ?? 1;
    const mid = (p.runs.low + p.runs.high) / 2;
    const r = e.hoursRange;
    return {
      ...common,
      source: 'app',
      basis: r ? r.basis : 'no range saved with this estimate yet (recomputed on the next change): the runs range only',
      median: e.hours,
      below: r ? logSpread(r.low, e.hours) : 0,
      above: r ? logSpread(e.hours, r.high) : 0,
      runs: mid > 0 && p.runs.high > p.runs.low ? p.runs : null,
      key: p.workload ? `${modelFamilyOf(p.workload).id}|${p.gpuId ?? p.offeringId ?? p.id}` : p.id,
      rate: (Number(e.usd) / e.hours) * fx,
      hoursPerDay: booked > 0 ? booked / days : gpus * 24,
    };
  }
  const a = p.authorEstimate;
  if (!a) return null;
  const low = a.hoursPerRun ? p.runs.low * a.hoursPerRun.low : a.hours.low;
  const high = a.hoursPerRun ? p.runs.high * a.hoursPerRun.high : a.hours.high;
  const median = a.hoursPerRun
    ? ((p.runs.low + p.runs.high) / 2) * ((a.hoursPerRun.low + a.hoursPerRun.high) / 2)
    : (a.hours.low + a.hours.high) / 2;
  if (!(median > 0)) return null;
  return {
    ...common,
    source: 'author',
    basis: `the author's ${Math.round(low * 100) / 100}–${Math.round(high * 100) / 100} GPU-hours taken as P10–P90`,
    median,
    below: logSpread(Math.min(low, median), median),
    above: logSpread(median, Math.max(high, median)),
    runs: null,
    key: p.id,
    rate: ((a.usd.low + a.usd.high) / 2 / median) * fx,
    hoursPerDay: booked > 0 ? booked / days : 24,
  };
}

const cents = (n: number) => (Number.isFinite(n) ? new Big(n.toFixed(6)).round(2, Big.roundHalfUp).toFixed(2) : '0.00');
const hours3 = (sorted: Float64Array): HoursPercentiles => {
  const r = (q: number) => Math.round(quantile(sorted, q) * 100) / 100;
  return { p10: r(0.1), p50: r(0.5), p90: r(0.9) };
};
const money3 = (sorted: Float64Array): MoneyPercentiles => ({
  p10: cents(quantile(sorted, 0.1)),
  p50: cents(quantile(sorted, 0.5)),
  p90: cents(quantile(sorted, 0.9)),
});
const dates3 = (planned: string, sortedDelays: Float64Array): DatePercentiles => {
  const d = (q: number) => formatDay(addDays(parseISO(planned), Math.ceil(quantile(sortedDelays, q) - 1e-9)));
  return { p10: d(0.1), p50: d(0.5), p90: d(0.9) };
};

/** Milestones in an order where each comes after those it depends on (a cycle, refused elsewhere, is cut). */
function dependencyOrder(plan: Plan): Milestone[] {
  const byId = new Map(plan.milestones.map((m) => [m.id, m]));
  const out: Milestone[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (m: Milestone) => {
    if (state.has(m.id)) return;
    state.set(m.id, 'visiting');
    for (const d of m.dependsOn ?? []) {
      const dep = byId.get(d);
      if (dep) visit(dep);
    }
    state.set(m.id, 'done');
    out.push(m);
  };
  for (const m of plan.milestones) visit(m);
  return out;
}

/** The draws behind the ranges (sorted per figure): the plan's totals, and per milestone its hours, cost and delay. */
export function planRangeDraws(
  plan: Plan,
  book: PriceBook,
  totals: PlanTotals,
  coverage: readonly PhaseCoverage[],
  samples = RANGE_SAMPLES,
) {
  const covOf = new Map(coverage.map((c) => [c.phaseId, c]));
  const draws = plan.milestones.map((m) => ({
    milestone: m,
    phases: [...m.phases]
      .sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0))
      .map((p) => ({ phase: p, draw: phaseDraw(book, totals, m, p, covOf.get(p.id)) })),
  }));
  // Flat, index-based tables for the loop (thousands of draws on every plan view).
  const keys = new Map<string, number>();
  const flat = draws.flatMap((d, mi) =>
    d.phases.flatMap(({ phase, draw }) => {
      if (!draw) return [];
      if (!keys.has(draw.key)) keys.set(draw.key, keys.size);
      return [{ mi, phaseId: phase.id, draw, k: keys.get(draw.key)! }];
    }),
  );
  const index = new Map(plan.milestones.map((m, i) => [m.id, i]));
  const order = dependencyOrder(plan).map((m) => ({
    i: index.get(m.id)!,
    deps: (m.dependsOn ?? []).map((d) => index.get(d)).filter((i): i is number => i !== undefined),
  }));
  const plannedEnds = new Map(
    plan.milestones.map((m) => [
      m.id,
      m.phases
        .map((p) => p.end)
        .sort()
        .at(-1) ?? null,
    ]),
  );
  const ends = [...plannedEnds.values()].filter((d): d is string => d !== null).sort();
  const finish = ends.at(-1) ?? null;
  // Days from each milestone's planned end to the plan's (≤ 0), worked out once.
  const endOffset = plan.milestones.map((m) => {
    const end = plannedEnds.get(m.id);
    return end && finish ? differenceInCalendarDays(parseISO(end), parseISO(finish)) : null;
  });
  const M = plan.milestones.length;
  const random = seededRandom(RANGE_SEED);
  const plannedTotal = Number(totals.allCostsUsd);
  const column = () => new Float64Array(samples);
  const totalDraws = column();
  const finishDelay = column();
  const mHours = Array.from({ length: M }, column);
  const mCost = Array.from({ length: M }, column);
  const mDelay = Array.from({ length: M }, column);
  const pHours = flat.map(column);
  const pCost = flat.map(column);
  const z = new Float64Array(keys.size);
  const hours = new Float64Array(M);
  const cost = new Float64Array(M);
  const own = new Float64Array(M);
  const delay = new Float64Array(M);
  for (let s = 0; s < samples; s++) {
    for (let k = 0; k < z.length; k++) z[k] = normal(random);
    hours.fill(0);
    cost.fill(0);
    own.fill(0);
    let total = plannedTotal;
    flat.forEach(({ mi, draw, k }, f) => {
      const zk = z[k]!;
      const runs = draw.runs ? (draw.runs.low + (draw.runs.high - draw.runs.low) * random()) / ((draw.runs.low + draw.runs.high) / 2) : 1;
      const h = draw.median * runs * Math.exp(zk * (zk < 0 ? draw.below : draw.above));
      const c = h * draw.rate;
      hours[mi] = hours[mi]! + h;
      cost[mi] = cost[mi]! + c;
      if (h > draw.allocated || draw.hourly) total += (h - draw.allocated) * draw.rate;
      own[mi] = own[mi]! + Math.max(0, h - draw.booked) / draw.hoursPerDay;
      pHours[f]![s] = h;
      pCost[f]![s] = c;
    });
    // A milestone moves by its own delay plus the largest of the milestones it comes after (slack between them ignored).
    let latest = 0;
    for (const { i, deps } of order) {
      let before = 0;
      for (const d of deps) before = Math.max(before, delay[d]!);
      delay[i] = own[i]! + before;
      const offset = endOffset[i];
      if (offset !== null && offset !== undefined) latest = Math.max(latest, offset + delay[i]!);
    }
    for (let i = 0; i < M; i++) ((mHours[i]![s] = hours[i]!), (mCost[i]![s] = cost[i]!), (mDelay[i]![s] = delay[i]!));
    totalDraws[s] = total;
    finishDelay[s] = latest;
  }
  const sort = (a: Float64Array) => a.sort();
  const byMilestone = new Map(
    plan.milestones.map((m, i) => [m.id, { hours: sort(mHours[i]!), cost: sort(mCost[i]!), delay: sort(mDelay[i]!) }]),
  );
  const byPhase = new Map(flat.map((f, i) => [f.phaseId, { hours: sort(pHours[i]!), cost: sort(pCost[i]!) }]));
  return { draws, totals: sort(totalDraws), finishDelay: sort(finishDelay), finish, byMilestone, byPhase, plannedEnds };
}

/** The plan's ranges: each milestone's hours, cost and end; the total and finish; how likely the budget holds. */
export function planRanges(plan: Plan, book: PriceBook, totals: PlanTotals, coverage: readonly PhaseCoverage[]): PlanRanges {
  const d = planRangeDraws(plan, book, totals, coverage);
  const milestones: MilestoneRange[] = d.draws.map(({ milestone, phases }) => {
    const mm = d.byMilestone.get(milestone.id)!;
    const plannedEnd = d.plannedEnds.get(milestone.id) ?? null;
    return {
      milestoneId: milestone.id,
      code: milestone.code,
      hours: hours3(mm.hours),
      cost: money3(mm.cost),
      plannedEnd,
      end: plannedEnd ? dates3(plannedEnd, mm.delay) : null,
      phases: phases.map(({ phase, draw }) => {
        const ph = d.byPhase.get(phase.id);
        return {
          milestoneId: milestone.id,
          phaseId: phase.id,
          hours: ph ? hours3(ph.hours) : { p10: 0, p50: 0, p90: 0 },
          cost: ph ? money3(ph.cost) : { p10: '0.00', p50: '0.00', p90: '0.00' },
          source: draw?.source ?? 'none',
          basis: draw?.basis ?? 'no estimate: no range',
        };
      }),
    };
  });
  const budget = Number(plan.project.budget);
  return {
    currency: totals.currency,
    milestones,
    total: money3(d.totals),
    plannedTotal: totals.allCostsUsd,
    finish: d.finish ? { planned: d.finish, ...dates3(d.finish, d.finishDelay) } : null,
    budget: totals.budget,
    budgetHolds: Math.round(probabilityAtMost(d.totals, budget) * 1000) / 1000,
    samples: RANGE_SAMPLES,
    seed: RANGE_SEED,
    rules: RANGE_RULES,
  };
}

/** The ranges of a plan already analysed (analyzePlan's totals and phase coverage): what every plan view carries. */
export function rangesOfAnalysis(
  plan: Plan,
  catalog: PlanCatalog,
  analysis: { totals: PlanTotals; phases: readonly PhaseCoverage[] },
): PlanRanges {
  return planRanges(plan, createPriceBook(plan, catalog), analysis.totals, analysis.phases);
}
