/** The brief's cost by month against the budget: the months as shown everywhere, and their bars to the budget's scale. */
import Big from 'big.js';
import { apportionCents, runningCents } from '../apportion';
import { monthOfWeek } from '../plan/weeks';
import type { BriefInput, BriefMonth } from './brief-types';

const money = (v: Big | string | number) => new Big(v).toFixed(2);

export function briefMonths(input: Pick<BriefInput, 'weeks' | 'months' | 'budgetByMonth'>, planned: Big, budget: Big): BriefMonth[] {
  // Cost by month against the month budgets (the total budget only when there are none). The months as shown add up
  // to the plan's total (one rounding rule: largest remainder from the exact figures).
  // Without the plan's months: the weeks apportioned to the plan's total, added up by month.
  const shownWeeks = apportionCents(
    input.weeks.map((w) => w.usd),
    planned,
  );
  const monthMap = new Map<string, Big>();
  input.weeks.forEach((w, i) => monthMap.set(monthOfWeek(w.week), (monthMap.get(monthOfWeek(w.week)) ?? new Big(0)).plus(shownWeeks[i]!)));
  const shownMonths = input.months ?? [...monthMap.keys()].sort().map((month) => ({ month, usd: money(monthMap.get(month)!) }));
  const cumulative = runningCents(shownMonths.map((m) => m.usd));
  let cumB = new Big(0);
  const hasMonthBudgets = Object.keys(input.budgetByMonth).length > 0;
  // Bars to the budget's scale: a $124 month of a $3,000 budget is a bar about 4% long.
  const scale = Math.max(
    hasMonthBudgets ? 0 : Number(budget),
    ...Object.values(input.budgetByMonth).map(Number),
    ...shownMonths.map((m) => Number(m.usd)),
  );
  const percentOf = (v: string) => (scale > 0 ? Math.round((Number(v) / scale) * 1000) / 10 : 0);
  return shownMonths.map(({ month, usd }, i) => {
    const shownMonth = new Big(usd);
    const shownCum = new Big(cumulative[i]!);
    const b = input.budgetByMonth[month] ?? null;
    if (b !== null) cumB = cumB.plus(b);
    return {
      month,
      plannedUsd: money(shownMonth),
      budgetUsd: b === null ? null : money(b),
      cumulativePlannedUsd: money(shownCum),
      cumulativeBudgetUsd: hasMonthBudgets ? money(cumB) : money(budget),
      over: b !== null ? shownMonth.gt(b) : shownCum.gt(budget),
      barPercent: percentOf(usd),
      budgetMarkPercent: b === null ? null : percentOf(b),
    };
  });
}
