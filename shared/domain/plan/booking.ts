/**
 * What a new booking starts as, read from the plan: the hardware of the milestone phase on that track whose dates
 * touch the week, else of the track's nearest booking, else of the plan's first planned price; the hours of one run
 * of that phase when its estimate says, else NEW_BOOKING_HOURS. The Booking panel opens on the new booking at once.
 */
import type { Allocation, MilestonePhase, OfferingFacts, Plan } from './types';
import { weekEnd, weekStart } from './weeks';

/** Hours of a new booking when no milestone phase in that week says how long a run takes: a part-time week (of 168 h). */
export const NEW_BOOKING_HOURS = 20;
/** A week has 168 hours: no booking holds more. */
export const HOURS_PER_WEEK = 168;

/** A fresh id for a new plan entity (`alloc-…`, `track-…`): time-ordered, with a random suffix. */
export function newId(prefix: string, now: number = Date.now(), random: () => number = Math.random): string {
  return `${prefix}-${now.toString(36)}-${random().toString(36).slice(2, 7)}`;
}

export type BookingDefaults = Pick<Allocation, 'offeringId' | 'gpuId' | 'gpuCount' | 'hours'> & {
  /** Where the figures come from, for the booking's note. */
  basis: string;
};

function weekDistance(a: string, b: string): number {
  return Math.round((Date.parse(weekStart(a)) - Date.parse(weekStart(b))) / (7 * 86_400_000));
}

/**
 * Wall-clock hours of one run of the phase, from the app's estimate (its GPU-hours over the run's GPUs), else the
 * author's (the high end), capped at a week.
 */
function hoursPerRun(phase: MilestonePhase): number | null {
  const app = phase.appEstimate;
  const perRun =
    (app ? app.hoursPerRun / (app.gpus ?? 1) : null) ??
    phase.authorEstimate?.hoursPerRun?.high ??
    (phase.authorEstimate && phase.runs.high > 0 ? phase.authorEstimate.hours.high / phase.runs.high : null);
  return perRun === null || !Number.isFinite(perRun) || perRun <= 0 ? null : Math.min(HOURS_PER_WEEK, Math.ceil(perRun));
}

/** The phase of a milestone on the track whose dates touch the week and which names its hardware. */
export function phaseInWeek(plan: Plan, trackId: string, week: string): MilestonePhase | null {
  const from = weekStart(week);
  const to = weekEnd(week);
  for (const m of plan.milestones) {
    if (m.trackId !== trackId) continue;
    const phase = m.phases.find((p) => p.start <= to && p.end >= from && (p.offeringId || p.gpuId));
    if (phase) return phase;
  }
  return null;
}

/** The booking of the track nearest to the week (the earlier one on a tie). */
export function nearestBooking(plan: Plan, trackId: string, week: string): Allocation | null {
  let best: Allocation | null = null;
  let bestDistance = Infinity;
  for (const a of plan.allocations) {
    if (a.trackId !== trackId) continue;
    const d = weekDistance(a.week, week);
    const distance = Math.abs(d) + (d > 0 ? 0.5 : 0);
    if (distance < bestDistance) {
      best = a;
      bestDistance = distance;
    }
  }
  return best;
}

/** The figures a new booking of the track in the week starts with; null when the plan names no hardware at all. */
export function defaultBooking(plan: Plan, trackId: string, week: string, offerings: Map<string, OfferingFacts>): BookingDefaults | null {
  const phase = phaseInWeek(plan, trackId, week);
  const runHours = phase ? hoursPerRun(phase) : null;
  const hours = runHours ?? NEW_BOOKING_HOURS;
  const hoursBasis = runHours !== null ? 'one run of the phase' : `${NEW_BOOKING_HOURS} h, the default for a new week`;
  if (phase) {
    const offering = phase.offeringId ? offerings.get(phase.offeringId) : undefined;
    const gpuId = phase.gpuId ?? offering?.gpuId;
    if (gpuId)
      return {
        offeringId: phase.offeringId,
        gpuId,
        gpuCount: offering?.gpuCount ?? 1,
        hours,
        basis: `hardware of phase ${phase.name}; ${hoursBasis}`,
      };
  }
  const near = nearestBooking(plan, trackId, week);
  if (near)
    return {
      offeringId: near.offeringId,
      gpuId: near.gpuId,
      gpuCount: near.gpuCount,
      hours,
      basis: `hardware of the track's booking in ${near.week}; ${hoursBasis}`,
    };
  const plannedId = plan.plannedPrices.find((p) => offerings.has(p.offeringId))?.offeringId ?? offerings.keys().next().value;
  const offering = plannedId ? offerings.get(plannedId) : undefined;
  if (!offering) return null;
  return {
    offeringId: offering.id,
    gpuId: offering.gpuId,
    gpuCount: offering.gpuCount,
    hours,
    basis: `the plan's first planned offering; ${hoursBasis}`,
  };
}

/** A new booking of the track in the week (its note says where its figures come from), or null when the plan names no hardware to book. */
export function newBooking(
  plan: Plan,
  trackId: string,
  week: string,
  offerings: Map<string, OfferingFacts>,
  id: string,
): Allocation | null {
  const d = defaultBooking(plan, trackId, week, offerings);
  if (!d) return null;
  return {
    id,
    trackId,
    week,
    offeringId: d.offeringId,
    gpuId: d.gpuId,
    gpuCount: d.gpuCount,
    hours: d.hours,
    phaseId: null,
    note: d.basis,
  };
}
