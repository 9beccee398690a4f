/** The plan view indexed the ways the timeline reads it (per cell, per track, per week), each rebuilt only when its part changes. */
import { useMemo } from 'react';
import type { CellRef } from '../../../shared/domain/plan/checks';
import type { Allocation, Milestone } from '../../../shared/domain/plan/types';
import { monthOfWeek, weekOf } from '../../../shared/domain/plan/weeks';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { buildRuns, fmtHours, fmtMoney, type Run } from './timeline-model';
import type { TotalText } from './TimelineRows';
import { dataCostCells } from './data-cost-cells';

/** The `data-cell` key of a problem's cell: `track:<id>:<week>`, `pool:<id>:<week>`, `totals::<week>`, `milestone:<phase>`. */
export function cellKeyOf(cell: CellRef): string {
  return cell.row === 'milestone' ? `milestone:${cell.phaseId}` : `${cell.row}:${cell.trackId ?? cell.poolId ?? ''}:${cell.week ?? ''}`;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = m.get(k);
    if (list) list.push(item);
    else m.set(k, [item]);
  }
  return m;
}

export function useTimelineData(view: PlanView) {
  const { plan, weeks, analysis } = view;
  const offerings = useMemo(() => new Map(view.catalog.offerings.map((o) => [o.id, o])), [view.catalog.offerings]);
  const weekIndex = useMemo(() => new Map(weeks.map((w, i) => [w, i])), [weeks]);
  const runs = useMemo(() => buildRuns(plan.allocations, weekIndex), [plan.allocations, weekIndex]);
  const runsByTrack = useMemo<Map<string, Run[]>>(() => groupBy(runs, (r) => r.trackId), [runs]);
  const problemsByCell = useMemo(() => {
    const m = new Map<string, string[]>();
    for (const p of analysis.problems) m.set(cellKeyOf(p.cell), [...(m.get(cellKeyOf(p.cell)) ?? []), p.severity]);
    return m;
  }, [analysis.problems]);
  const byCell = useMemo<Map<string, Allocation[]>>(() => groupBy(plan.allocations, (a) => `${a.trackId}|${a.week}`), [plan.allocations]);
  const months = useMemo(() => {
    const out: Array<{ month: string; span: number; start: number }> = [];
    weeks.forEach((w, i) => {
      const m = monthOfWeek(w);
      const last = out[out.length - 1];
      if (last && last.month === m) last.span++;
      else out.push({ month: m, span: 1, start: i });
    });
    return out;
  }, [weeks]);
  const firstProjectWeek = useMemo(() => weekOf(plan.project.start), [plan.project.start]);
  const lastProjectWeek = useMemo(() => weekOf(plan.project.end), [plan.project.end]);
  const milestonesByTrack = useMemo<Map<string, Milestone[]>>(() => groupBy(plan.milestones, (m) => m.trackId), [plan.milestones]);
  const coverage = useMemo(() => new Map(analysis.phases.map((p) => [p.phaseId, p])), [analysis.phases]);
  const poolLoads = useMemo(() => new Map(analysis.pools.map((p) => [p.poolId, p])), [analysis.pools]);
  const allocationTrack = useMemo(() => new Map(plan.allocations.map((a) => [a.id, a.trackId])), [plan.allocations]);
  const totalsCells = useMemo(() => {
    const budget = Number(plan.project.budget);
    const cur = analysis.totals.currency;
    const hours = new Map<string, TotalText>();
    const cost = new Map<string, TotalText>();
    const cumulative = new Map<string, TotalText>();
    for (const t of analysis.totals.weeks) {
      const w = t.week;
      hours.set(w, { text: `${fmtHours(t.gpuHours)} h`, cls: '', title: `${w}: ${t.gpuHours} GPU-hours booked` });
      const over = Number(t.usd) > Number(t.budgetShareUsd) && Number(t.usd) > 0;
      cost.set(w, {
        text: fmtMoney(t.usd, cur),
        sub: `share ${fmtMoney(t.budgetShareUsd, cur)}`,
        cls: over ? 'warn' : '',
        title: `${w}: ${fmtMoney(t.usd, cur)} planned (catalog price, else the plan's price${cur === 'USD' ? '' : `, ${analysis.totals.conversion?.weeks[w]?.text ?? 'no exchange rate: not counted'}`}); budget share ${fmtMoney(t.budgetShareUsd, cur)} = budget × project days in the week ÷ project days`,
      });
      cumulative.set(w, {
        text: fmtMoney(t.cumulativeUsd, cur),
        sub: `${Math.round((Number(t.cumulativeUsd) / Math.max(1, budget)) * 100)}% of budget`,
        cls: Number(t.cumulativeUsd) > budget ? 'bad' : '',
        title: `By the end of ${w}: $${t.cumulativeUsd} of the $${plan.project.budget} budget (${plan.project.budgetSource})`,
      });
    }
    return { hours, cost, cumulative, ...dataCostCells(analysis.totals) };
  }, [analysis.totals, plan.project.budget, plan.project.budgetSource]);
  return {
    offerings,
    weekIndex,
    runsByTrack,
    problemsByCell,
    byCell,
    months,
    firstProjectWeek,
    lastProjectWeek,
    milestonesByTrack,
    coverage,
    poolLoads,
    allocationTrack,
    totalsCells,
  };
}
