/**
 * Auto-plan, the order of work in time: dependencies (a phase works in a week only once the phases it waits for are
 * done by that week: its milestone's earlier phases, the milestone before it in its track, the milestones it depends on) and the finish week the `finish` and `mix` objectives bring forward.
 */
import type { LinearModel } from './lp-model';
import { hourlyPerGpu } from './schedule-demands';
import type { DependencyPair, OptimizeOptions, PhaseDemand, ScheduleModel } from './schedule-types';

export type { DependencyPair } from './schedule-types';

export function dependencyPairs(demands: PhaseDemand[], allowReorder: boolean): DependencyPair[] {
  const pairs: DependencyPair[] = [];
  const seen = new Set<string>();
  const add = (before: number, after: number) => {
    const key = `${before}|${after}`;
    if (before === after || seen.has(key)) return;
    seen.add(key);
    pairs.push({ before, after, acrossMilestones: demands[before]!.milestone.id !== demands[after]!.milestone.id });
  };
  const byMilestone = new Map<string, number[]>();
  demands.forEach((d, di) => byMilestone.set(d.milestone.id, [...(byMilestone.get(d.milestone.id) ?? []), di]));
  for (const chain of byMilestone.values()) for (let k = 1; k < chain.length; k++) add(chain[k - 1]!, chain[k]!);
  if (!allowReorder) {
    // demands come in track, then milestone, order: consecutive milestones of a track follow each other
    for (let di = 1; di < demands.length; di++) {
      const prev = demands[di - 1]!;
      const here = demands[di]!;
      if (prev.milestone.trackId === here.milestone.trackId && prev.milestone.id !== here.milestone.id) add(di - 1, di);
    }
  }
  for (const [milestoneId, chain] of byMilestone) {
    const m = demands[chain[0]!]!.milestone;
    for (const id of m.dependsOn ?? []) {
      if (id === milestoneId) continue;
      for (const before of byMilestone.get(id) ?? []) add(before, chain[0]!);
    }
  }
  return pairs;
}

/**
 * Dependencies: the later phase works in week w only if the earlier one is finished by the end of w — or, with
 * `strictAcrossMilestones` (the dates are freed, so they follow the work), by the end of the week before w when the two
 * belong to different milestones: a milestone that comes after another then never shares a week, nor a date, with it.
 */
export function addDependencyRows(
  model: LinearModel,
  demands: PhaseDemand[],
  x: ScheduleModel['x'],
  shortfall: Map<number, number>,
  spotRework: number,
  pairs: DependencyPair[],
  strictAcrossMilestones: boolean,
): void {
  const workOf = new Map<number, ScheduleModel['x']>();
  for (const e of x) workOf.set(e.demand, [...(workOf.get(e.demand) ?? []), e]);
  for (const { before, after, acrossMilestones } of pairs) {
    const strict = strictAcrossMilestones && acrossMilestones;
    const beforeWork = workOf.get(before) ?? [];
    const afterWork = workOf.get(after) ?? [];
    const afterWeeks = [...new Set(afterWork.map((e) => e.week))];
    const d = demands[before]!;
    for (const week of afterWeeks) {
      const done = model.addVariable({ type: 'binary' });
      const upTo = beforeWork.filter((e) => (strict ? e.week < week : e.week <= week));
      // done ≤ fraction of `before` completed by then (shortfall counts as done, so an elastic plan still orders).
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

/** Finish: F ≥ (index + 1) of every week with milestone work (a binary per week says whether it has any); null for `cost` and `change`. */
export function addFinishRows(
  model: LinearModel,
  weeks: string[],
  x: ScheduleModel['x'],
  options: Pick<OptimizeOptions, 'objective' | 'usdPerWeekEarlier'>,
  budget: number,
): number | null {
  const weekIndex = new Map(weeks.map((w, i) => [w, i]));
  let finishVariable: number | null = null;
  if (options.objective === 'finish' || options.objective === 'mix') {
    finishVariable = model.addVariable({ upper: weeks.length });
    const weight = options.objective === 'finish' ? Math.max(1, budget) * 10 : Math.max(0, options.usdPerWeekEarlier ?? 0);
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
  return finishVariable;
}

/**
 * Moved dates keep the order: a phase that waits for another phase of its milestone starts no earlier than the day
 * that one ends (they may share that day's week, as the schedule's weeks do); a milestone that comes after another
 * starts the day after that one ends (its work is in later weeks: addDependencyRows). Never past its own end.
 * `dates` by phase id, changed in place.
 */
export function keepOrderOfMovedDates(
  demands: PhaseDemand[],
  order: DependencyPair[],
  dates: Map<string, { start: string; end: string }>,
): void {
  for (let pass = 0; pass <= order.length; pass++) {
    let changed = false;
    for (const { before, after, acrossMilestones } of order) {
      const b = dates.get(demands[before]!.phase.id)!;
      const a = dates.get(demands[after]!.phase.id)!;
      const earliest = acrossMilestones ? nextDay(b.end) : b.end;
      if (a.start < earliest) {
        const start = earliest < a.end ? earliest : a.end;
        if (start === a.start) continue;
        a.start = start;
        changed = true;
      }
    }
    if (!changed) break;
  }
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
