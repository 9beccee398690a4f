/**
 * Weekly totals: GPU-hours and cost per ISO week (and per track), cumulative cost against the budget,
 * and each week's share of the budget. The cost rules are in pricing.ts.
 */
import Big from 'big.js';
import { apportionCostParts, runningCents, type ShownCostParts } from '../apportion';
import { createPriceBook, hourlyCost, reservedAllocationCosts, toMoney, type PriceBook } from './pricing';
import { subscriptionCosts, type SubscriptionMonth } from './subscription-pricing';
import type { Allocation, Plan, PlanCatalog } from './types';
import { computeDataCosts, type DataCostTotals } from '../data-costs/weekly';
import { daysInclusive, daysInWeek, monthOfWeek, projectMonthOfWeek, weekOf, weeksInRange, weekStart } from './weeks';
import { CATALOG_CURRENCY, planConverter, type PlanConversion } from './plan-currency';

export interface TrackWeekTotal {
  gpuHours: number;
  usd: string;
  /** The track's exact decimal sum for the week (sum these, not `usd`, when grouping weeks). */
  usdExact: string;
}

export interface WeekTotal {
  week: string;
  start: string;
  /** The month its costs count in: most of its days within the project's dates (projectMonthOfWeek). */
  month: string;
  gpuHours: number;
  /** The week's GPU cost as shown: the weeks' cents apportioned from the plan's GPU total (shownWeekCosts). */
  usd: string;
  /** The week's exact decimal sum (sum these, not `usd`, when grouping weeks). */
  usdExact: string;
  byTrack: Record<string, TrackWeekTotal>;
  cumulativeUsd: string;
  /** The budget spread over the project's days: budget × project days in this week / project days. */
  budgetShareUsd: string;
  cumulativeBudgetUsd: string;
  /** Allocations without a price (GPU type only, or an offering without any price). */
  unpricedAllocationIds: string[];
  /** Storage and transfer of the week (their own lines, never in `usd`, which is GPU cost only), apportioned as `usd`. */
  storageUsd: string;
  transferUsd: string;
  /** GPU + storage + transfer of the week as shown (never below `usd`). */
  allCostsUsd: string;
  /** The week's exact storage, transfer and all-costs sums (sum these when grouping weeks: one figure, one value). */
  storageExact: string;
  transferExact: string;
  allCostsExact: string;
}

export interface PlanTotals {
  weeks: WeekTotal[];
  gpuHours: number;
  usd: string;
  budget: string;
  remainingUsd: string;
  /** Cost per allocation id (decimal string). */
  allocationUsd: Record<string, string>;
  /** Storage and data transfer (own lines; `usd` and `remainingUsd` stay GPU only). */
  storageUsd: string;
  transferUsd: string;
  /** GPU + storage + transfer, and the budget left after all of them. */
  allCostsUsd: string;
  remainingAllCostsUsd: string;
  dataCosts: DataCostTotals;
  /**
   * The currency of every amount above (the project's; the `usd` names are historical). The catalog's USD prices are
   * converted week by week (plan-currency.ts); null conversion: the project is in USD.
   */
  currency: string;
  conversion: PlanConversion | null;
  /** Allocations whose week has no exchange rate: their cost is not counted (never at 1.0). */
  unconvertedAllocationIds: string[];
  /** Each subscription's months: fee, allowance used, top-ups bought, and each booking's share (subscription-pricing.ts). */
  subscriptions: SubscriptionMonth[];
}

/** The weeks the timeline shows: the project's weeks, widened to any allocation outside them. */
export function planWeeks(plan: Plan): string[] {
  let first = weekOf(plan.project.start);
  let last = weekOf(plan.project.end);
  for (const a of plan.allocations) {
    if (a.week < first) first = a.week;
    if (a.week > last) last = a.week;
  }
  return weeksInRange(weekStart(first), weekStart(last));
}

const ZERO = new Big(0);
/**
 * Memo of hourly costs by allocation object: edits replace only the allocations they change (commands are
 * immutable updates), so after one edit every other allocation's cost is reused. Keyed also by the price used.
 */
const hourlyMemo = new WeakMap<Allocation, { key: string; cost: Big; money: string }>();

function memoHourly(a: Allocation, price: NonNullable<ReturnType<PriceBook['price']>>): { cost: Big; money: string } {
  const key = price.memoKey;
  const hit = hourlyMemo.get(a);
  if (hit && hit.key === key) return hit;
  const cost = hourlyCost(price, a.hours, a.gpuCount);
  const entry = { key, cost, money: toMoney(cost) };
  hourlyMemo.set(a, entry);
  return entry;
}

/** Cost of each allocation (exact, Big), by the rules of pricing.ts; `months` receives the subscriptions' months. */
export function allocationCosts(
  allocations: Allocation[],
  book: PriceBook,
  money?: Record<string, string>,
  months?: SubscriptionMonth[],
): Map<string, Big> {
  const costs = new Map<string, Big>();
  const reserved = reservedAllocationCosts(allocations, book);
  const subscriptions = subscriptionCosts(allocations, book);
  if (months) months.push(...subscriptions.months);
  for (const a of allocations) {
    const price = book.price(a.offeringId);
    const commitmentShare = reserved.get(a.id);
    const subscriptionShare = subscriptions.costs.get(a.id);
    if (commitmentShare) {
      costs.set(a.id, commitmentShare);
      if (money) money[a.id] = toMoney(commitmentShare);
    } else if (subscriptionShare) {
      costs.set(a.id, subscriptionShare);
      if (money) money[a.id] = toMoney(subscriptionShare);
    } else if (!price || price.per !== 'hour') {
      costs.set(a.id, ZERO);
      if (money) money[a.id] = '0.00';
    } else {
      const m = memoHourly(a, price);
      costs.set(a.id, m.cost);
      if (money) money[a.id] = m.money;
    }
  }
  return costs;
}

/**
 * The plan's storage and transfer in its currency, as the checks add them to the GPU cost (each rounded to the cent,
 * `costsAddedUp`): what the optimizer's budget row holds fixed beside the bookings (they do not depend on the schedule).
 */
export function planDataCosts(plan: Plan, catalog: PlanCatalog): Big {
  const items = plan.dataCosts ?? [];
  if (items.length === 0) return new Big(0);
  // Costed day by day (tens of ms on the example): remembered per item list, project dates, currency and rate tables,
  // since the optimizer's re-solves (relaxations) build many models of one plan whose data costs do not change.
  const key = `${plan.project.start}|${plan.project.end}|${plan.project.currency}`;
  const byCatalog = dataCostsMemo.get(items) ?? new WeakMap<PlanCatalog, Map<string, Big>>();
  dataCostsMemo.set(items, byCatalog);
  const known = byCatalog.get(catalog) ?? new Map<string, Big>();
  byCatalog.set(catalog, known);
  const hit = known.get(key);
  if (hit) return hit;
  const fx = planConverter(plan.project.currency, plan.project.currency === CATALOG_CURRENCY ? [] : (catalog.rates ?? []));
  const data = computeDataCosts(plan, catalog.dataRates, fx);
  const cost = new Big(data.storageUsd).plus(data.transferUsd);
  known.set(key, cost);
  return cost;
}
const dataCostsMemo = new WeakMap<readonly object[], WeakMap<PlanCatalog, Map<string, Big>>>();

export function computeTotals(plan: Plan, catalog: PlanCatalog, book: PriceBook = createPriceBook(plan, catalog)): PlanTotals {
  const weeks = planWeeks(plan);
  const money: Record<string, string> = {};
  // A plan in the catalog's currency needs no rate (the catalog's rates may be read lazily: not read then).
  const fx = planConverter(plan.project.currency, plan.project.currency === CATALOG_CURRENCY ? [] : (catalog.rates ?? []));
  // Every week of the timeline has its rate looked up (a phase's estimate is converted at its start week's).
  for (const week of weeks) fx.factor(week);
  const subscriptions: SubscriptionMonth[] = [];
  const costs = allocationCosts(plan.allocations, book, money, subscriptions);
  const unconverted: string[] = [];
  if (plan.project.currency !== CATALOG_CURRENCY) {
    for (const a of plan.allocations) {
      const usd = costs.get(a.id);
      if (!usd) continue;
      const factor = fx.factor(a.week);
      if (factor === null) {
        if (usd.gt(0)) (unconverted.push(a.id), fx.miss(a.week));
        costs.set(a.id, ZERO);
        money[a.id] = '0.00';
        continue;
      }
      const converted = usd.times(factor);
      costs.set(a.id, converted);
      money[a.id] = toMoney(converted);
    }
  }
  const byWeek = new Map<string, Allocation[]>();
  for (const a of plan.allocations) {
    const list = byWeek.get(a.week) ?? [];
    list.push(a);
    byWeek.set(a.week, list);
  }
  const budget = new Big(plan.project.budget);
  const projectDays = Math.max(1, daysInclusive(plan.project.start, plan.project.end));
  const perDay = budget.div(projectDays);
  let cumulative = new Big(0);
  let cumulativeBudget = new Big(0);
  let totalHours = 0;
  const data = computeDataCosts(plan, catalog.dataRates, fx);
  const out: WeekTotal[] = [];
  for (const week of weeks) {
    let usd = new Big(0);
    let gpuHours = 0;
    const byTrack: Record<string, { gpuHours: number; usd: Big }> = {};
    const unpriced: string[] = [];
    for (const a of byWeek.get(week) ?? []) {
      const cost = costs.get(a.id) ?? ZERO;
      const h = a.hours * a.gpuCount;
      gpuHours += h;
      usd = usd.plus(cost);
      const t = (byTrack[a.trackId] ??= { gpuHours: 0, usd: ZERO });
      t.gpuHours += h;
      t.usd = t.usd.plus(cost);
      if (!a.offeringId || !book.price(a.offeringId)) unpriced.push(a.id);
    }
    cumulative = cumulative.plus(usd);
    const days = daysInWeek(week, plan.project.start, plan.project.end);
    const share = days === 7 ? perDay.times(7) : days === 0 ? new Big(0) : perDay.times(days);
    cumulativeBudget = cumulativeBudget.plus(share);
    totalHours += gpuHours;
    out.push({
      week,
      start: weekStart(week),
      month: projectMonthOfWeek(week, plan.project.start, plan.project.end),
      gpuHours: round2(gpuHours),
      usd: toMoney(usd),
      usdExact: usd.toString(),
      byTrack: Object.fromEntries(
        Object.entries(byTrack).map(([k, v]) => [k, { gpuHours: round2(v.gpuHours), usd: toMoney(v.usd), usdExact: v.usd.toString() }]),
      ),
      cumulativeUsd: toMoney(cumulative),
      budgetShareUsd: toMoney(share),
      cumulativeBudgetUsd: toMoney(cumulativeBudget),
      unpricedAllocationIds: unpriced,
      ...weekDataCosts(data, week, usd),
    });
  }
  // The weeks as shown: GPU, storage and transfer each apportioned from its exact total, so the weeks add up to the
  // plan's totals and no week's all costs is below its GPU cost (issue 25 item 4).
  const shown = shownWeekCosts(out);
  const gpuRunning = runningCents(shown.map((w) => w.gpu));
  out.forEach((w, i) => {
    const part = shown[i]!;
    Object.assign(w, { usd: part.gpu, storageUsd: part.storage, transferUsd: part.transfer, allCostsUsd: part.allCosts });
    w.cumulativeUsd = gpuRunning[i]!;
  });
  const storageExact = Object.values(data.weeks).reduce((s, w) => s.plus(w.storageExact), new Big(0));
  const transferExact = Object.values(data.weeks).reduce((s, w) => s.plus(w.transferExact), new Big(0));
  const allCosts = costsAddedUp(cumulative, storageExact, transferExact);
  return {
    weeks: out,
    gpuHours: round2(totalHours),
    usd: toMoney(cumulative),
    budget: toMoney(budget),
    remainingUsd: toMoney(budget.minus(cumulative)),
    allocationUsd: money,
    storageUsd: data.storageUsd,
    transferUsd: data.transferUsd,
    allCostsUsd: toMoney(allCosts),
    remainingAllCostsUsd: toMoney(budget.minus(allCosts)),
    dataCosts: data,
    currency: plan.project.currency,
    conversion: fx.summary(),
    unconvertedAllocationIds: unconverted,
    subscriptions,
  };
}

type WeekDataCosts = Pick<WeekTotal, 'storageUsd' | 'transferUsd' | 'allCostsUsd' | 'storageExact' | 'transferExact' | 'allCostsExact'>;

function weekDataCosts(data: DataCostTotals, week: string, gpuUsd: Big): WeekDataCosts {
  const w = data.weeks[week];
  const storage = w?.storageExact ?? '0';
  const transfer = w?.transferExact ?? '0';
  return {
    storageUsd: w?.storageUsd ?? '0.00',
    transferUsd: w?.transferUsd ?? '0.00',
    allCostsUsd: toMoney(costsAddedUp(gpuUsd, storage, transfer)),
    storageExact: storage,
    transferExact: transfer,
    allCostsExact: gpuUsd.plus(storage).plus(transfer).toString(),
  };
}

/**
 * All costs as every screen, the brief and the CLI show them: GPU, storage and transfer each rounded to the cent,
 * then added, so the three lines always add up to the total beside them (one figure, one value; issue 19 item 7).
 */
export function costsAddedUp(gpu: Big | string, storage: Big | string, transfer: Big | string): Big {
  return new Big(toMoney(new Big(gpu))).plus(toMoney(new Big(storage))).plus(toMoney(new Big(transfer)));
}

/**
 * Each week's GPU, storage, transfer and all costs as every table, chart and CSV shows them: each line's cents
 * apportioned from its exact total (largest remainder), all costs their sum. The weeks add up to the plan's GPU,
 * storage, transfer and all-costs totals, and no week's all costs is below its GPU cost.
 */
export function shownWeekCosts(weeks: readonly WeekTotal[]): ShownCostParts[] {
  return apportionCostParts(weeks.map((w) => ({ gpu: w.usdExact, storage: w.storageExact, transfer: w.transferExact })));
}

/**
 * The plan's costs by month (each week in the month holding most of its days within the project, WeekTotal.month) as shown: the sums of the weeks as
 * shown, so a month reads the same as its weeks added up, and the months add up to the plan's totals.
 */
export function shownMonthCosts(weeks: readonly WeekTotal[]): Array<ShownCostParts & { month: string }> {
  const shown = shownWeekCosts(weeks);
  const byMonth = new Map<string, ShownCostParts & { month: string }>();
  weeks.forEach((w, i) => {
    const month = w.month;
    const sum = byMonth.get(month) ?? { month, gpu: '0.00', storage: '0.00', transfer: '0.00', allCosts: '0.00' };
    const add = (a: string, b: string) => new Big(a).plus(b).toFixed(2);
    const part = shown[i]!;
    byMonth.set(month, {
      month,
      gpu: add(sum.gpu, part.gpu),
      storage: add(sum.storage, part.storage),
      transfer: add(sum.transfer, part.transfer),
      allCosts: add(sum.allCosts, part.allCosts),
    });
  });
  return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** All costs so far at the end of each week: the running total of the weeks as shown (ends on the plan's total). */
export function allCostsCumulative(weeks: readonly WeekTotal[]): Big[] {
  return runningCents(shownWeekCosts(weeks).map((w) => w.allCosts)).map((v) => new Big(v));
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
