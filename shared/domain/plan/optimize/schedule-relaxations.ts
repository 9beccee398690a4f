/**
 * Infeasible explained (issue 27 item 7): the smallest change that makes a plan schedulable — a milestone's end date
 * moved by N weeks, a pool's capacity raised by N GPU-hours a week, bookings allowed to take turns, another offering,
 * a larger budget. Each candidate is the plan (or the options) with one thing relaxed; the caller re-solves it (each a
 * small mixed-integer program) and keeps the smallest step that makes it feasible.
 */
import Big from 'big.js';
import { money } from '../../money-format';
import type { CapacityPool, Plan } from '../types';
import { formatDay, parseDay, weekOf } from '../weeks';

export type RelaxationKind = 'move-end-date' | 'raise-pool-capacity' | 'allow-turns' | 'other-offering' | 'raise-budget';

export interface Relaxation {
  kind: RelaxationKind;
  /** The change in a sentence: "Move M3's end date by 1 week (to 2026-01-24)". */
  message: string;
  milestoneId: string | null;
  poolId: string | null;
  /** Weeks the end date moves, or GPU-hours a week the pool gains, or the budget's increase: the size of the change. */
  amount: number | null;
  unit: 'weeks' | 'gpu-hours-per-week' | 'usd' | null;
}

const plusDays = (day: string, n: number) => {
  const d = parseDay(day);
  d.setUTCDate(d.getUTCDate() + n);
  return formatDay(d);
};
const later = (a: string, b: string) => (a > b ? a : b);

/** The plan with one milestone's end date (its last phase's, and its track's and the project's if they end before) later by `weeks`. */
export function withMilestoneEndMoved(plan: Plan, milestoneId: string, weeks: number): { plan: Plan; end: string } | null {
  const milestone = plan.milestones.find((m) => m.id === milestoneId);
  if (!milestone || milestone.phases.length === 0) return null;
  const lastEnd = milestone.phases.map((p) => p.end).sort()[milestone.phases.length - 1]!;
  const end = plusDays(lastEnd, 7 * weeks);
  const milestones = plan.milestones.map((m) =>
    m.id !== milestoneId ? m : { ...m, phases: m.phases.map((p) => (p.end === lastEnd ? { ...p, end } : p)) },
  );
  const tracks = plan.tracks.map((t) => (t.id === milestone.trackId ? { ...t, end: later(t.end, end) } : t));
  return { plan: { ...plan, milestones, tracks, project: { ...plan.project, end: later(plan.project.end, end) } }, end };
}

/** The plan with a GPU pool holding `gpuHoursPerWeek` more GPU-hours a week (its capacity in GPUs × 168 h). */
export function withPoolRaised(plan: Plan, poolId: string, gpuHoursPerWeek: number): Plan {
  return {
    ...plan,
    pools: plan.pools.map((p) => (p.id === poolId ? { ...p, capacity: p.capacity + gpuHoursPerWeek / 168 } : p)),
  };
}

/** The plan with its budget `cents` larger (in the project's currency); a plan without a budget is returned as it is. */
export function withBudgetRaised(plan: Plan, cents: number): Plan {
  const budget = Number(plan.project.budget);
  if (!Number.isFinite(budget)) return plan;
  return { ...plan, project: { ...plan.project, budget: new Big(budget).plus(new Big(cents).div(100)).toFixed(2) } };
}

/** The pools a milestone's own offerings book into (GPU pools only). */
export function poolsOfMilestone(plan: Plan, milestoneId: string, gpuOf: (offeringId: string) => string | undefined): CapacityPool[] {
  const milestone = plan.milestones.find((m) => m.id === milestoneId);
  if (!milestone) return [];
  return plan.pools.filter(
    (pool) =>
      pool.unit === 'gpus' &&
      milestone.phases.some(
        (p) =>
          p.offeringId !== null && (pool.offeringIds.includes(p.offeringId) || pool.gpuIds.includes(gpuOf(p.offeringId) ?? p.gpuId ?? '')),
      ),
  );
}

export const relaxationText = {
  moveEnd: (code: string, weeks: number, end: string) =>
    `Move ${code}'s end date by ${weeks} week${weeks === 1 ? '' : 's'} (to ${end}, ${weekOf(end)}).`,
  raisePool: (name: string, gpuHours: number) => `Raise the capacity of ${name} by ${gpuHours} GPU-hours a week.`,
  allowTurns: () => "Let the pools' bookings take turns within each week's hours (the default; --no-turns forbids it).",
  otherOffering: (code: string, label: string) => `Allow another offering: ${code} on ${label}.`,
  raiseBudget: (currency: string, usd: number) => `Raise the budget by ${money(currency, usd.toFixed(2))}.`,
};
