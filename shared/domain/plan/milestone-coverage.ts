/**
 * Milestone coverage: the GPU-hours each milestone phase needs (phaseNeededHours), the hours booked toward it on its
 * track and hardware, and the milestone-short-hours (error) and milestone-no-hardware (warning) problems.
 */
import type { PhaseCoverage, Problem } from './problem';
import type { PriceBook } from './pricing';
import { round2 } from './totals';
import type { Milestone, MilestonePhase, Plan } from './types';
import { weekOf } from './weeks';
import { gpuNameIn } from '../offer-label';

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

function phaseGpu(phase: MilestonePhase, book: PriceBook): string | null {
  if (phase.offeringId) {
    const o = book.offerings.get(phase.offeringId);
    if (o) return o.gpuId;
  }
  return phase.gpuId;
}

/** One phase's share of its track's bookings in the coverage walk. */
export interface PhaseWalk {
  milestone: Milestone;
  phase: MilestonePhase;
  /** The phase's GPU (its offering's), or null when it has no hardware. */
  gpuId: string | null;
  from: string;
  to: string;
  /** GPU-hours of the track's bookings on that GPU the phase takes, per week (in its weeks, up to what it needs). */
  taken: Map<string, number>;
  /** All GPU-hours booked on the track and GPU in the phase's weeks (shared with other phases). */
  booked: number;
}

/**
 * The coverage walk: the track's booked GPU-hours per GPU and week, taken by the phases in end-date order, each up to
 * what it needs (all when it has no estimate). The checks (milestoneCoverage) and the suggestion's diff both read it.
 */
export function coverageWalk(plan: Plan, book: PriceBook): PhaseWalk[] {
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
  return phases.map(({ milestone, phase }) => {
    const gpuId = phaseGpu(phase, book);
    const from = weekOf(phase.start);
    const to = weekOf(phase.end);
    const taken = new Map<string, number>();
    if (!gpuId) return { milestone, phase, gpuId, from, to, taken, booked: 0 };
    const needed = phaseNeededHours(phase);
    let want = needed.hours ?? 0;
    const byWeek = remaining.get(milestone.trackId)?.get(gpuId);
    const inRange = byWeek ? [...byWeek.keys()].filter((w) => w >= from && w <= to).sort() : [];
    const booked = inRange.reduce((sum, w) => sum + (bookedByTrackGpuWeek.get(`${milestone.trackId}|${gpuId}|${w}`) ?? 0), 0);
    for (const week of inRange) {
      const left = byWeek!.get(week) ?? 0;
      const take = needed.hours === null ? left : Math.min(left, want);
      if (take > 0) taken.set(week, take);
      want -= take;
      byWeek!.set(week, left - take);
    }
    return { milestone, phase, gpuId, from, to, taken, booked };
  });
}

/** Each phase's coverage, the track's booked hours shared out in end-date order, and the shortfalls. */
export function milestoneCoverage(plan: Plan, book: PriceBook): { coverage: PhaseCoverage[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const coverage: PhaseCoverage[] = [];
  for (const { milestone, phase, gpuId, from, to, taken, booked } of coverageWalk(plan, book)) {
    const label = phase.name === milestone.name ? milestone.code : `${milestone.code} ${phase.name}`;
    const cell = {
      row: 'milestone' as const,
      trackId: milestone.trackId,
      milestoneId: milestone.id,
      phaseId: phase.id,
      week: weekOf(phase.start),
    };
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
    let got = 0;
    for (const h of taken.values()) got += h;
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
