/** The week-by-week sections: the allocation timeline and the budget's burn-up against the plan's cumulative cost. */
import { allCostsCumulative } from '../plan/totals';
import type { ReportContext } from './report-context';
import type { ReportModel } from './report-model-types';
import { money } from './report-numbers';

export function reportTimeline({ plan, weeks }: ReportContext): ReportModel['timeline'] {
  const allCosts = allCostsCumulative(weeks);
  return {
    tracks: plan.tracks.map((t) => ({ id: t.id, name: t.name, colour: t.colour })),
    weeks: weeks.map((w, i) => ({
      week: w.week,
      start: w.start,
      hoursByTrack: Object.fromEntries(Object.entries(w.byTrack).map(([k, v]) => [k, v.gpuHours])),
      gpuHours: w.gpuHours,
      usd: money(w.usd),
      cumulativeUsd: money(w.cumulativeUsd),
      // the step between shown running totals, so the weeks add up to the cumulative column and to the plan's total
      allCostsUsd: (i === 0 ? allCosts[0]! : allCosts[i]!.minus(allCosts[i - 1]!)).toFixed(2),
      allCostsCumulativeUsd: allCosts[i]!.toFixed(2),
      cumulativeBudgetUsd: money(w.cumulativeBudgetUsd),
    })),
  };
}

export function reportBudget({ input, analysis, weeks }: ReportContext): ReportModel['budget'] {
  const plannedCumulative = allCostsCumulative(weeks).map((v) => v.toFixed(2));
  const budgetTotal = Number(analysis.totals.budget);
  return {
    ...input.budget,
    budgetUsd: money(analysis.totals.budget),
    burnUp: weeks.map((w, i) => ({
      week: w.week,
      plannedCumulativeUsd: Number(plannedCumulative[i] ?? w.cumulativeUsd),
      budgetLineUsd: Math.min(budgetTotal, Number(w.cumulativeBudgetUsd)),
    })),
  };
}
