/**
 * Budget and track-date checks: week-over-budget-share (warning), cumulative-over-budget (error, once) and
 * allocation-outside-track (warning). The budget checks count all costs — GPU, storage and transfer — the same total
 * the weekly totals, the Budget screen and the brief show (one figure, one value; issue 19 items 7 and 15).
 */
import Big from 'big.js';
import type { Problem } from './problem';
import { money } from '../money-format';
import { toMoney } from './pricing';
import { allCostsCumulative, type PlanTotals } from './totals';
import type { Plan } from './types';
import { weekOf, weekStart } from './weeks';

export function budgetProblems(plan: Plan, totals: PlanTotals): Problem[] {
  const problems: Problem[] = [];
  const budget = new Big(plan.project.budget);
  let passed = false;
  // The running all-costs total the Budget screen and the brief show (it ends on the plan's total).
  const cumulativeByWeek = allCostsCumulative(totals.weeks);
  // Every amount in the project's currency, by the one money formatter.
  const m = (v: Big | string) => money(plan.project.currency, toMoney(new Big(v)));
  totals.weeks.forEach((w, i) => {
    const usd = new Big(w.allCostsUsd);
    const cumulative = cumulativeByWeek[i]!;
    const parts = new Big(w.storageUsd).plus(w.transferUsd).gt(0)
      ? ` (GPU ${m(w.usd)}, storage and transfer ${m(new Big(w.storageUsd).plus(w.transferUsd))})`
      : '';
    if (usd.gt(w.budgetShareUsd) && usd.gt(0)) {
      problems.push({
        id: `week-over-budget-share:${w.week}`,
        kind: 'week-over-budget-share',
        severity: 'warning',
        week: w.week,
        cell: { row: 'totals', week: w.week },
        message: `${w.week} costs ${m(w.allCostsUsd)}${parts} but its share of the ${m(budget)} budget is ${m(w.budgetShareUsd)} (budget spread over the project's days).`,
      });
    }
    if (!passed && cumulative.gt(budget)) {
      passed = true;
      problems.push({
        id: `cumulative-over-budget:${w.week}`,
        kind: 'cumulative-over-budget',
        severity: 'error',
        week: w.week,
        cell: { row: 'totals', week: w.week },
        message: `By ${w.week} the plan has cost ${m(cumulative)} (GPU, storage and transfer), past the total budget of ${m(budget)}.`,
      });
    }
  });
  return problems;
}

export function trackDateProblems(plan: Plan): Problem[] {
  const tracks = new Map(plan.tracks.map((t) => [t.id, t]));
  const problems: Problem[] = [];
  const span = new Map(plan.tracks.map((t) => [t.id, { first: weekOf(t.start), last: weekOf(t.end) }]));
  for (const a of plan.allocations) {
    const t = tracks.get(a.trackId);
    const s = span.get(a.trackId);
    if (!t || !s) continue;
    if (a.week < s.first || a.week > s.last) {
      problems.push({
        id: `allocation-outside-track:${a.id}`,
        kind: 'allocation-outside-track',
        severity: 'warning',
        week: a.week,
        trackId: a.trackId,
        cell: { row: 'track', trackId: a.trackId, week: a.week, allocationId: a.id },
        message: `${t.name} (${t.owner}) has ${a.hours} h booked in ${a.week} (from ${weekStart(a.week)}), outside the track's dates ${t.start} → ${t.end}.`,
      });
    }
  }
  return problems;
}
