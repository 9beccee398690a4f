/**
 * Auto-plan, the `change` objective (issue 27 item 6, "least change"): meet every deadline and capacity rule while
 * moving the fewest GPU-hours from the current plan. The current plan's milestone work is a GPU-hour figure per
 * phase, offering and week; the schedule's distance from it is Σ |x − current| over those cells (a cell the schedule
 * cannot book counts whole, a constant). Money is a tie-break only: among schedules that change as little, the
 * cheapest, then the one whose work is earliest — the same input always gives the same answer.
 */
import type { Allocation, Plan } from '../types';
import type { LinearModel } from './lp-model';
import type { PhaseDemand, ScheduleModel } from './schedule-types';

/** One dollar weighs this much against one GPU-hour moved: a tie-break, never a reason to move work. */
const USD_WEIGHT = 1e-4;
/** Per GPU-hour and week index: among equals, earlier work. */
const WEEK_WEIGHT = 1e-7;

/** GPU-hours the current plan books per phase, offering and week (`phase|offering|week`), for the phases scheduled. */
export function currentWork(plan: Plan, demands: PhaseDemand[], fixed: Allocation[]): Map<string, number> {
  const scheduled = new Set(demands.map((d) => d.phase.id));
  const kept = new Set(fixed);
  const out = new Map<string, number>();
  for (const a of plan.allocations) {
    if (kept.has(a) || a.phaseId === null || !scheduled.has(a.phaseId)) continue;
    const key = `${a.phaseId}|${a.offeringId ?? ''}|${a.week}`;
    out.set(key, (out.get(key) ?? 0) + a.hours * a.gpuCount);
  }
  return out;
}

/**
 * Turns the model's objective into least change: money costs scaled down to a tie-break (the elastic penalties for a
 * missed deadline or budget stay as they are), then |x − current| per cell added at one per GPU-hour.
 */
export function addChangeCosts(
  model: LinearModel,
  plan: Plan,
  demands: PhaseDemand[],
  x: ScheduleModel['x'],
  weeks: string[],
  fixed: Allocation[],
  penalties: Set<number>,
): void {
  for (const v of model.variables) if (!penalties.has(v.index)) v.cost *= USD_WEIGHT;
  const current = currentWork(plan, demands, fixed);
  const weekIndex = new Map(weeks.map((w, i) => [w, i]));
  for (const e of x) {
    const d = demands[e.demand]!;
    const key = `${d.phase.id}|${d.candidates[e.candidate]!.offering.id}|${e.week}`;
    const now = current.get(key) ?? 0;
    model.addCost(e.variable, WEEK_WEIGHT * (weekIndex.get(e.week) ?? 0));
    if (now <= 0) {
      model.addCost(e.variable, 1);
      continue;
    }
    // distance ≥ x − now and ≥ now − x
    const distance = model.addVariable({ cost: 1 });
    model.addRow(
      [
        [distance, 1],
        [e.variable, -1],
      ],
      '>=',
      -now,
    );
    model.addRow(
      [
        [distance, 1],
        [e.variable, 1],
      ],
      '>=',
      now,
    );
  }
}
