/**
 * Exchange-rate problems of a plan in another currency than the catalog's (plan-currency.ts):
 * - exchange-rate-missing (error): weeks with costs and no rate on or before their Monday; their costs are not counted.
 * - exchange-rate-stale (info): weeks converted at a rate more than a month older than the week (the newest one known).
 */
import type { Problem } from './problem';
import type { PlanTotals } from './totals';

export function currencyProblems(totals: Pick<PlanTotals, 'conversion' | 'unconvertedAllocationIds'>): Problem[] {
  const c = totals.conversion;
  if (!c) return [];
  const problems: Problem[] = [];
  if (c.missing.length > 0) {
    const first = c.missing[0]!;
    const last = c.missing[c.missing.length - 1]!;
    const span =
      c.missing.length === 1
        ? `${first.week} (${first.day})`
        : `${first.week} to ${last.week} (${c.missing.length} weeks from ${first.day})`;
    problems.push({
      id: `exchange-rate-missing:${c.from}:${c.to}`,
      kind: 'exchange-rate-missing',
      severity: 'error',
      week: first.week,
      message: `No ${c.from}→${c.to} exchange rate on or before ${first.day}: the costs of ${span} are not counted (${totals.unconvertedAllocationIds.length} bookings). Add a rate in Settings → Exchange rates.`,
      cell: { row: 'totals', week: first.week },
    });
  }
  const stale = Object.entries(c.weeks).filter(([, w]) => w.stale);
  if (stale.length > 0) {
    const [week, w] = stale[0]!;
    problems.push({
      id: `exchange-rate-stale:${c.from}:${c.to}`,
      kind: 'exchange-rate-stale',
      severity: 'info',
      week,
      message: `${stale.length} week${stale.length === 1 ? '' : 's'} from ${week} are converted at the newest known rate, ${w.text}. Add a newer ${c.from}→${c.to} rate in Settings → Exchange rates to update them.`,
      cell: { row: 'totals', week },
    });
  }
  return problems;
}
