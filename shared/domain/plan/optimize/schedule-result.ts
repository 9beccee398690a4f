/**
 * Auto-plan, the answer: the solver's values turned back into weekly bookings of a suggested plan, and the
 * constraints that bind (or, when no schedule meets everything, what is missing and what would fix it) in sentences.
 */
import type { Allocation, AppEstimate, MilestonePhase, Plan, PlannedPrice } from '../types';
import { standaloneCost, toMoney } from '../pricing';
import { weekEnd, weekOf, weekStart } from '../weeks';
import { money } from '../../money-format';
import { poolAdmits, poolWeekUse, poolWeekVerdict } from '../pool-capacity';

const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);

import type { SolverAnswer } from './lp-model';
import { OBJECTIVE_NAMES, type OptimizeObjective, type ScheduleModel } from './schedule-types';
import { keepOrderOfMovedDates } from './schedule-timing-rows';

export type OptimizeStatus = 'optimal' | 'feasible' | 'infeasible';

export interface BindingConstraint {
  kind: 'milestone-window' | 'pool-capacity' | 'budget' | 'kept-bookings' | 'not-scheduled' | 'current-plan';
  message: string;
  /** How much it binds by, in its unit (GPU-hours, money), when it can be said. */
  amount: number | null;
  unit: 'gpu-hours' | 'usd' | null;
  weeks: string[];
}

export interface ScheduleResult {
  status: OptimizeStatus;
  objective: OptimizeObjective;
  /** The suggested plan: kept bookings plus the optimizer's bookings of every scheduled phase. */
  plan: Plan;
  /** Cost of the whole suggested plan in the project's currency (as the plan costs it), before rounding to cents. */
  cost: number;
  /** Last week with milestone work. */
  finishWeek: string | null;
  binding: BindingConstraint[];
  gap: number | null;
  solverSeconds: number;
  /** The bookings the optimizer replaced and those it added. */
  replacedAllocationIds: string[];
  addedAllocations: Allocation[];
}

const EPS = 1e-6;
const round2 = (n: number) => Math.round(n * 100) / 100;
const fmtHours = (n: number) => `${round2(n)}`;

function spans(weeks: string[]): string {
  const sorted = [...new Set(weeks)].sort();
  if (sorted.length === 0) return '';
  return sorted.length === 1 ? sorted[0]! : `${sorted[0]}…${sorted[sorted.length - 1]}`;
}

export function readSchedule(
  built: ScheduleModel,
  plan: Plan,
  answer: SolverAnswer,
  objective: OptimizeObjective,
  now: string,
): ScheduleResult {
  const v = answer.values;
  const value = (i: number) => v[i] ?? 0;
  const fmtMoney = (n: number) => money(plan.project.currency, (Math.round(n * 100) / 100).toFixed(2));
  const binding: BindingConstraint[] = built.skipped.map((s) => ({
    kind: 'not-scheduled',
    message: `${s.label} is not scheduled: ${s.reason}.`,
    amount: null,
    unit: null,
    weeks: [],
  }));

  // Bookings: one per track, offering and week (phases that follow each other in a week share it, as the plan's
  // checks count bookings), in wall-clock hours of the offering's GPUs.
  const gpuHoursByBooking = new Map<
    string,
    { trackId: string; week: string; demand: number; candidate: number; gpuHours: number; cap: number; labels: string[] }
  >();
  const chosenCandidate = new Map<number, number>();
  for (const e of built.x) {
    const gpuHours = value(e.variable);
    if (gpuHours <= EPS) continue;
    const d = built.demands[e.demand]!;
    const c = d.candidates[e.candidate]!;
    chosenCandidate.set(e.demand, e.candidate);
    const key = `${d.milestone.trackId}|${c.offering.id}|${e.week}`;
    const entry = gpuHoursByBooking.get(key) ?? {
      trackId: d.milestone.trackId,
      week: e.week,
      demand: e.demand,
      candidate: e.candidate,
      gpuHours: 0,
      cap: 0,
      labels: [],
    };
    entry.gpuHours += gpuHours;
    entry.cap += e.cap;
    if (!entry.labels.includes(d.label)) entry.labels.push(d.label);
    gpuHoursByBooking.set(key, entry);
  }
  const added: Allocation[] = [];
  for (const b of gpuHoursByBooking.values()) {
    const d = built.demands[b.demand]!;
    const c = d.candidates[b.candidate]!;
    // Up to the next hundredth of an hour, so rounding never leaves a milestone short.
    const hours = Math.min(Math.ceil((b.gpuHours / c.offering.gpuCount) * 100 - 1e-6) / 100, 168);
    if (hours <= 0) continue;
    added.push({
      id: `auto-${b.trackId}-${c.offering.id}-${b.week}`,
      trackId: b.trackId,
      week: b.week,
      offeringId: c.offering.id,
      gpuId: c.offering.gpuId,
      gpuCount: c.offering.gpuCount,
      hours,
      phaseId: d.phase.id,
      note: `Suggested by auto-plan (${OBJECTIVE_NAMES[objective]}) on ${now.slice(0, 10)}: ${b.labels.join(', ')}.`,
    });
  }

  const replaced = plan.allocations.filter((a) => !built.fixed.includes(a)).map((a) => a.id);
  const plannedPrices: PlannedPrice[] = [...plan.plannedPrices];
  // Dates move only when the lead freed them: a phase then takes the dates of its work (starting earlier than its own
  // start, ending when its work ends), never past its end date. Otherwise every milestone keeps its dates.
  const datesOf = (di: number, p: MilestonePhase): { start: string; end: string } => {
    if (!built.datesFreed) return { start: p.start, end: p.end };
    const used = built.x
      .filter((e) => e.demand === di && value(e.variable) > EPS)
      .map((e) => e.week)
      .sort();
    if (used.length === 0) return { start: p.start, end: p.end };
    const d = built.demands[di]!;
    const first = used[0]!;
    const last = used[used.length - 1]!;
    const own = weekOf(p.start);
    const start = first < own ? maxDay(d.windowStart, weekStart(first)) : p.start;
    const end = minDay(p.end, weekEnd(last));
    return { start, end: end < start ? start : end };
  };
  // Moved dates keep the order (schedule-timing-rows.ts).
  const movedDates = new Map<string, { start: string; end: string }>();
  built.demands.forEach((d, di) => movedDates.set(d.phase.id, datesOf(di, d.phase)));
  if (built.datesFreed) keepOrderOfMovedDates(built.demands, built.order, movedDates);
  const milestones = plan.milestones.map((m) => ({
    ...m,
    phases: m.phases.map((phase) => {
      const di = built.demands.findIndex((d) => d.phase.id === phase.id);
      const p = di >= 0 ? { ...phase, ...movedDates.get(phase.id)! } : phase;
      const ci = chosenCandidate.get(di);
      if (di < 0 || ci === undefined || ci === 0) return p;
      const c = built.demands[di]!.candidates[ci]!;
      if (c.price && !plannedPrices.some((pp) => pp.offeringId === c.offering.id)) {
        plannedPrices.push({
          offeringId: c.offering.id,
          kind: c.price.kind,
          usd: c.price.usd.toString(),
          per: c.price.per,
          asOf: c.price.asOf,
          source: c.price.source,
        });
      }
      const runs = (p.runs.low + p.runs.high) / 2;
      const estimate: AppEstimate = {
        hours: round2(c.gpuHours),
        hoursPerRun: Math.round((c.gpuHours / runs) * 1000) / 1000,
        usd: toMoney(standaloneCost(c.price, c.gpuHours)),
        computedAt: now,
        priceAsOf: c.price?.asOf ?? null,
        basis: `auto-plan moved it to ${c.offering.label}: the estimator's ${round2(c.gpuHours)} GPU-hours there`,
      };
      return { ...p, offeringId: c.offering.id, gpuId: c.offering.gpuId, appEstimate: estimate };
    }),
  }));
  for (const a of added) {
    if (a.offeringId && !plannedPrices.some((pp) => pp.offeringId === a.offeringId)) {
      const d = built.demands.find((x) => x.phase.id === a.phaseId)!;
      const price = d.candidates.find((c) => c.offering.id === a.offeringId)?.price;
      if (price)
        plannedPrices.push({
          offeringId: a.offeringId,
          kind: price.kind,
          usd: price.usd.toString(),
          per: price.per,
          asOf: price.asOf,
          source: price.source,
        });
    }
  }
  const suggested: Plan = { ...plan, milestones, allocations: [...built.fixed, ...added], plannedPrices };

  // What is missing, when the deadlines or the budget cannot all be met.
  let infeasible = false;
  built.demands.forEach((d, di) => {
    const s = value(built.shortfall.get(di)!);
    if (s <= 1e-5) return;
    infeasible = true;
    const ci = chosenCandidate.get(di) ?? 0;
    const c = d.candidates[ci]!;
    const short = s * c.gpuHours;
    const windowWeeks = built.x.filter((e) => e.demand === di && e.candidate === ci).map((e) => e.week);
    const taken = built.poolRows.filter(
      (r) => windowWeeks.includes(r.week) && r.pool.offeringIds.includes(c.offering.id) && r.fixedUse > 0,
    );
    const poolNames = [...new Set(taken.map((r) => r.pool.id))].map((id) => {
      const rows = taken.filter((r) => r.pool.id === id);
      return `${rows[0]!.pool.name} (in use by bookings that stay in ${spans(rows.map((r) => r.week))})`;
    });
    const move = daysToMoveEnd(built, plan, di, ci, short);
    binding.push({
      kind: 'milestone-window',
      message:
        `${d.label} needs ${fmtHours(c.gpuHours)} ${c.offering.label} GPU-hours between ${d.windowStart} and ${d.windowEnd} (${spans(windowWeeks)}); ` +
        `at most ${fmtHours(c.gpuHours - short)} fit there${poolNames.length ? ` beside the other bookings of ${poolNames.join(' and ')}` : ''}: short by ${fmtHours(short)} GPU-hours. ` +
        `${move ? `Move its end date by ${move.days} day${move.days === 1 ? '' : 's'} (to ${move.end})` : 'Move its end date'}${poolNames.length ? ', add a pool or raise its capacity' : ''}, or allow another offering.`,
      amount: round2(short),
      unit: 'gpu-hours',
      weeks: windowWeeks,
    });
  });
  const overBudget = built.budgetSlack === null ? 0 : value(built.budgetSlack);
  if (overBudget > 0.005) {
    infeasible = true;
    binding.push({
      kind: 'budget',
      message: `The cheapest schedule that meets ${binding.some((b) => b.kind === 'milestone-window') ? 'what can be met' : 'every milestone'} costs ${fmtMoney(built.budget + overBudget)}, ${fmtMoney(overBudget)} over the ${fmtMoney(built.budget)} budget: raise the budget by ${fmtMoney(overBudget)}, lower the run counts, or allow cheaper offerings.`,
      amount: round2(overBudget),
      unit: 'usd',
      weeks: [],
    });
  }

  // What binds in a schedule that meets everything: full pools, a spent budget, windows used to the last hour.
  const activity = built.model.evaluate(v).activity;
  const fullByPool = new Map<string, { name: string; weeks: string[]; capacity: number }>();
  for (const r of built.poolRows) {
    const unit = r.kind === 'hours' ? 'GPU-hours' : r.kind === 'at-once' ? 'GPUs at once' : 'vCPUs';
    if (r.capacity - r.fixedUse < -EPS) {
      binding.push({
        kind: 'kept-bookings',
        message: `${r.pool.name}: the bookings that stay already take ${fmtHours(r.fixedUse)} of its ${fmtHours(r.capacity)} ${unit} in ${r.week}; move or shorten them.`,
        amount: round2(r.fixedUse - r.capacity),
        unit: r.kind === 'hours' ? 'gpu-hours' : null,
        weeks: [r.week],
      });
      continue;
    }
    const rhs = built.model.rows[r.row]?.rhs ?? 0;
    if (r.row >= 0 && r.kind === 'hours' && rhs > EPS && activity[r.row]! >= rhs - 1e-4) {
      const entry = fullByPool.get(r.pool.id) ?? { name: r.pool.name, weeks: [], capacity: r.capacity };
      entry.weeks.push(r.week);
      fullByPool.set(r.pool.id, entry);
    }
  }
  for (const full of fullByPool.values()) {
    binding.push({
      kind: 'pool-capacity',
      message: `${full.name} is full in ${full.weeks.join(', ')} (${fmtHours(full.capacity)} GPU-hours a week): more work there needs another pool or offering.`,
      amount: 0,
      unit: 'gpu-hours',
      weeks: full.weeks,
    });
  }
  const costActivity = built.budgetRow >= 0 ? activity[built.budgetRow]! + (built.budgetSlack === null ? 0 : value(built.budgetSlack)) : 0;
  const cost = built.fixedCost + costActivity;
  if (!infeasible && built.budgetSlack !== null && cost >= built.budget - 0.01) {
    binding.push({
      kind: 'budget',
      message: `The budget binds: the schedule spends ${fmtMoney(cost)} of ${fmtMoney(built.budget)}.`,
      amount: 0,
      unit: 'usd',
      weeks: [],
    });
  }
  built.demands.forEach((d, di) => {
    const ci = chosenCandidate.get(di);
    if (ci === undefined) return;
    const rows = built.x.filter((e) => e.demand === di && e.candidate === ci);
    const capacity = rows.reduce((s, e) => s + e.cap, 0);
    const used = rows.reduce((s, e) => s + value(e.variable), 0);
    if (capacity > 0 && used >= capacity - 1e-4 && value(built.shortfall.get(di)!) <= 1e-5) {
      binding.push({
        kind: 'milestone-window',
        message: `${d.label} uses its whole window (${d.windowStart} → ${d.windowEnd}, ${fmtHours(capacity)} GPU-hours): any more work would move its end date.`,
        amount: 0,
        unit: 'gpu-hours',
        weeks: rows.map((e) => e.week),
      });
    }
  });

  const workWeeks = added.map((a) => a.week).sort();
  return {
    status: infeasible ? 'infeasible' : answer.status === 'optimal' ? 'optimal' : 'feasible',
    objective,
    plan: suggested,
    cost,
    finishWeek: workWeeks[workWeeks.length - 1] ?? null,
    binding,
    gap: answer.gap,
    solverSeconds: answer.seconds,
    replacedAllocationIds: replaced,
    addedAllocations: added,
  };
}

/**
 * How far a milestone's end date must move for its shortfall to fit: day by day after its window, counting 24 h per GPU
 * on days whose week leaves its offering's pools free of the bookings that stay (up to 180 days; null beyond).
 */
function daysToMoveEnd(built: ScheduleModel, plan: Plan, di: number, ci: number, short: number): { days: number; end: string } | null {
  const d = built.demands[di]!;
  const c = d.candidates[ci]!;
  const pools = plan.pools.filter((p) => p.offeringIds.includes(c.offering.id) || p.gpuIds.includes(c.offering.gpuId));
  // A day of this offering fits a week when the pool, under the model's rule, holds it beside the bookings that stay.
  const blocked = (week: string) =>
    pools.some((pool) => {
      const kept = built.fixed.filter((a) => a.week === week && poolAdmits(pool, a));
      const use = poolWeekUse([...kept, { hours: 24, gpuCount: c.offering.gpuCount, offeringId: c.offering.id }], (id) =>
        id === c.offering.id ? c.offering : undefined,
      );
      return poolWeekVerdict(pool, use, built.allowTurns).over;
    });
  let left = short;
  let day = d.windowEnd;
  for (let n = 1; n <= 180; n++) {
    day = addDay(day);
    if (!blocked(weekOf(day))) left -= 24 * c.offering.gpuCount;
    if (left <= 1e-9) return { days: n, end: day };
  }
  return null;
}

const addDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** "2026-W02 (Jan 5–11)": a week with its dates, for sentences. */
export function weekWithDates(week: string): string {
  return `${week} (${weekStart(week)} → ${weekEnd(week)})`;
}
