/**
 * Auto-plan, the model: from a plan's milestones, capacity pools, prices and budget to a mixed-integer program
 * whose optimum is the cheapest weekly schedule meeting every milestone (or the earliest finish within budget).
 *
 * Decisions: x[p,o,w] = GPU-hours of milestone phase p on offering o in ISO week w (continuous);
 * y[o,w] = a monthly subscription is used in week w (binary, charged price × 12/52 as the plan's costing does);
 * c[p,o] = phase p runs on offering o (binary, only when it may choose between offerings);
 * z[p,w] = phase p is finished by the end of week w (binary, only for phases another one waits for).
 * Constraints: each phase gets the GPU-hours it needs within its window (elastic: a shortfall is allowed at a
 * large penalty so an impossible plan still gets an answer that says what binds); at most 24 h a day per GPU in the
 * days of each week inside its window; each pool's GPU-hours (or vCPUs at once) per week, after the bookings that stay
 * (not milestone work, or pinned); the budget (elastic, a smaller penalty: deadlines first); dependencies (a phase
 * works in a week only once the phase before it in its track is done by that week).
 * Costs are the plan's own (shared/domain/plan/pricing.ts), so the suggested schedule costs what the plan says it costs.
 */
import { phaseNeededHours } from '../milestone-coverage';
import { poolAdmits } from '../pool-checks';
import { createPriceBook, reservationCommitment, type ResolvedPrice } from '../pricing';
import type { Allocation, CapacityPool, Milestone, MilestonePhase, OfferingFacts, Plan, PlanCatalog } from '../types';
import { daysInWeek, monthOfWeek, weeksInRange, HOURS_PER_WEEK } from '../weeks';
import { LinearModel } from './lp-model';

export type OptimizeObjective = 'cost' | 'finish' | 'mix';

export interface OptimizeOptions {
  objective: OptimizeObjective;
  /** For `mix`: how many dollars one week earlier is worth. */
  usdPerWeekEarlier?: number;
  /** Runs each phase needs: the middle of its range (as the plan's checks count) or its high end. */
  runCount?: 'mid' | 'high';
  /** Where a phase may run: within its own dates, or any time in its track's dates up to its end date. */
  window?: 'phase' | 'deadline';
  /**
   * Other offerings a phase may use, with the GPU-hours it needs there (from the estimator on that GPU).
   * Without an entry a phase stays on its own offering (and any offering of the same GPU listed here).
   */
  alternatives?: Record<string, Array<{ offeringId: string; gpuHours: number }>>;
  /** Bookings that stay as they are (they still count toward their phase, the pools and the budget). */
  pinnedAllocationIds?: string[];
  /** Extra GPU-hours a spot-priced run needs for interruptions (0.1 = 10 % rework). */
  spotRework?: number;
  /** Let bookings in a pool take turns within a week (the plan's check warns); by default they may not. */
  allowTurns?: boolean;
  /** Extra budget limits in the project's currency: per ISO month (`2026-01`) and per track. */
  budgets?: Array<{ month?: string; trackId?: string; amount: number }>;
}

export interface PhaseDemand {
  phase: MilestonePhase;
  milestone: Milestone;
  label: string;
  /** GPU-hours needed on the phase's own offering (after pinned bookings). */
  neededHours: number;
  basis: string;
  windowStart: string;
  windowEnd: string;
  candidates: Array<{ offering: OfferingFacts; price: ResolvedPrice | null; gpuHours: number }>;
}

export interface ScheduleModel {
  model: LinearModel;
  weeks: string[];
  demands: PhaseDemand[];
  /** Bookings kept as they are. */
  fixed: Allocation[];
  /** Phases left out (no estimate, no hardware) and why. */
  skipped: Array<{ label: string; reason: string }>;
  x: Array<{ variable: number; demand: number; candidate: number; week: string; cap: number }>;
  shortfall: Map<number, number>;
  budgetSlack: number | null;
  budgetRow: number;
  poolRows: Array<{
    row: number;
    pool: CapacityPool;
    week: string;
    capacity: number;
    fixedUse: number;
    kind: 'hours' | 'at-once' | 'vcpus';
  }>;
  choice: Map<string, number>;
  subscriptions: Array<{ variable: number; offeringId: string; week: string; usd: number }>;
  /** Reserved offerings the schedule may use: a binary per offering whose cost is the whole commitment. */
  reservations: Array<{ variable: number; offeringId: string; usd: number }>;
  finishVariable: number | null;
  fixedUsd: number;
  budgetUsd: number;
  penalties: { shortfallPerHour: number; budgetPerUsd: number };
}

const SHORTFALL_PENALTY = 1e6;
const BUDGET_PENALTY = 1e3;

function hourlyPerGpu(price: ResolvedPrice | null, spotRework: number): { perGpuHour: number; hoursFactor: number } {
  // a reservation's hours cost nothing more once committed: its commitment is a yes/no cost (see `reservations`)
  if (!price || price.per !== 'hour' || price.termYears !== null) return { perGpuHour: 0, hoursFactor: 1 };
  return { perGpuHour: Number(price.perGpu), hoursFactor: price.kind === 'spot' ? 1 + spotRework : 1 };
}

function phaseLabel(milestone: Milestone, phase: MilestonePhase): string {
  return phase.name === milestone.name || milestone.phases.length === 1
    ? `${milestone.code} ${milestone.name}`
    : `${milestone.code} ${phase.name}`;
}

/** GPU-hours a phase needs at the chosen run count, on its own GPU. */
export function demandHours(phase: MilestonePhase, runCount: 'mid' | 'high'): { hours: number | null; basis: string } {
  if (runCount === 'mid') return phaseNeededHours(phase);
  if (phase.appEstimate)
    return {
      hours: phase.appEstimate.hoursPerRun * phase.runs.high,
      basis: `app estimate: ${phase.runs.high} runs (high end) × ${phase.appEstimate.hoursPerRun} h`,
    };
  const a = phase.authorEstimate;
  if (a?.hoursPerRun)
    return { hours: phase.runs.high * a.hoursPerRun.high, basis: `author's high end: ${phase.runs.high} runs × ${a.hoursPerRun.high} h` };
  if (a) return { hours: a.hours.high, basis: `author's high end of ${a.hours.low}-${a.hours.high} h` };
  return { hours: null, basis: 'no estimate' };
}

const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);

export function buildScheduleModel(plan: Plan, catalog: PlanCatalog, options: OptimizeOptions): ScheduleModel {
  const book = createPriceBook(plan, catalog);
  const runCount = options.runCount ?? 'mid';
  const spotRework = options.spotRework ?? 0.1;
  const pinned = new Set(options.pinnedAllocationIds ?? []);
  const tracks = new Map(plan.tracks.map((t) => [t.id, t]));
  const model = new LinearModel();
  const skipped: ScheduleModel['skipped'] = [];

  // Phases to schedule, in track then milestone then phase order (that order is the dependency chain).
  const demands: PhaseDemand[] = [];
  const ordered = [...plan.milestones].sort((a, b) => (a.trackId < b.trackId ? -1 : a.trackId > b.trackId ? 1 : a.position - b.position));
  const scheduledPhaseIds = new Set<string>();
  for (const milestone of ordered) {
    for (const phase of milestone.phases) {
      const label = phaseLabel(milestone, phase);
      const needed = demandHours(phase, runCount);
      const own = phase.offeringId ? book.offerings.get(phase.offeringId) : undefined;
      if (!own || own.deleted) {
        skipped.push({
          label,
          reason: phase.offeringId ? `its offering "${phase.offeringId}" is not in the catalog` : 'it has no offering chosen',
        });
        continue;
      }
      if (needed.hours === null || needed.hours <= 0) {
        skipped.push({ label, reason: 'it has no estimate of the GPU-hours it needs' });
        continue;
      }
      const track = tracks.get(milestone.trackId);
      const trackStart = track?.start ?? plan.project.start;
      const trackEnd = track?.end ?? plan.project.end;
      let windowStart = options.window === 'deadline' ? maxDay(trackStart, plan.project.start) : maxDay(phase.start, trackStart);
      let windowEnd = minDay(phase.end, trackEnd);
      if (windowStart > windowEnd) {
        windowStart = phase.start;
        windowEnd = phase.end;
      }
      const candidates: PhaseDemand['candidates'] = [{ offering: own, price: book.price(own.id), gpuHours: needed.hours }];
      for (const alt of options.alternatives?.[phase.id] ?? []) {
        const offering = book.offerings.get(alt.offeringId);
        if (!offering || offering.deleted || offering.id === own.id || !(alt.gpuHours > 0)) continue;
        candidates.push({ offering, price: book.price(offering.id), gpuHours: alt.gpuHours });
      }
      demands.push({ phase, milestone, label, neededHours: needed.hours, basis: needed.basis, windowStart, windowEnd, candidates });
      scheduledPhaseIds.add(phase.id);
    }
  }

  // Bookings that stay: not milestone work of a scheduled phase, or pinned. Pinned work counts toward its phase.
  const fixed = plan.allocations.filter((a) => pinned.has(a.id) || a.phaseId === null || !scheduledPhaseIds.has(a.phaseId));
  for (const d of demands) {
    const pinnedHours = fixed.filter((a) => a.phaseId === d.phase.id).reduce((s, a) => s + a.hours * a.gpuCount, 0);
    if (pinnedHours > 0) {
      const scale = Math.max(0, 1 - pinnedHours / d.neededHours);
      d.neededHours = Math.max(0, d.neededHours - pinnedHours);
      for (const c of d.candidates) c.gpuHours *= scale;
    }
  }

  const weekSet = new Set(weeksInRange(plan.project.start, plan.project.end));
  for (const d of demands) for (const w of weeksInRange(d.windowStart, d.windowEnd)) weekSet.add(w);
  for (const a of fixed) weekSet.add(a.week);
  const weeks = [...weekSet].sort();
  const weekIndex = new Map(weeks.map((w, i) => [w, i]));

  // Fixed bookings: their cost (as the plan costs them) and the subscription weeks they already pay for.
  let fixedUsd = 0;
  const paidSubscriptionWeeks = new Set<string>();
  // Reservations kept bookings already use are committed: their commitment is fixed, their further hours free.
  const fixedReservedHours = new Map<string, number>();
  for (const a of fixed) {
    const price = book.price(a.offeringId);
    if (!price) continue;
    if (price.termYears !== null)
      fixedReservedHours.set(a.offeringId!, (fixedReservedHours.get(a.offeringId!) ?? 0) + a.hours * a.gpuCount);
    else if (price.per === 'hour') fixedUsd += Number(price.perGpu) * a.hours * a.gpuCount;
    else if (price.per === 'month') {
      const key = `${a.offeringId}|${a.week}`;
      if (!paidSubscriptionWeeks.has(key)) fixedUsd += Number(price.perWeek);
      paidSubscriptionWeeks.add(key);
    }
  }

  for (const [offeringId, gpuHours] of fixedReservedHours) fixedUsd += Number(reservationCommitment(book.price(offeringId)!, gpuHours));
  const x: ScheduleModel['x'] = [];
  const shortfall = new Map<number, number>();
  const choice = new Map<string, number>();
  const costTerms: Array<[number, number]> = [];
  const monthTerms = new Map<string, Array<[number, number]>>();
  const trackTerms = new Map<string, Array<[number, number]>>();
  const subscriptionUse = new Map<string, Array<{ variable: number; cap: number }>>();
  const reservationUse = new Map<string, Array<{ variable: number; cap: number; week: string }>>();

  demands.forEach((d, di) => {
    const completion: Array<[number, number]> = [];
    const multi = d.candidates.length > 1;
    d.candidates.forEach((c, ci) => {
      const { perGpuHour, hoursFactor } = hourlyPerGpu(c.price, spotRework);
      const need = c.gpuHours * hoursFactor;
      const chosen = multi ? model.addVariable({ type: 'binary' }) : -1;
      if (multi) choice.set(`${di}|${ci}`, chosen);
      const capTerms: Array<[number, number]> = [];
      let capTotal = 0;
      for (const week of weeksInRange(d.windowStart, d.windowEnd)) {
        const days = daysInWeek(week, d.windowStart, d.windowEnd);
        const cap = days * 24 * c.offering.gpuCount;
        if (cap <= 0) continue;
        const v = model.addVariable({ upper: cap, cost: perGpuHour });
        x.push({ variable: v, demand: di, candidate: ci, week, cap });
        completion.push([v, 1 / need]);
        capTerms.push([v, 1]);
        capTotal += cap;
        if (perGpuHour > 0) {
          costTerms.push([v, perGpuHour]);
          const month = monthOfWeek(week);
          monthTerms.set(month, [...(monthTerms.get(month) ?? []), [v, perGpuHour]]);
          trackTerms.set(d.milestone.trackId, [...(trackTerms.get(d.milestone.trackId) ?? []), [v, perGpuHour]]);
        }
        if (c.price && c.price.termYears !== null && !fixedReservedHours.has(c.offering.id))
          reservationUse.set(c.offering.id, [...(reservationUse.get(c.offering.id) ?? []), { variable: v, cap, week }]);
        if (c.price?.per === 'month') {
          const key = `${c.offering.id}|${week}`;
          subscriptionUse.set(key, [...(subscriptionUse.get(key) ?? []), { variable: v, cap }]);
        }
      }
      if (multi && capTerms.length > 0) model.addRow([...capTerms, [chosen, -capTotal]], '<=', 0);
    });
    if (multi)
      model.addRow(
        d.candidates.map((_, ci) => [choice.get(`${di}|${ci}`)!, 1] as [number, number]),
        '=',
        1,
      );
    const slack = model.addVariable({ upper: 1, cost: SHORTFALL_PENALTY * d.neededHours });
    shortfall.set(di, slack);
    model.addRow([...completion, [slack, 1]], '>=', 1);
  });

  // Reservations: using a reserved offering at all commits its whole term (term × 8,760 h × rate), paid in the month
  // of its first possible use; one reservation (one box) per offering, its hours within the term.
  const reservations: ScheduleModel['reservations'] = [];
  for (const [offeringId, uses] of reservationUse) {
    const price = book.price(offeringId)!;
    const usd = Number(reservationCommitment(price, 0));
    const y = model.addVariable({ type: 'binary', cost: usd });
    reservations.push({ variable: y, offeringId, usd });
    const termGpuHours = price.termYears! * 8760 * price.offeringGpuCount;
    model.addRow([...uses.map((u) => [u.variable, 1] as [number, number]), [y, -termGpuHours]], '<=', 0);
    costTerms.push([y, usd]);
    const month = monthOfWeek(uses.map((u) => u.week).sort()[0]!);
    monthTerms.set(month, [...(monthTerms.get(month) ?? []), [y, usd]]);
  }

  // Subscriptions: a week's use of a monthly-priced offering costs price × 12/52, once, unless a kept booking pays it.
  const subscriptions: ScheduleModel['subscriptions'] = [];
  for (const [key, uses] of subscriptionUse) {
    if (paidSubscriptionWeeks.has(key)) continue;
    const [offeringId, week] = key.split('|') as [string, string];
    const price = book.price(offeringId)!;
    const usd = Number(price.perWeek);
    const y = model.addVariable({ type: 'binary', cost: usd });
    subscriptions.push({ variable: y, offeringId, week, usd });
    const bigM = uses.reduce((s, u) => s + u.cap, 0);
    model.addRow([...uses.map((u) => [u.variable, 1] as [number, number]), [y, -bigM]], '<=', 0);
    costTerms.push([y, usd]);
    const month = monthOfWeek(week);
    monthTerms.set(month, [...(monthTerms.get(month) ?? []), [y, usd]]);
  }

  // Pools, per week: GPU-hours (capacity × 168 h) and, unless bookings may take turns, GPUs at once (each track's
  // booking of an offering counts its GPUs, as the plan's check counts them); vCPU quotas count vCPUs at once.
  const poolRows: ScheduleModel['poolRows'] = [];
  const usage = new Map<string, number>();
  const usageOf = (trackId: string, offering: OfferingFacts, week: string, members: Array<{ variable: number; cap: number }>) => {
    const key = `${trackId}|${offering.id}|${week}`;
    let u = usage.get(key);
    if (u === undefined) {
      u = model.addVariable({ type: 'binary' });
      usage.set(key, u);
      model.addRow([...members.map((m) => [m.variable, 1] as [number, number]), [u, -members.reduce((s, m) => s + m.cap, 0)]], '<=', 0);
    }
    return u;
  };
  for (const pool of plan.pools) {
    for (const week of weeks) {
      const fixedHere = fixed.filter((a) => a.week === week && poolAdmits(pool, a));
      const inPool = x.filter(
        (e) =>
          e.week === week &&
          poolAdmits(pool, {
            offeringId: demands[e.demand]!.candidates[e.candidate]!.offering.id,
            gpuId: demands[e.demand]!.candidates[e.candidate]!.offering.gpuId,
          }),
      );
      if (inPool.length === 0) continue;
      const groups = new Map<string, { trackId: string; offering: OfferingFacts; members: Array<{ variable: number; cap: number }> }>();
      for (const e of inPool) {
        const d = demands[e.demand]!;
        const offering = d.candidates[e.candidate]!.offering;
        const key = `${d.milestone.trackId}|${offering.id}`;
        const g = groups.get(key) ?? { trackId: d.milestone.trackId, offering, members: [] };
        g.members.push({ variable: e.variable, cap: e.cap });
        groups.set(key, g);
      }
      if (pool.unit === 'gpus') {
        const capacity = pool.capacity * HOURS_PER_WEEK;
        const fixedUse = fixedHere.reduce((s, a) => s + a.hours * a.gpuCount, 0);
        const row = model.addRow(
          inPool.map((e) => [e.variable, 1] as [number, number]),
          '<=',
          Math.max(0, capacity - fixedUse),
        );
        poolRows.push({ row, pool, week, capacity, fixedUse, kind: 'hours' });
        if (!options.allowTurns) {
          const fixedAtOnce = fixedHere.reduce((s, a) => s + a.gpuCount, 0);
          const terms = [...groups.values()].map(
            (g) => [usageOf(g.trackId, g.offering, week, g.members), g.offering.gpuCount] as [number, number],
          );
          const at = model.addRow(terms, '<=', Math.max(0, pool.capacity - fixedAtOnce));
          poolRows.push({ row: at, pool, week, capacity: pool.capacity, fixedUse: fixedAtOnce, kind: 'at-once' });
        }
      } else {
        const vcpusOf = (o: OfferingFacts | undefined, gpus: number) => (o?.vcpus ? (o.vcpus * gpus) / o.gpuCount : 0);
        const fixedVcpus = fixedHere.reduce(
          (s, a) => s + vcpusOf(a.offeringId ? book.offerings.get(a.offeringId) : undefined, a.gpuCount),
          0,
        );
        const terms = [...groups.values()].map(
          (g) => [usageOf(g.trackId, g.offering, week, g.members), vcpusOf(g.offering, g.offering.gpuCount)] as [number, number],
        );
        const row = model.addRow(terms, '<=', Math.max(0, pool.capacity - fixedVcpus));
        if (row >= 0) poolRows.push({ row, pool, week, capacity: pool.capacity, fixedUse: fixedVcpus, kind: 'vcpus' });
      }
    }
  }

  // Budget: the whole plan (kept bookings included) within the project's budget, elastic; and any extra limits.
  const budgetUsd = Number(plan.project.budget);
  const budgetSlack = Number.isFinite(budgetUsd) ? model.addVariable({ cost: BUDGET_PENALTY }) : null;
  const budgetRow = budgetSlack === null ? -1 : model.addRow([...costTerms, [budgetSlack, -1]], '<=', budgetUsd - fixedUsd);
  for (const limit of options.budgets ?? []) {
    const terms = limit.month ? monthTerms.get(limit.month) : limit.trackId ? trackTerms.get(limit.trackId) : costTerms;
    if (terms && terms.length > 0) model.addRow(terms, '<=', limit.amount);
  }

  // Dependencies within a track: a phase works in week w only if the phase before it is finished by the end of w.
  const byTrack = new Map<string, number[]>();
  demands.forEach((d, di) => byTrack.set(d.milestone.trackId, [...(byTrack.get(d.milestone.trackId) ?? []), di]));
  for (const chain of byTrack.values()) {
    for (let k = 1; k < chain.length; k++) {
      const before = chain[k - 1]!;
      const after = chain[k]!;
      const beforeWork = x.filter((e) => e.demand === before);
      const afterWork = x.filter((e) => e.demand === after);
      const afterWeeks = [...new Set(afterWork.map((e) => e.week))];
      for (const week of afterWeeks) {
        const done = model.addVariable({ type: 'binary' });
        const upTo = beforeWork.filter((e) => e.week <= week);
        const d = demands[before]!;
        // done ≤ fraction of `before` completed by the end of `week` (shortfall counts as done, so an elastic plan still orders).
        model.addRow(
          [
            ...upTo.map(
              (e) =>
                [
                  e.variable,
                  1 / (d.candidates[e.candidate]!.gpuHours * hourlyPerGpu(d.candidates[e.candidate]!.price, spotRework).hoursFactor),
                ] as [number, number],
            ),
            [shortfall.get(before)!, 1],
            [done, -1],
          ],
          '>=',
          0,
        );
        const here = afterWork.filter((e) => e.week === week);
        model.addRow([...here.map((e) => [e.variable, 1] as [number, number]), [done, -here.reduce((s, e) => s + e.cap, 0)]], '<=', 0);
      }
    }
  }

  // Finish: F ≥ (index + 1) of every week with milestone work (a binary per week says whether it has any).
  let finishVariable: number | null = null;
  if (options.objective !== 'cost') {
    finishVariable = model.addVariable({ upper: weeks.length });
    const weight = options.objective === 'finish' ? Math.max(1, budgetUsd) * 10 : Math.max(0, options.usdPerWeekEarlier ?? 0);
    model.addCost(finishVariable, weight);
    for (const week of weeks) {
      const here = x.filter((e) => e.week === week);
      if (here.length === 0) continue;
      const active = model.addVariable({ type: 'binary' });
      model.addRow([...here.map((e) => [e.variable, 1] as [number, number]), [active, -here.reduce((s, e) => s + e.cap, 0)]], '<=', 0);
      model.addRow(
        [
          [finishVariable, 1],
          [active, -(weekIndex.get(week)! + 1)],
        ],
        '>=',
        0,
      );
    }
  }

  return {
    model,
    weeks,
    demands,
    fixed,
    skipped,
    x,
    shortfall,
    budgetSlack,
    budgetRow,
    poolRows,
    choice,
    subscriptions,
    reservations,
    finishVariable,
    fixedUsd,
    budgetUsd,
    penalties: { shortfallPerHour: SHORTFALL_PENALTY, budgetPerUsd: BUDGET_PENALTY },
  };
}
