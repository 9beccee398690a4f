/**
 * The budget overview of one project: budget, actual (spend lines allocated to its tracks, in the project's currency
 * through dated rates only), forecast at completion (from the plan's remaining allocations and from the burn rate),
 * variance by week, month and track, the burn-up series, and threshold alerts. Pure: the service feeds it.
 */
import Big from 'big.js';
import { daysInclusive, monthOfWeek, weekOf } from '../plan/weeks';
import { allCostsCumulative, costsAddedUp, type WeekTotal } from '../plan/totals';
import { allocate } from './allocation';
import { convert } from './currency';
import { gpuHoursOf, isGpuLine } from './gpu';
import { addTo, cents } from './money';
import type { CurrencyTotals } from './types';
import { budgetAlerts, incompleteForecast } from './overview-alerts';
import { addPlannedData, addUpTrackRows, bump, periodKey as key } from './planned-data-by-track';
import { VARIANCE_CONVENTION, type BudgetOverview, type MonthRow, type OverviewInput, type TrackRow, type WeekRow } from './overview-types';

const ZERO = new Big(0);
const dayOf = (iso: string) => iso.slice(0, 10);

/** A week's planned cost: GPU + storage + transfer, exact (the plan's all-costs figure for the week). */
const plannedOf = (w: WeekTotal): Big => new Big(w.allCostsExact);

export function computeOverview(input: OverviewInput): BudgetOverview {
  const { plan, planWeeks, lines, rules, budgets, rates, today } = input;
  const project = plan.project;
  const currency = project.currency;
  const trackIds = new Set(plan.tracks.map((t) => t.id));
  const projectRules = rules.filter((r) => r.projectId === project.id);
  const { trackOf } = allocate(lines, projectRules);

  // Planned: per week, per track × week, per track × month.
  const plannedByTrackMonth = new Map<string, Big>();
  const plannedByTrackWeek = new Map<string, Big>();
  let plannedTotal = ZERO;
  let plannedGpuHours = 0;
  let plannedGpu = ZERO;
  let plannedStorage = ZERO;
  let plannedTransfer = ZERO;
  for (const w of planWeeks) {
    plannedGpu = plannedGpu.plus(w.usdExact);
    plannedStorage = plannedStorage.plus(w.storageExact);
    plannedTransfer = plannedTransfer.plus(w.transferExact);
    plannedGpuHours += w.gpuHours;
    for (const [t, v] of Object.entries(w.byTrack)) {
      bump(plannedByTrackMonth, key(t, monthOfWeek(w.week)), new Big(v.usdExact));
      bump(plannedByTrackWeek, key(t, w.week), new Big(v.usdExact));
    }
  }
  // Storage and transfer stated for a track count in its rows; those for the whole project get a row of their own.
  const projectWide = addPlannedData(input.dataCosts, trackIds, plannedByTrackWeek, plannedByTrackMonth);
  // The plan's all-costs figure, added up as the plan's weekly totals and the brief add it (costsAddedUp).
  plannedTotal = costsAddedUp(plannedGpu, plannedStorage, plannedTransfer);

  // Actual: allocated to the project's tracks, inside the project's dates, in the project's currency.
  const actualByWeek = new Map<string, Big>();
  const actualByTrackWeek = new Map<string, Big>();
  const gpuHoursByWeek = new Map<string, number>();
  const actualByTrackMonth = new Map<string, Big>();
  const actualByTrack = new Map<string, Big>();
  const notConvertedByTrack = new Map<string, CurrencyTotals>();
  const countByTrack = new Map<string, number>();
  const notConverted: CurrencyTotals = {};
  const ratesUsed = new Set<string>();
  let actual = ZERO;
  let gpuUsd = ZERO;
  let lineCount = 0;
  let gpuLineCount = 0;
  let gpuHours = 0;
  let dataAsOf: string | null = null;
  const unallocated = { count: 0, totals: {} as CurrencyTotals, inWindowCount: 0, inWindowTotals: {} as CurrencyTotals };
  const outsideWindow = { count: 0, totals: {} as CurrencyTotals };

  for (const line of lines) {
    const day = dayOf(line.chargePeriodStart);
    const inWindow = day >= project.start && day <= project.end;
    const trackId = trackOf.get(line.id);
    if (inWindow && (dataAsOf === null || day > dataAsOf)) dataAsOf = day;
    if (!trackId || !trackIds.has(trackId)) {
      unallocated.count++;
      addTo(unallocated.totals, line.currency, line.billedCost);
      if (inWindow) {
        unallocated.inWindowCount++;
        addTo(unallocated.inWindowTotals, line.currency, line.billedCost);
      }
      continue;
    }
    if (!inWindow) {
      outsideWindow.count++;
      addTo(outsideWindow.totals, line.currency, line.billedCost);
      continue;
    }
    lineCount++;
    countByTrack.set(trackId, (countByTrack.get(trackId) ?? 0) + 1);
    const converted = convert(line.billedCost, line.currency, currency, day, rates);
    if (!converted) {
      addTo(notConverted, line.currency, line.billedCost);
      const nc = notConvertedByTrack.get(trackId) ?? {};
      addTo(nc, line.currency, line.billedCost);
      notConvertedByTrack.set(trackId, nc);
      continue;
    }
    if (converted.rate)
      ratesUsed.add(
        `${line.currency}→${currency} ${converted.rate.inverse ? `1/${converted.rate.rate}` : converted.rate.rate} (as of ${converted.rate.asOf}, ${converted.rate.source})`,
      );
    const v = converted.value;
    actual = actual.plus(v);
    const week = weekOf(day);
    bump(actualByWeek, week, v);
    bump(actualByTrackMonth, key(trackId, day.slice(0, 7)), v);
    bump(actualByTrack, trackId, v);
    bump(actualByTrackWeek, key(trackId, week), v);
    if (isGpuLine(line)) {
      gpuLineCount++;
      gpuUsd = gpuUsd.plus(v);
      const h = gpuHoursOf(line);
      gpuHours += h;
      gpuHoursByWeek.set(week, (gpuHoursByWeek.get(week) ?? 0) + h);
    }
  }

  const asOfWeek = dataAsOf ? weekOf(dataAsOf) : null;
  const isPast = (week: string) => asOfWeek !== null && week <= asOfWeek;

  // Weekly burn-up.
  // A past week with no spend assigned to any track keeps its planned figure in the forecast: spend left unassigned
  // (or not imported yet) must not read as money saved.
  const weeks: WeekRow[] = [];
  const plannedCumulative = allCostsCumulative(planWeeks);
  let gpuCum = ZERO;
  let actualCum = ZERO;
  let plannedToDate = ZERO;
  let keptPlanned = ZERO;
  const plannedKeptWeeks: string[] = [];
  for (const [i, w] of planWeeks.entries()) {
    const planned = plannedOf(w);
    gpuCum = gpuCum.plus(w.usdExact);
    const plannedCum = plannedCumulative[i]!;
    const past = isPast(w.week);
    const a = actualByWeek.get(w.week) ?? ZERO;
    const kept = past && !actualByWeek.has(w.week) && planned.gt(0);
    if (past) {
      actualCum = actualCum.plus(a);
      plannedToDate = plannedToDate.plus(planned);
    }
    if (kept) {
      keptPlanned = keptPlanned.plus(planned);
      plannedKeptWeeks.push(w.week);
    }
    weeks.push({
      week: w.week,
      start: w.start,
      month: monthOfWeek(w.week),
      plannedUsd: cents(planned),
      plannedCumulative: cents(plannedCum),
      actual: past ? cents(a) : null,
      actualCumulative: past ? cents(actualCum) : null,
      forecastCumulative: null,
      variance: past ? cents(planned.minus(a)) : null,
      plannedKept: kept,
      plannedGpuUsd: cents(w.usdExact),
      plannedStorageUsd: cents(w.storageExact),
      plannedTransferUsd: cents(w.transferExact),
      plannedDataCumulative: cents(plannedCum.minus(cents(gpuCum))),
      plannedGpuHours: w.gpuHours,
      actualGpuHours: Math.round((gpuHoursByWeek.get(w.week) ?? 0) * 100) / 100,
    });
  }
  // Forecast series: from the last week with data, actual so far plus the plan's remaining weeks.
  if (asOfWeek) {
    let f = actualCum.plus(keptPlanned);
    for (const row of weeks) {
      if (row.week < asOfWeek) continue;
      if (row.week > asOfWeek) f = f.plus(plannedOf(planWeeks.find((w) => w.week === row.week)!));
      row.forecastCumulative = cents(f);
    }
  }

  const remainingPlanned = plannedTotal.minus(plannedToDate);
  const fromPlan = actual.plus(asOfWeek ? remainingPlanned.plus(keptPlanned) : plannedTotal);
  let fromBurnRate: Big | null = null;
  let burnRatePerDay: Big | null = null;
  if (dataAsOf) {
    const elapsed = daysInclusive(project.start, dataAsOf);
    const left = Math.max(0, daysInclusive(dataAsOf, project.end) - 1);
    burnRatePerDay = elapsed > 0 ? actual.div(elapsed) : ZERO;
    fromBurnRate = actual.plus(burnRatePerDay.times(left));
  }
  const forecast = fromBurnRate && fromBurnRate.gt(fromPlan) ? fromBurnRate : fromPlan;

  // Budgets.
  const projectBudgets = budgets.filter((b) => b.projectId === project.id);
  const totalBudget = projectBudgets.find((b) => b.trackId === null && b.month === null) ?? null;
  const byMonth: Record<string, string> = {};
  for (const b of projectBudgets) if (b.trackId === null && b.month !== null) byMonth[b.month] = b.amount;

  // Months.
  const monthSet = new Set<string>(weeks.map((w) => w.month));
  for (const k of actualByTrackMonth.keys()) monthSet.add(k.split('|')[1]!);
  const monthList = [...monthSet].sort();
  const sumFor = (map: Map<string, Big>, month: string, track?: string) => {
    let s = ZERO;
    for (const t of track ? [track] : [...trackIds]) s = s.plus(map.get(key(t, month)) ?? ZERO);
    return s;
  };
  const plannedMonth = (month: string) =>
    weeks.filter((w) => w.month === month).reduce((s, w) => s.plus(plannedOf(planWeeks.find((p) => p.week === w.week)!)), ZERO);
  const months: MonthRow[] = monthList.map((month) => {
    const planned = plannedMonth(month);
    const act = sumFor(actualByTrackMonth, month);
    return { month, planned: cents(planned), actual: cents(act), budget: byMonth[month] ?? null, variance: cents(planned.minus(act)) };
  });

  // Tracks.
  const tracks: TrackRow[] = plan.tracks.map((t) => {
    const b = projectBudgets.find((x) => x.trackId === t.id && x.month === null) ?? null;
    let planned = ZERO;
    let remaining = ZERO;
    for (const w of planWeeks) {
      const v = plannedByTrackWeek.get(key(t.id, w.week)) ?? ZERO;
      planned = planned.plus(v);
      // Future weeks, and past weeks in which nothing was assigned to this track, count at their planned figure.
      if (!isPast(w.week) || !actualByTrackWeek.has(key(t.id, w.week))) remaining = remaining.plus(v);
    }
    const act = actualByTrack.get(t.id) ?? ZERO;
    const fc = act.plus(remaining);
    const ms: Record<string, { planned: string; actual: string }> = {};
    for (const m of monthList)
      ms[m] = {
        planned: cents(plannedByTrackMonth.get(key(t.id, m)) ?? ZERO),
        actual: cents(actualByTrackMonth.get(key(t.id, m)) ?? ZERO),
      };
    return {
      trackId: t.id,
      name: t.name,
      colour: t.colour,
      budget: b ? b.amount : null,
      planned: cents(planned),
      actual: cents(act),
      forecast: cents(fc),
      variance: b ? cents(new Big(b.amount).minus(fc)) : null,
      months: ms,
      notConverted: notConvertedByTrack.get(t.id) ?? {},
      lineCount: countByTrack.get(t.id) ?? 0,
    };
  });

  const monthActual = (trackId: string | null, month: string) =>
    trackId ? (actualByTrackMonth.get(key(trackId, month)) ?? ZERO) : sumFor(actualByTrackMonth, month);
  const monthPlannedRest = (trackId: string | null, month: string) =>
    planWeeks
      .filter((w) => monthOfWeek(w.week) === month && !isPast(w.week))
      .reduce((rest, w) => rest.plus(trackId ? (plannedByTrackWeek.get(key(trackId, w.week)) ?? ZERO) : plannedOf(w)), ZERO);
  const alerts = budgetAlerts({ plan, projectBudgets, tracks, actual, forecast, notConverted, monthActual, monthPlannedRest });

  // At a glance: over when the project's actual or forecast passes its total budget; watch when any budget (track,
  // month) reaches a warning threshold or some spend is not converted; ok otherwise.
  // Spend in the project's dates that no rule assigns makes the forecast incomplete: never 'ok' then.
  const incomplete = incompleteForecast(unallocated.inWindowCount, unallocated.inWindowTotals);
  const status: BudgetOverview['status'] = !totalBudget
    ? 'no-budget'
    : actual.gt(totalBudget.amount) || forecast.gt(totalBudget.amount)
      ? 'over'
      : alerts.some((a) => a.level !== 'info') || incomplete
        ? 'watch'
        : 'ok';

  const budgetAmount = totalBudget ? new Big(totalBudget.amount) : null;
  return {
    projectId: project.id,
    projectName: project.name,
    currency,
    today,
    dataAsOf,
    status,
    budget: {
      total: totalBudget ? cents(totalBudget.amount) : null,
      source: totalBudget && new Big(totalBudget.amount).eq(project.budget || '0') ? project.budgetSource : 'Entered in the budget editor',
      thresholds: totalBudget ? totalBudget.thresholds : [...[50, 80, 100, 120]],
      byMonth,
    },
    actual: {
      value: cents(actual),
      notConverted,
      lineCount,
      gpuLineCount,
      gpuUsd: cents(gpuUsd),
      gpuHours: Math.round(gpuHours * 100) / 100,
      rates: [...ratesUsed].sort(),
      basis: `Billed cost of ${lineCount} spend line(s) allocated to the project's tracks between ${project.start} and ${project.end}${dataAsOf ? `, data up to ${dataAsOf}` : ', no spend data yet'}`,
    },
    planned: {
      total: cents(plannedTotal),
      gpuUsd: cents(plannedGpu),
      storageUsd: cents(plannedStorage),
      transferUsd: cents(plannedTransfer),
      toDate: cents(plannedToDate),
      gpuHours: Math.round(plannedGpuHours * 100) / 100,
      basis:
        'The plan timeline totals: weekly GPU allocations priced with the catalog, plus the stated storage and data transfer priced from the catalog’s storage and transfer rows (their own lines)',
    },
    forecast: {
      value: cents(forecast),
      fromPlan: cents(fromPlan),
      fromBurnRate: fromBurnRate ? cents(fromBurnRate) : null,
      burnRatePerDay: burnRatePerDay ? cents(burnRatePerDay) : null,
      basis: dataAsOf
        ? `The larger of: actual to ${dataAsOf} + the plan's remaining weeks${plannedKeptWeeks.length ? ` + the planned figure of ${plannedKeptWeeks.length} past week(s) without assigned spend` : ''} (${cents(fromPlan)}), and actual + burn rate ${cents(burnRatePerDay ?? ZERO)}/day to ${project.end} (${cents(fromBurnRate ?? ZERO)})`
        : 'No spend data in the project window yet: forecast = the plan',
      incomplete,
      plannedKeptWeeks,
    },
    variance: {
      atCompletion: budgetAmount ? cents(budgetAmount.minus(forecast)) : null,
      toDate: cents(plannedToDate.minus(actual)),
      basis: VARIANCE_CONVENTION,
    },
    weeks,
    months,
    tracks,
    projectWideData: input.dataCosts ? addUpTrackRows(tracks, plannedByTrackMonth, projectWide, months, cents(plannedTotal)) : null,
    unallocated,
    outsideWindow,
    alerts,
  };
}
