/**
 * Auto-plan, what to schedule: the milestone phases with the GPU-hours each needs, the window it may run in and the
 * offerings it may run on (its own and any alternatives), the phases left out and why; the bookings that stay as they
 * are, and what they already cost.
 */
import { phaseNeededHours } from '../milestone-coverage';
import { reservedAllocationCosts, type PriceBook, type ResolvedPrice } from '../pricing';
import { subscriptionOf } from '../../subscriptions';
import type { Allocation, Milestone, MilestonePhase, Plan } from '../types';
import { monthOfWeek, weekOf } from '../weeks';
import type { OptimizeOptions, PhaseDemand } from './schedule-types';

export type { PhaseDemand } from './schedule-types';

/** A candidate's price per GPU-hour in the model, and the factor on its hours (spot runs redo some work). */
export function hourlyPerGpu(price: ResolvedPrice | null, spotRework: number): { perGpuHour: number; hoursFactor: number } {
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

/** Whether the options free the milestones' dates (`allowDates`, or its older name `window: 'deadline'`). */
export function datesAreFree(options: Pick<OptimizeOptions, 'window' | 'allowDates'>): boolean {
  return options.allowDates === true || options.window === 'deadline';
}

const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);

/** Phases to schedule, in track then milestone then phase order (that order is the dependency chain), and those left out. */
export function scheduleDemands(
  plan: Plan,
  book: PriceBook,
  options: OptimizeOptions,
): { demands: PhaseDemand[]; skipped: Array<{ label: string; reason: string }> } {
  const runCount = options.runCount ?? 'mid';
  const tracks = new Map(plan.tracks.map((t) => [t.id, t]));
  const skipped: Array<{ label: string; reason: string }> = [];
  const demands: PhaseDemand[] = [];
  const ordered = [...plan.milestones].sort((a, b) => (a.trackId < b.trackId ? -1 : a.trackId > b.trackId ? 1 : a.position - b.position));
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
      let windowStart = datesAreFree(options) ? maxDay(trackStart, plan.project.start) : maxDay(phase.start, trackStart);
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
    }
  }
  return { demands, skipped };
}

/**
 * Bookings that stay: not milestone work of a scheduled phase, or pinned. Pinned work counts toward its phase: what is
 * left of each demand (and of its candidates' GPU-hours, in proportion) is reduced in place, and a demand its pins
 * cover is removed.
 */
export function keepBookings(plan: Plan, demands: PhaseDemand[], pinnedAllocationIds: string[]): Allocation[] {
  const pinned = new Set(pinnedAllocationIds);
  const scheduledPhaseIds = new Set(demands.map((d) => d.phase.id));
  const fixed = plan.allocations.filter((a) => pinned.has(a.id) || a.phaseId === null || !scheduledPhaseIds.has(a.phaseId));
  const credit = creditUnlabelled(fixed, demands);
  for (const d of demands) {
    const pinnedHours = fixed.filter((a) => a.phaseId === d.phase.id).reduce((s, a) => s + a.hours * a.gpuCount, 0) + (credit.get(d) ?? 0);
    if (pinnedHours > 0) {
      const scale = Math.max(0, 1 - pinnedHours / d.neededHours);
      d.neededHours = Math.max(0, d.neededHours - pinnedHours);
      for (const c of d.candidates) c.gpuHours *= scale;
    }
  }
  // A phase its pinned bookings cover is done: nothing is left to schedule (and nothing to divide by).
  for (let i = demands.length - 1; i >= 0; i--) if (!(demands[i]!.neededHours > 1e-9)) demands.splice(i, 1);
  return fixed;
}

/**
 * Kept bookings without a milestone label count toward the milestones of their track and GPU in their weeks, as the
 * plan's checks count them (milestone-coverage.ts: phases in end-date order take what is left of each week): a plan
 * whose unlabelled bookings already cover a milestone is not booked for it again.
 */
function creditUnlabelled(fixed: Allocation[], demands: PhaseDemand[]): Map<PhaseDemand, number> {
  const left = new Map<string, number>();
  for (const a of fixed)
    if (a.phaseId === null)
      left.set(`${a.trackId}|${a.gpuId}|${a.week}`, (left.get(`${a.trackId}|${a.gpuId}|${a.week}`) ?? 0) + a.hours * a.gpuCount);
  const credit = new Map<PhaseDemand, number>();
  if (left.size === 0) return credit;
  const ordered = [...demands].sort((x, y) =>
    x.phase.end < y.phase.end ? -1 : x.phase.end > y.phase.end ? 1 : x.phase.start < y.phase.start ? -1 : 1,
  );
  for (const d of ordered) {
    const gpuId = d.candidates[0]!.offering.gpuId;
    const from = weekOf(d.phase.start);
    const to = weekOf(d.phase.end);
    let want = d.neededHours;
    for (const [key, hours] of [...left].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const [trackId, g, week] = key.split('|') as [string, string, string];
      if (trackId !== d.milestone.trackId || g !== gpuId || week < from || week > to || want <= 0) continue;
      const take = Math.min(hours, want);
      want -= take;
      left.set(key, hours - take);
      credit.set(d, (credit.get(d) ?? 0) + take);
    }
  }
  return credit;
}

export interface KeptCosts {
  /**
   * What kept bookings cost in the project's currency, subscriptions aside (their months are costed with the
   * schedule's, schedule-model.ts).
   */
  fixedCost: number;
  /** Kept bookings on offerings priced per month, by `subscriptionKey` (subscription|month). */
  keptSubscriptionUse: Map<string, Allocation[]>;
  /** Reservations kept bookings already use are committed: their commitment is fixed, their further hours free. */
  fixedReservedHours: Map<string, number>;
}

/** The subscription-month a booking on a monthly-priced offering counts in: `colab-pro|2026-01` (subscription-pricing.ts). */
export function subscriptionKey(book: PriceBook, offeringId: string, week: string): string {
  return `${subscriptionOf(offeringId, book.subscriptions)?.subscription.id ?? `offering:${offeringId}`}|${monthOfWeek(week)}`;
}

/**
 * Kept bookings: their cost as the plan costs them (each booking's USD cost at its week's rate: `rateOf`, 1 in USD),
 * and their subscription months.
 */
export function keptCosts(fixed: Allocation[], book: PriceBook, rateOf: (week: string) => number): KeptCosts {
  let fixedCost = 0;
  const keptSubscriptionUse = new Map<string, Allocation[]>();
  const fixedReservedHours = new Map<string, number>();
  for (const a of fixed) {
    const price = book.price(a.offeringId);
    if (!price) continue;
    if (price.termYears !== null)
      fixedReservedHours.set(a.offeringId!, (fixedReservedHours.get(a.offeringId!) ?? 0) + a.hours * a.gpuCount);
    else if (price.per === 'hour') fixedCost += Number(price.perGpu) * a.hours * a.gpuCount * rateOf(a.week);
    else if (price.per === 'month') {
      const key = subscriptionKey(book, a.offeringId!, a.week);
      keptSubscriptionUse.set(key, [...(keptSubscriptionUse.get(key) ?? []), a]);
    }
  }

  // a reservation's commitment, shared by the kept bookings that use it as the plan shares it, each at its week's rate
  const reserved = fixedReservedHours.size > 0 ? reservedAllocationCosts(fixed, book) : new Map<string, unknown>();
  for (const a of fixed) {
    const share = reserved.get(a.id);
    if (share) fixedCost += Number(share) * rateOf(a.week);
  }
  return { fixedCost, keptSubscriptionUse, fixedReservedHours };
}
