/**
 * The one forecast at completion (issue 25 item 3): the Budget screen's KPI, its burn-up line, its track rows, the
 * alerts, the PDF and the CLI all read this result, so they cannot disagree.
 *
 * The rule, in words (FORECAST_RULE): actual spend to the last day with data + the plan's figure for every week after
 * that day's week and for every past week in which no spend is assigned to a track; or, when it is higher, actual
 * spend + the burn rate (actual ÷ days elapsed since the project's start) × the days left to the project's end.
 * Before any spend in the project's dates the forecast is the plan's total. Pure.
 */
import Big from 'big.js';
import { apportionCents, shownCents } from '../apportion';
import { money } from '../money-format';
import { daysInclusive, weekEnd, weekOf } from '../plan/weeks';

/** The part of the forecast that belongs to no track: storage and transfer stated for the whole project. */
export const UNASSIGNED_PART = '';

export const FORECAST_RULE =
  "Forecast at completion = actual spend to the last day with data + the plan's figure for the weeks after it (and for past weeks in which no spend is assigned to a track); or, if higher, actual spend + the burn rate (actual ÷ days elapsed) × the days left to the project's end.";

export interface ForecastInput {
  currency: string;
  projectStart: string;
  projectEnd: string;
  /** The plan's weeks in order, each with its all costs as shown (apportioned, adding up to the plan's total). */
  weeks: ReadonlyArray<{ week: string; planned: string }>;
  /** Track ids, then UNASSIGNED_PART when the plan states storage or transfer for the whole project. */
  parts: readonly string[];
  /** Exact planned all costs of a part in a week (key: `${part}|${week}`). */
  plannedByPartWeek: ReadonlyMap<string, Big>;
  /** Exact actual spend of a track in a week (key: `${track}|${week}`). */
  actualByPartWeek: ReadonlyMap<string, Big>;
  /** Weeks with spend assigned to any track. */
  actualWeeks: ReadonlySet<string>;
  /** All assigned actual spend (exact). */
  actual: Big;
  /** Last day with spend data in the project's dates, or null. */
  dataAsOf: string | null;
}

export interface Forecast {
  method: 'plan' | 'burn-rate';
  /** The forecast at completion, to the cent. */
  value: string;
  fromPlan: string;
  fromBurnRate: string | null;
  burnRatePerDay: string | null;
  /** Per week of the input: forecast cumulative from the week with the last data on (null before it, and without data). */
  cumulative: Array<string | null>;
  /** The forecast by part (track id, UNASSIGNED_PART), adding up to `value` to the cent. */
  byPart: Record<string, string>;
  /** Past weeks without assigned spend whose planned figure the plan method (fromPlan) keeps. */
  plannedKeptWeeks: string[];
  /** Whether a week counts at its planned figure (after the data's week, or kept): the plan method's own test. */
  countsPlanned: (week: string) => boolean;
  /** The method and its figures in words. */
  basis: string;
  rule: string;
}

const ZERO = new Big(0);
const partKey = (part: string, week: string) => `${part}|${week}`;

export function forecastAtCompletion(input: ForecastInput): Forecast {
  const { weeks, parts, dataAsOf, actual, currency } = input;
  const fmt = (v: Big | string) => money(currency, shownCents(v));
  const asOfWeek = dataAsOf ? weekOf(dataAsOf) : null;
  const past = (week: string) => asOfWeek !== null && week <= asOfWeek;
  const kept = (week: string, planned: string) => past(week) && !input.actualWeeks.has(week) && new Big(planned).gt(0);
  const countsPlanned = (week: string) => !past(week) || kept(week, weeks.find((w) => w.week === week)?.planned ?? '0');

  // The plan method, in the cents the weekly table shows: actual + the planned weeks it keeps.
  const actualShown = new Big(shownCents(actual));
  let rest = ZERO;
  let keptSum = ZERO;
  const plannedKeptWeeks: string[] = [];
  for (const w of weeks) {
    if (!past(w.week)) rest = rest.plus(w.planned);
    else if (kept(w.week, w.planned)) {
      keptSum = keptSum.plus(w.planned);
      plannedKeptWeeks.push(w.week);
    }
  }
  const fromPlan = actualShown.plus(rest).plus(keptSum);

  // The burn-rate method.
  let rate: Big | null = null;
  let left = 0;
  let fromBurnRate: Big | null = null;
  if (dataAsOf) {
    const elapsed = daysInclusive(input.projectStart, dataAsOf);
    left = Math.max(0, daysInclusive(dataAsOf, input.projectEnd) - 1);
    rate = elapsed > 0 ? actual.div(elapsed) : ZERO;
    fromBurnRate = new Big(shownCents(actual.plus(rate.times(left))));
  }
  const method: Forecast['method'] = fromBurnRate && fromBurnRate.gt(fromPlan) ? 'burn-rate' : 'plan';
  const value = method === 'burn-rate' ? fromBurnRate! : fromPlan;

  // The weekly cumulative line, from the data's week on; it ends on the value.
  let running = actualShown;
  const cumulative = weeks.map((w) => {
    if (method === 'plan' && countsPlanned(w.week)) running = running.plus(w.planned);
    if (!asOfWeek || w.week < asOfWeek) return null;
    if (method === 'plan') return running.toFixed(2);
    const end = weekEnd(w.week) < input.projectEnd ? weekEnd(w.week) : input.projectEnd;
    const days = end > dataAsOf! ? daysInclusive(dataAsOf!, end) - 1 : 0;
    return shownCents(actual.plus(rate!.times(days)));
  });
  if (asOfWeek && cumulative.length > 0) cumulative[cumulative.length - 1] = value.toFixed(2);

  // By part: each part's exact share by the same method, apportioned to the value.
  const exacts = parts.map((part) => {
    let own = ZERO;
    for (const w of weeks) own = own.plus(input.actualByPartWeek.get(partKey(part, w.week)) ?? ZERO);
    if (method === 'burn-rate') return rate!.eq(0) || actual.eq(0) ? ZERO : own.plus(own.div(actual).times(rate!.times(left)));
    for (const w of weeks) if (countsPlanned(w.week)) own = own.plus(input.plannedByPartWeek.get(partKey(part, w.week)) ?? ZERO);
    return own;
  });
  const shares = apportionCents(exacts, value);
  const byPart = Object.fromEntries(parts.map((p, i) => [p, shares[i]!]));

  const basis = !dataAsOf
    ? `No spend in the project's dates yet: the forecast is the plan's total, ${fmt(value)}.`
    : method === 'plan'
      ? `Actual spend to ${dataAsOf} (${fmt(actualShown)}) + the plan's weeks after ${asOfWeek} (${fmt(rest)})${
          plannedKeptWeeks.length
            ? ` + ${plannedKeptWeeks.length} past week(s) without assigned spend at their planned figure (${fmt(keptSum)})`
            : ''
        } = ${fmt(value)}. The burn rate (${fmt(rate!)}/day × ${left} day(s) left to ${input.projectEnd}) would give ${fmt(fromBurnRate!)}, not higher, so the plan is used.`
      : `Actual spend to ${dataAsOf} (${fmt(actualShown)}) + the burn rate ${fmt(rate!)}/day × ${left} day(s) left to ${input.projectEnd} = ${fmt(value)}, higher than actual + the plan's remaining weeks (${fmt(fromPlan)}), so the burn rate is used.`;

  return {
    method,
    value: value.toFixed(2),
    fromPlan: fromPlan.toFixed(2),
    fromBurnRate: fromBurnRate ? fromBurnRate.toFixed(2) : null,
    burnRatePerDay: rate ? shownCents(rate) : null,
    cumulative,
    byPart,
    plannedKeptWeeks,
    countsPlanned: method === 'plan' ? countsPlanned : (week) => !past(week),
    basis,
    rule: FORECAST_RULE,
  };
}
