/**
 * Auto-plan, the order of work in time: dependencies within a track (a phase works in a week only once the phase
 * before it is done by that week) and the finish week the `finish` and `mix` objectives bring forward.
 */
import type { LinearModel } from './lp-model';
import { hourlyPerGpu, type PhaseDemand } from './schedule-demands';
import type { OptimizeOptions, ScheduleModel } from './schedule-model';

/** Dependencies within a track: a phase works in week w only if the phase before it is finished by the end of w. */
export function addDependencyRows(
  model: LinearModel,
  demands: PhaseDemand[],
  x: ScheduleModel['x'],
  shortfall: Map<number, number>,
  spotRework: number,
): void {
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
}

/** Finish: F ≥ (index + 1) of every week with milestone work (a binary per week says whether it has any); null for `cost`. */
export function addFinishRows(
  model: LinearModel,
  weeks: string[],
  x: ScheduleModel['x'],
  options: Pick<OptimizeOptions, 'objective' | 'usdPerWeekEarlier'>,
  budgetUsd: number,
): number | null {
  const weekIndex = new Map(weeks.map((w, i) => [w, i]));
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
  return finishVariable;
}
