/**
 * Plan checks, recomputed on every edit (pure and fast): each problem says what is wrong, where (a cell of the
 * timeline to jump to), and how bad.
 *
 * - pool-over-capacity: a pool's booked GPU-hours in a week exceed capacity × 168 h (error); or more GPUs are booked
 *   at once than the pool has, which only works if the bookings take turns (warning); vCPU pools compare the
 *   offerings' vCPUs with the quota (error).
 * - milestone-short-hours: a milestone phase's allocated GPU-hours (its track, its GPU type, weeks from its start to
 *   its end, shared in end-date order with the track's other phases) are fewer than its estimated hours
 *   (the app's estimate, else the author's midpoint: mid runs × mid hours per run).
 * - milestone-no-hardware: a phase without an offering or GPU type.
 * - week-over-budget-share: a week costs more than its share of the budget (warning); the cumulative cost passes the
 *   total budget (error, once, at the first week it happens).
 * - offering-missing / price-changed: an allocation or phase names an offering that is no longer in the catalog (error),
 *   or whose current price differs from the price the plan was made with (warning).
 * - allocation-outside-track: an allocation in a week wholly outside its track's dates (warning).
 * - run-over-session / run-over-job-timeout / spot-without-checkpoint / dataset-over-disk / dataset-over-memory: one run
 *   of a phase against its offering's limits and host (run-rule-checks.ts).
 */
import Big from 'big.js';
import { createPriceBook, toMoney, type PriceBook } from './pricing';
import type { RunRuleKind } from '../../estimate/run-rules';
import { runRuleProblems } from './run-rule-checks';
import { computeTotals, round2, type PlanTotals } from './totals';
import type { Allocation, CapacityPool, Milestone, MilestonePhase, Plan, PlanCatalog } from './types';
import { HOURS_PER_WEEK, weekOf, weekStart } from './weeks';
import { gpuNameIn } from '../offer-label';

export type ProblemKind =
  | 'pool-over-capacity'
  | 'pool-concurrency'
  | 'milestone-short-hours'
  | 'milestone-no-hardware'
  | 'week-over-budget-share'
  | 'cumulative-over-budget'
  | 'offering-missing'
  | 'price-changed'
  | 'allocation-outside-track'
  | RunRuleKind;

export type Severity = 'error' | 'warning' | 'info';

/** Where the timeline jumps to: a swimlane cell, a pool row cell, a totals cell, or a milestone marker. */
export interface CellRef {
  row: 'track' | 'pool' | 'totals' | 'milestone';
  trackId?: string;
  poolId?: string;
  week?: string;
  allocationId?: string;
  milestoneId?: string;
  phaseId?: string;
}

export interface Problem {
  id: string;
  kind: ProblemKind;
  severity: Severity;
  week?: string;
  trackId?: string;
  milestoneId?: string;
  message: string;
  cell: CellRef;
}

export interface PlanAnalysis {
  problems: Problem[];
  totals: PlanTotals;
  pools: PoolLoad[];
  phases: PhaseCoverage[];
}

export interface PoolLoad {
  poolId: string;
  weeks: Record<string, { gpuHours: number; concurrentGpus: number; vcpus: number; capacityHours: number; over: boolean; turns: boolean }>;
}

export interface PhaseCoverage {
  milestoneId: string;
  phaseId: string;
  neededHours: number | null;
  neededBasis: string;
  /** GPU-hours booked toward this phase, up to what it needs (what the shortfall check counts). */
  allocatedHours: number;
  /** Every GPU-hour of the phase's track and hardware booked in its weeks, even beyond what it needs (no cap). */
  bookedHours: number;
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function poolAdmits(pool: CapacityPool, a: Pick<Allocation, 'offeringId' | 'gpuId'>): boolean {
  return (a.offeringId !== null && pool.offeringIds.includes(a.offeringId)) || pool.gpuIds.includes(a.gpuId);
}

/** Hours the estimate says a phase needs, and what that figure rests on. */
export function phaseNeededHours(phase: MilestonePhase): { hours: number | null; basis: string } {
  if (phase.appEstimate)
    return {
      hours: phase.appEstimate.hours,
      basis: `app estimate (${phase.appEstimate.basis}, computed ${phase.appEstimate.computedAt.slice(0, 10)})`,
    };
  const a = phase.authorEstimate;
  if (a) {
    if (a.hoursPerRun) {
      const mid = ((phase.runs.low + phase.runs.high) / 2) * ((a.hoursPerRun.low + a.hoursPerRun.high) / 2);
      return {
        hours: round2(mid),
        basis: `author's midpoint: ${(phase.runs.low + phase.runs.high) / 2} runs × ${(a.hoursPerRun.low + a.hoursPerRun.high) / 2} h`,
      };
    }
    return { hours: round2((a.hours.low + a.hours.high) / 2), basis: `author's midpoint of ${a.hours.low}-${a.hours.high} h` };
  }
  return { hours: null, basis: 'no estimate' };
}

function poolLoads(plan: Plan, book: PriceBook): { loads: PoolLoad[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const loads: PoolLoad[] = [];
  const byWeek = new Map<string, Allocation[]>();
  for (const a of plan.allocations) {
    const list = byWeek.get(a.week) ?? [];
    list.push(a);
    byWeek.set(a.week, list);
  }
  for (const pool of plan.pools) {
    const weeks: PoolLoad['weeks'] = {};
    for (const [week, allocations] of byWeek) {
      let gpuHours = 0;
      let concurrent = 0;
      let vcpus = 0;
      let any = false;
      for (const a of allocations) {
        if (!poolAdmits(pool, a)) continue;
        any = true;
        gpuHours += a.hours * a.gpuCount;
        concurrent += a.gpuCount;
        const offering = a.offeringId ? book.offerings.get(a.offeringId) : undefined;
        if (offering?.vcpus) vcpus += (offering.vcpus * a.gpuCount) / offering.gpuCount;
      }
      if (!any) continue;
      const capacityHours = pool.unit === 'gpus' ? pool.capacity * HOURS_PER_WEEK : 0;
      const over = pool.unit === 'gpus' ? gpuHours > capacityHours + 1e-9 : vcpus > pool.capacity;
      const turns = pool.unit === 'gpus' && !over && concurrent > pool.capacity;
      weeks[week] = { gpuHours: round2(gpuHours), concurrentGpus: concurrent, vcpus: round2(vcpus), capacityHours, over, turns };
      const cell = { row: 'pool' as const, poolId: pool.id, week };
      if (over) {
        problems.push({
          id: `pool-over-capacity:${pool.id}:${week}`,
          kind: 'pool-over-capacity',
          severity: 'error',
          week,
          cell,
          message:
            pool.unit === 'gpus'
              ? `${pool.name}: ${round2(gpuHours)} GPU-hours booked in ${week} but the pool holds ${pool.capacity} GPU${pool.capacity === 1 ? '' : 's'} × 168 h = ${capacityHours} GPU-hours.`
              : `${pool.name}: ${round2(vcpus)} vCPUs booked at once in ${week} but the quota is ${pool.capacity} vCPUs.`,
        });
      } else if (turns) {
        problems.push({
          id: `pool-concurrency:${pool.id}:${week}`,
          kind: 'pool-concurrency',
          severity: 'warning',
          week,
          cell,
          message: `${pool.name}: ${concurrent} GPUs booked in ${week} but only ${pool.capacity} at a time — the bookings (${round2(gpuHours)} of ${capacityHours} h) fit only if they take turns.`,
        });
      }
    }
    loads.push({ poolId: pool.id, weeks });
  }
  return { loads, problems };
}

function phaseGpu(phase: MilestonePhase, book: PriceBook): string | null {
  if (phase.offeringId) {
    const o = book.offerings.get(phase.offeringId);
    if (o) return o.gpuId;
  }
  return phase.gpuId;
}

function milestoneCoverage(plan: Plan, book: PriceBook): { coverage: PhaseCoverage[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const coverage: PhaseCoverage[] = [];
  // Remaining GPU-hours per track → gpu → week, consumed by phases in end-date order.
  const remaining = new Map<string, Map<string, Map<string, number>>>();
  for (const a of plan.allocations) {
    let byGpu = remaining.get(a.trackId);
    if (!byGpu) remaining.set(a.trackId, (byGpu = new Map()));
    let byWeek = byGpu.get(a.gpuId);
    if (!byWeek) byGpu.set(a.gpuId, (byWeek = new Map()));
    byWeek.set(a.week, (byWeek.get(a.week) ?? 0) + a.hours * a.gpuCount);
  }
  const bookedByTrackGpuWeek = new Map<string, number>();
  for (const [trackId, byGpu] of remaining)
    for (const [gpuId, byWeek] of byGpu) for (const [week, h] of byWeek) bookedByTrackGpuWeek.set(`${trackId}|${gpuId}|${week}`, h);
  const phases: Array<{ milestone: Milestone; phase: MilestonePhase }> = [];
  for (const milestone of plan.milestones) for (const phase of milestone.phases) phases.push({ milestone, phase });
  phases.sort((x, y) => (x.phase.end < y.phase.end ? -1 : x.phase.end > y.phase.end ? 1 : x.phase.start < y.phase.start ? -1 : 1));
  for (const { milestone, phase } of phases) {
    const label = phase.name === milestone.name ? milestone.code : `${milestone.code} ${phase.name}`;
    const cell = {
      row: 'milestone' as const,
      trackId: milestone.trackId,
      milestoneId: milestone.id,
      phaseId: phase.id,
      week: weekOf(phase.start),
    };
    const gpuId = phaseGpu(phase, book);
    const needed = phaseNeededHours(phase);
    if (!gpuId) {
      problems.push({
        id: `milestone-no-hardware:${phase.id}`,
        kind: 'milestone-no-hardware',
        severity: 'warning',
        trackId: milestone.trackId,
        milestoneId: milestone.id,
        week: cell.week,
        cell,
        message: `${label} (${phase.start} → ${phase.end}) has no hardware chosen.`,
      });
      coverage.push({
        milestoneId: milestone.id,
        phaseId: phase.id,
        neededHours: needed.hours,
        neededBasis: needed.basis,
        allocatedHours: 0,
        bookedHours: 0,
      });
      continue;
    }
    const from = weekOf(phase.start);
    const to = weekOf(phase.end);
    let want = needed.hours ?? 0;
    let got = 0;
    const byWeek = remaining.get(milestone.trackId)?.get(gpuId);
    const inRange = byWeek ? [...byWeek.keys()].filter((w) => w >= from && w <= to).sort() : [];
    const booked = inRange.reduce((sum, w) => sum + (bookedByTrackGpuWeek.get(`${milestone.trackId}|${gpuId}|${w}`) ?? 0), 0);
    for (const week of inRange) {
      const left = byWeek!.get(week) ?? 0;
      const take = needed.hours === null ? left : Math.min(left, want);
      got += take;
      want -= take;
      byWeek!.set(week, left - take);
    }
    coverage.push({
      milestoneId: milestone.id,
      phaseId: phase.id,
      neededHours: needed.hours,
      neededBasis: needed.basis,
      allocatedHours: round2(got),
      bookedHours: round2(booked),
    });
    if (needed.hours !== null && got + 1e-9 < needed.hours) {
      problems.push({
        id: `milestone-short-hours:${phase.id}`,
        kind: 'milestone-short-hours',
        severity: 'error',
        trackId: milestone.trackId,
        milestoneId: milestone.id,
        week: to,
        cell: { ...cell, week: to },
        message: `${label}: ${round2(got)} ${gpuNameIn(book.offerings.values(), gpuId)} GPU-hours booked ${from === to ? `in ${from}` : `in ${from}…${to}`} (${phase.start} → ${phase.end}) but ${round2(needed.hours)} h are needed — ${needed.basis}; short by ${round2(needed.hours - got)} h.`,
      });
    }
  }
  return { coverage, problems };
}

function offeringProblems(plan: Plan, book: PriceBook): Problem[] {
  const problems: Problem[] = [];
  const seenMissing = new Set<string>();
  for (const a of plan.allocations) {
    if (!a.offeringId) continue;
    const o = book.offerings.get(a.offeringId);
    if (!o || o.deleted) {
      problems.push({
        id: `offering-missing:${a.id}`,
        kind: 'offering-missing',
        severity: 'error',
        week: a.week,
        trackId: a.trackId,
        cell: { row: 'track', trackId: a.trackId, week: a.week, allocationId: a.id },
        message: `Allocation in ${a.week} uses offering "${a.offeringId}", which is ${o ? 'deleted from' : 'not in'} the catalog.`,
      });
      seenMissing.add(a.offeringId);
    }
  }
  for (const m of plan.milestones) {
    for (const phase of m.phases) {
      if (!phase.offeringId) continue;
      const o = book.offerings.get(phase.offeringId);
      if (!o || o.deleted) {
        problems.push({
          id: `offering-missing:${phase.id}`,
          kind: 'offering-missing',
          severity: 'error',
          trackId: m.trackId,
          milestoneId: m.id,
          week: weekOf(phase.start),
          cell: { row: 'milestone', trackId: m.trackId, milestoneId: m.id, phaseId: phase.id, week: weekOf(phase.start) },
          message: `${m.code} ${phase.name} is planned on offering "${phase.offeringId}", which is ${o ? 'deleted from' : 'not in'} the catalog.`,
        });
      }
    }
  }
  for (const planned of plan.plannedPrices) {
    const o = book.offerings.get(planned.offeringId);
    if (!o || o.deleted) continue;
    const current = o.prices.find((p) => p.kind === planned.kind);
    const firstUse = plan.allocations.find((a) => a.offeringId === planned.offeringId);
    const cell = firstUse
      ? { row: 'track' as const, trackId: firstUse.trackId, week: firstUse.week, allocationId: firstUse.id }
      : { row: 'totals' as const };
    if (!current) {
      problems.push({
        id: `price-changed:${planned.offeringId}`,
        kind: 'price-changed',
        severity: 'warning',
        cell,
        ...(firstUse ? { week: firstUse.week } : {}),
        message: `${o.label}: planned at $${planned.usd}/${planned.per} (${planned.kind}, ${planned.asOf}, ${planned.source}) but the catalog has no ${planned.kind} price for it now.`,
      });
    } else if (!new Big(current.usd).eq(new Big(planned.usd)) || current.per !== planned.per) {
      problems.push({
        id: `price-changed:${planned.offeringId}`,
        kind: 'price-changed',
        severity: 'warning',
        cell,
        ...(firstUse ? { week: firstUse.week } : {}),
        message: `${o.label}: planned at $${planned.usd}/${planned.per} (${planned.asOf}, ${planned.source}); the catalog now says $${current.usd}/${current.per} (${current.asOf}, ${current.source}).`,
      });
    }
  }
  return problems;
}

function budgetProblems(plan: Plan, totals: PlanTotals): Problem[] {
  const problems: Problem[] = [];
  const budget = new Big(plan.project.budget);
  let passed = false;
  for (const w of totals.weeks) {
    const usd = new Big(w.usd);
    if (usd.gt(w.budgetShareUsd) && usd.gt(0)) {
      problems.push({
        id: `week-over-budget-share:${w.week}`,
        kind: 'week-over-budget-share',
        severity: 'warning',
        week: w.week,
        cell: { row: 'totals', week: w.week },
        message: `${w.week} costs $${w.usd} but its share of the ${plan.project.currency} ${toMoney(budget)} budget is $${w.budgetShareUsd} (budget spread over the project's days).`,
      });
    }
    if (!passed && new Big(w.cumulativeUsd).gt(budget)) {
      passed = true;
      problems.push({
        id: `cumulative-over-budget:${w.week}`,
        kind: 'cumulative-over-budget',
        severity: 'error',
        week: w.week,
        cell: { row: 'totals', week: w.week },
        message: `By ${w.week} the plan has cost $${w.cumulativeUsd}, past the total budget of $${toMoney(budget)}.`,
      });
    }
  }
  return problems;
}

function trackDateProblems(plan: Plan): Problem[] {
  const tracks = new Map(plan.tracks.map((t) => [t.id, t]));
  const problems: Problem[] = [];
  const span = new Map(plan.tracks.map((t) => [t.id, { first: weekOf(t.start), last: weekOf(t.end) }]));
  for (const a of plan.allocations) {
    const t = tracks.get(a.trackId);
    const s = span.get(a.trackId);
    if (!t || !s) continue;
    if (a.week < s.first || a.week > s.last) {
      problems.push({
        id: `allocation-outside-track:${a.id}`,
        kind: 'allocation-outside-track',
        severity: 'warning',
        week: a.week,
        trackId: a.trackId,
        cell: { row: 'track', trackId: a.trackId, week: a.week, allocationId: a.id },
        message: `${t.name} (${t.owner}) has ${a.hours} h booked in ${a.week} (from ${weekStart(a.week)}), outside the track's dates ${t.start} → ${t.end}.`,
      });
    }
  }
  return problems;
}

/** Every check and the weekly totals, in one pass over the plan. */
export function analyzePlan(plan: Plan, catalog: PlanCatalog): PlanAnalysis {
  const book = createPriceBook(plan, catalog);
  const totals = computeTotals(plan, catalog, book);
  const pools = poolLoads(plan, book);
  const milestones = milestoneCoverage(plan, book);
  const problems = [
    ...pools.problems,
    ...milestones.problems,
    ...offeringProblems(plan, book),
    ...budgetProblems(plan, totals),
    ...trackDateProblems(plan),
    ...runRuleProblems(plan, book),
  ];
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  problems.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || cmp(a.week ?? '', b.week ?? '') || cmp(a.id, b.id));
  return { problems, totals, pools: pools.loads, phases: milestones.coverage };
}

export function checkPlan(plan: Plan, catalog: PlanCatalog): Problem[] {
  return analyzePlan(plan, catalog).problems;
}
