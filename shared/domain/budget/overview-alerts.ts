/**
 * The budget overview's alerts: for each budget (project, track, month), the highest threshold its actual reached, and
 * its forecast's when higher; a warning per currency whose spend has no dated rate. Most severe first.
 */
import Big from 'big.js';
import type { Plan } from '../plan/types';
import { money, totalsText } from '../money-format';
import { cents } from './money';
import type { AlertLevel, BudgetAlert, BudgetOverview, TrackRow } from './overview-types';
import type { Budget, CurrencyTotals } from './types';

export interface AlertInput {
  plan: Plan;
  projectBudgets: readonly Budget[];
  tracks: readonly TrackRow[];
  actual: Big;
  forecast: Big;
  notConverted: CurrencyTotals;
  /** Actual of a month, for one track or (null) the project. */
  monthActual: (trackId: string | null, month: string) => Big;
  /** The plan's weeks of a month not yet past, for one track or (null) the project. */
  monthPlannedRest: (trackId: string | null, month: string) => Big;
}

function levelOf(threshold: number): AlertLevel {
  return threshold >= 100 ? 'critical' : threshold >= 80 ? 'warning' : 'info';
}

export function percent(value: Big, of: Big): number {
  return of.eq(0) ? 0 : Number(value.div(of).times(100).round(1).toString());
}

export function budgetAlerts(input: AlertInput): BudgetAlert[] {
  const { plan, projectBudgets, tracks, actual, forecast, notConverted, monthActual, monthPlannedRest } = input;
  const currency = plan.project.currency;
  const alerts: BudgetAlert[] = [];
  const trackName = (id: string) => plan.tracks.find((t) => t.id === id)?.name ?? id;
  const fmt = (v: Big) => money(currency, cents(v));
  for (const b of projectBudgets) {
    const amount = new Big(b.amount);
    if (amount.lte(0)) continue;
    let act: Big;
    let fc: Big;
    let subject: string;
    let scope: BudgetAlert['scope'];
    if (b.trackId === null && b.month === null) {
      act = actual;
      fc = forecast;
      subject = 'Project';
      scope = 'project';
    } else if (b.month === null) {
      const row = tracks.find((t) => t.trackId === b.trackId);
      act = new Big(row?.actual ?? 0);
      fc = new Big(row?.forecast ?? 0);
      subject = trackName(b.trackId!);
      scope = 'track';
    } else {
      act = monthActual(b.trackId, b.month);
      fc = act.plus(monthPlannedRest(b.trackId, b.month));
      subject = `${b.trackId ? `${trackName(b.trackId)} · ` : 'Project · '}${b.month}`;
      scope = 'month';
    }
    const sorted = [...b.thresholds].sort((x, y) => x - y);
    const reached = (v: Big) => sorted.filter((t) => percent(v, amount) >= t).pop() ?? null;
    const ta = reached(act);
    const tf = reached(fc);
    const scopeKey = `${scope}:${b.trackId ?? '*'}:${b.month ?? '*'}`;
    if (ta !== null) {
      alerts.push({
        id: `${scopeKey}:actual:${ta}`,
        level: levelOf(ta),
        scope,
        subject,
        measure: 'actual',
        threshold: ta,
        percent: percent(act, amount),
        message: `${subject}: actual spend ${fmt(act)} is ${percent(act, amount)}% of the ${fmt(amount)} budget (threshold ${ta}%).`,
      });
    }
    if (tf !== null && (ta === null || tf > ta)) {
      alerts.push({
        id: `${scopeKey}:forecast:${tf}`,
        level: levelOf(tf),
        scope,
        subject,
        measure: 'forecast',
        threshold: tf,
        percent: percent(fc, amount),
        message: `${subject}: forecast at completion ${fmt(fc)} is ${percent(fc, amount)}% of the ${fmt(amount)} budget (threshold ${tf}%).`,
      });
    }
  }
  for (const [c, v] of Object.entries(notConverted)) {
    alerts.push({
      id: `currency:${c}`,
      level: 'warning',
      scope: 'currency',
      subject: c,
      measure: 'conversion',
      threshold: null,
      percent: null,
      message: `${money(c, cents(v))} of allocated spend is not converted to ${currency}: enter a dated ${c}→${currency} rate. It is not in the totals.`,
    });
  }
  const order: Record<AlertLevel, number> = { critical: 0, warning: 1, info: 2 };
  alerts.sort((a, b) => order[a.level] - order[b.level] || a.id.localeCompare(b.id));
  return alerts;
}

/** Spend in the project's dates that no rule assigns makes the forecast incomplete: the note says how much. */
export function incompleteForecast(lineCount: number, totals: CurrencyTotals): BudgetOverview['forecast']['incomplete'] {
  if (lineCount === 0) return null;
  const amounts = totalsText(totals);
  return {
    lineCount,
    totals,
    message: `The forecast is incomplete: ${lineCount} spend line(s) in the project's dates (${amounts}) are assigned to no track. Add a rule that assigns them; until then past weeks without assigned spend count at their planned figure.`,
  };
}
