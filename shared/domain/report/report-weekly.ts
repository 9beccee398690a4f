/** The week-by-week sections: the allocation timeline and the budget's burn-up against the plan's cumulative cost. */
import { runningCents } from '../apportion';
import { shownWeekCosts } from '../plan/totals';
import type { ReportContext } from './report-context';
import type { ReportModel } from './report-model-types';
import { money } from './report-numbers';

export function reportTimeline({ plan, weeks }: ReportContext): ReportModel['timeline'] {
  // The weeks as every table shows them (one rounding rule): GPU, storage and transfer apportioned on their own, all
  // costs their sum, so each column adds up to the plan's total and no week's all costs is below its GPU cost.
  const shown = shownWeekCosts(weeks);
  const gpuCumulative = runningCents(shown.map((w) => w.gpu));
  const allCostsCumulative = runningCents(shown.map((w) => w.allCosts));
  return {
    tracks: plan.tracks.map((t) => ({ id: t.id, name: t.name, colour: t.colour })),
    weeks: weeks.map((w, i) => ({
      week: w.week,
      start: w.start,
      hoursByTrack: Object.fromEntries(Object.entries(w.byTrack).map(([k, v]) => [k, v.gpuHours])),
      gpuHours: w.gpuHours,
      usd: shown[i]!.gpu,
      cumulativeUsd: gpuCumulative[i]!,
      allCostsUsd: shown[i]!.allCosts,
      allCostsCumulativeUsd: allCostsCumulative[i]!,
      cumulativeBudgetUsd: money(w.cumulativeBudgetUsd),
    })),
  };
}

export function reportBudget({ input, analysis, weeks }: ReportContext): ReportModel['budget'] {
  const plannedCumulative = runningCents(shownWeekCosts(weeks).map((w) => w.allCosts));
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
