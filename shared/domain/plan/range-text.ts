/**
 * The plan's ranges in words (plan-ranges.ts): what the Plan and Budget screens, the CLI and the PDF print, so every
 * surface says the same. Amounts go through the one money formatter.
 */
import { money, toCents } from '../money-format';
import type { DatePercentiles, HoursPercentiles, MoneyPercentiles, PlanRanges } from './plan-ranges-types';

const hoursFigure = (h: number) => (h >= 100 ? Math.round(h).toLocaleString('en-US') : String(Math.round(h * 10) / 10));

/** "18–31 h (P10–P90)"; a point figure reads "40 h". */
export function hoursRangeText(h: HoursPercentiles, withLabel = true, unit = 'h'): string {
  if (hoursFigure(h.p10) === hoursFigure(h.p90)) return `${hoursFigure(h.p50)} ${unit}`;
  return `${hoursFigure(h.p10)}–${hoursFigure(h.p90)} ${unit}${withLabel ? ' (P10–P90)' : ''}`;
}

/** "$510.00–$824.00 (P10–P90)". */
export function moneyRangeText(currency: string, m: MoneyPercentiles, withLabel = true): string {
  const lo = money(currency, toCents(m.p10));
  const hi = money(currency, toCents(m.p90));
  if (lo === hi) return lo;
  return `${lo}–${hi}${withLabel ? ' (P10–P90)' : ''}`;
}

/** "2026-01-18 – 2026-01-23 (P10–P90)"; the same day twice reads once. */
export function dateRangeText(d: DatePercentiles, withLabel = true): string {
  return d.p10 === d.p90 ? d.p10 : `${d.p10} – ${d.p90}${withLabel ? ' (P10–P90)' : ''}`;
}

/** "82 %", "over 99 %", "under 1 %". */
export function probabilityText(p: number): string {
  if (p >= 0.995) return p >= 1 ? 'over 99.9 %' : 'over 99 %';
  if (p <= 0.005) return p <= 0 ? 'under 0.1 %' : 'under 1 %';
  return `${Math.round(p * 100)} %`;
}

/** "the budget holds with probability 82 %". */
export function budgetHoldsText(r: Pick<PlanRanges, 'budgetHolds'>): string {
  return `the budget holds with probability ${probabilityText(r.budgetHolds)}`;
}

/** One sentence for the totals: "All costs $510.00–$824.00 (P10–P90, median $650.78); the budget holds with probability 41 %." */
export function planRangeSentence(r: Omit<PlanRanges, 'milestones'>): string {
  const finish = r.finish ? `; finish ${dateRangeText(r.finish, false)} (planned ${r.finish.planned})` : '';
  return `All costs ${moneyRangeText(r.currency, r.total, false)} (P10–P90, median ${money(r.currency, toCents(r.total.p50))}; as booked ${money(r.currency, toCents(r.plannedTotal))})${finish}; ${budgetHoldsText(r)} (budget ${money(r.currency, toCents(r.budget))}).`;
}

/** The rules behind every range, in words (the source a range's figure is one click from). */
export function rangeRulesText(r: Pick<PlanRanges, 'rules'>): string {
  const { distribution, combination, cost, finish, budget } = r.rules;
  return [distribution, combination, cost, finish, budget].join(' ');
}
