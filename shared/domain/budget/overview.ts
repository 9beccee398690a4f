/**
 * The budget overview of one project: budget, actual (spend lines allocated to its tracks, in the project's currency
 * through dated rates only), forecast at completion (one function, forecast.ts: the KPI, the burn-up line and the track
 * rows), variance by week, month and track, the burn-up series, and threshold alerts. Every split of a total is
 * apportioned by the one rounding rule (shared/domain/apportion.ts). Pure: the service feeds it.
 */
import Big from 'big.js';
import { runningCents } from '../apportion';
import { projectMonthOfWeek, weekOf } from '../plan/weeks';
import { costsAddedUp, shownMonthCosts, shownWeekCosts } from '../plan/totals';
import { allocate } from './allocation';
import { forecastAtCompletion, UNASSIGNED_PART } from './forecast';
import { convert } from './currency';
import { gpuHoursOf, isGpuLine } from './gpu';
import { addTo, cents } from './money';
import type { CurrencyTotals } from './types';
import { budgetAlerts, incompleteForecast } from './overview-alerts';
import { addPlannedData, addUpTrackRows, bump, periodKey as key, rowsPlannedCents } from './planned-data-by-track';
import { VARIANCE_CONVENTION, type BudgetOverview, type MonthRow, type OverviewInput, type TrackRow, type WeekRow } from './overview-types';

const ZERO = new Big(0);
const dayOf = (iso: string) => iso.slice(0, 10);

export function computeOverview(input: OverviewInput): BudgetOverview {
  const { plan, planWeeks, lines, rules, budgets, rates, today } = input;
  const project = plan.project;
  const currency = project.currency;
  const trackIds = new Set(plan.tracks.map((t) => t.id));
  const projectRules = rules.filter((r) => r.projectId === project.id);
  const { trackOf } = allocate(lines, projectRules);

  // Planned: per week, per track × week, per track × month (exact).
  const plannedByTrackMonth = new Map<string, Big>();
  const plannedByTrackWeek = new Map<string, Big>();
  const gpuByTrack = new Map<string, Big>();
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
      bump(plannedByTrackMonth, key(t, w.month), new Big(v.usdExact));
      bump(plannedByTrackWeek, key(t, w.week), new Big(v.usdExact));
      bump(gpuByTrack, t, new Big(v.usdExact));
    }
  }
  // Storage and transfer stated for a track count in its rows; those for the whole project get a row of their own.
  const projectWide = addPlannedData(input.dataCosts, trackIds, plannedByTrackWeek, plannedByTrackMonth, (week) =>
    projectMonthOfWeek(week, project.start, project.end),
  );
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

  // Weekly burn-up: the weeks' planned cents as every table shows them (apportioned, adding up to the plan's total).
  const shownWeeks = shownWeekCosts(planWeeks);
  const plannedRunning = runningCents(shownWeeks.map((w) => w.allCosts));
  const gpuRunning = runningCents(shownWeeks.map((w) => w.gpu));
  const plannedByPartWeek = new Map(plannedByTrackWeek);
  for (const [week, v] of projectWide.byWeek) bump(plannedByPartWeek, key(UNASSIGNED_PART, week), v);
  // Storage and transfer of the plan's weeks that no track states (all of it when the caller gives no dataCosts).
  const sumOf = (values: Iterable<Big>) => [...values].reduce((s, v) => s.plus(v), ZERO);
  const trackData = sumOf(plannedByTrackWeek.values()).minus(sumOf(gpuByTrack.values()));
  const unassignedData = plannedStorage.plus(plannedTransfer).minus(trackData);
  if (!input.dataCosts)
    for (const w of planWeeks) bump(plannedByPartWeek, key(UNASSIGNED_PART, w.week), new Big(w.storageExact).plus(w.transferExact));
  const hasUnassigned = !unassignedData.eq(0);
  // The one forecast: its value is the KPI, its cumulative series the burn-up's line, its parts the track rows.
  const forecastResult = forecastAtCompletion({
    currency,
    projectStart: project.start,
    projectEnd: project.end,
    weeks: planWeeks.map((w, i) => ({ week: w.week, planned: shownWeeks[i]!.allCosts })),
    parts: [...plan.tracks.map((t) => t.id), ...(hasUnassigned ? [UNASSIGNED_PART] : [])],
    plannedByPartWeek,
    actualByPartWeek: actualByTrackWeek,
    actualWeeks: new Set(actualByWeek.keys()),
    actual,
    dataAsOf,
  });
  const keptWeeks = new Set(forecastResult.plannedKeptWeeks);
  const weeks: WeekRow[] = [];
  let actualCum = ZERO;
  let plannedToDate = ZERO;
  for (const [i, w] of planWeeks.entries()) {
    const shown = shownWeeks[i]!;
    const planned = new Big(shown.allCosts);
    const past = isPast(w.week);
    const a = actualByWeek.get(w.week) ?? ZERO;
    if (past) {
      actualCum = actualCum.plus(a);
      plannedToDate = plannedToDate.plus(planned);
    }
    weeks.push({
      week: w.week,
      start: w.start,
      month: w.month,
      plannedUsd: shown.allCosts,
      plannedCumulative: plannedRunning[i]!,
      actual: past ? cents(a) : null,
      actualCumulative: past ? cents(actualCum) : null,
      forecastCumulative: forecastResult.cumulative[i]!,
      variance: past ? cents(planned.minus(a)) : null,
      plannedKept: keptWeeks.has(w.week),
      plannedGpuUsd: shown.gpu,
      plannedStorageUsd: shown.storage,
      plannedTransferUsd: shown.transfer,
      plannedDataCumulative: new Big(plannedRunning[i]!).minus(gpuRunning[i]!).toFixed(2),
      plannedGpuHours: w.gpuHours,
      actualGpuHours: Math.round((gpuHoursByWeek.get(w.week) ?? 0) * 100) / 100,
    });
  }
  const forecast = new Big(forecastResult.value);

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
  // The months' planned cents: their weeks as shown, added up (the same as the brief's months and costs-by-month).
  const shownMonths = new Map(shownMonthCosts(planWeeks).map((m) => [m.month, m.allCosts]));
  const months: MonthRow[] = monthList.map((month) => {
    const planned = new Big(shownMonths.get(month) ?? '0');
    const act = sumFor(actualByTrackMonth, month);
    return { month, planned: cents(planned), actual: cents(act), budget: byMonth[month] ?? null, variance: cents(planned.minus(act)) };
  });

  const trackPlanned = (id: string) => sumOf([...plannedByTrackWeek].filter(([k]) => k.startsWith(`${id}|`)).map(([, v]) => v));
  const rowPlanned = rowsPlannedCents(
    [
      ...plan.tracks.map((t) => ({ gpu: gpuByTrack.get(t.id) ?? ZERO, data: trackPlanned(t.id).minus(gpuByTrack.get(t.id) ?? ZERO) })),
      ...(hasUnassigned ? [{ gpu: ZERO, data: unassignedData }] : []),
    ],
    { gpu: plannedGpu, storage: plannedStorage, transfer: plannedTransfer },
  );

  // Tracks.
  const tracks: TrackRow[] = plan.tracks.map((t, i) => {
    const b = projectBudgets.find((x) => x.trackId === t.id && x.month === null) ?? null;
    const act = actualByTrack.get(t.id) ?? ZERO;
    const fc = new Big(forecastResult.byPart[t.id] ?? '0');
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
      planned: rowPlanned[i]!,
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
  // A month's forecast: its actual + its weeks the forecast counts at their planned figure (the same test as the KPI's).
  const monthPlannedRest = (trackId: string | null, month: string) =>
    planWeeks.reduce(
      (rest, w, i) =>
        w.month !== month || !forecastResult.countsPlanned(w.week)
          ? rest
          : rest.plus(trackId ? (plannedByTrackWeek.get(key(trackId, w.week)) ?? ZERO) : shownWeeks[i]!.allCosts),
      ZERO,
    );
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
      value: forecastResult.value,
      fromPlan: forecastResult.fromPlan,
      fromBurnRate: forecastResult.fromBurnRate,
      burnRatePerDay: forecastResult.burnRatePerDay,
      method: forecastResult.method,
      rule: forecastResult.rule,
      basis: forecastResult.basis,
      unassigned: forecastResult.byPart[UNASSIGNED_PART] ?? '0.00',
      incomplete,
      plannedKeptWeeks: forecastResult.plannedKeptWeeks,
    },
    variance: {
      atCompletion: budgetAmount ? cents(budgetAmount.minus(forecast)) : null,
      toDate: cents(plannedToDate.minus(actual)),
      basis: VARIANCE_CONVENTION,
    },
    weeks,
    months,
    tracks,
    projectWideData: input.dataCosts
      ? addUpTrackRows(tracks, plannedByTrackMonth, projectWide, months, rowPlanned[tracks.length] ?? '0.00')
      : null,
    unallocated,
    outsideWindow,
    alerts,
  };
}
