/**
 * What bookings on a monthly subscription cost (issue 25 item 5), stated once:
 * - A subscription (Colab Pro, Colab Pro+ …) is paid per calendar month in which the plan books any of its offerings
 *   (a week counts in the month of its Thursday, as the month view groups weeks): its fee once a month, whichever and
 *   however many of its offerings are booked. The fee is the offerings' subscription price (the highest, if they differ).
 * - Its allowance (catalog: units a month, and what each offering uses per GPU-hour) is shared by every booking on it
 *   that month: units used = Σ hours × GPUs × units per hour. Units left over are not carried to the next month.
 * - Units beyond the allowance are bought as top-up packs (whole packs, the cheapest combination that covers them,
 *   priced from the catalog); a subscription without top-ups cannot give more, and the excess is a plan problem
 *   (`subscription-over-allowance`) that says by how much.
 * - The month's fee and top-ups are shared by its bookings in proportion to the units each uses (evenly when none
 *   uses any), in whole cents that add up to the month (largest remainder).
 * - An offering priced per month whose allowance the catalog does not give: its fee once per month it is booked,
 *   without an allowance check (the explanation says so).
 */
import Big from 'big.js';
import { centsAddingUp } from '../budget/planned-data-by-track';
import { subscriptionOf, unitWord, type Subscription, type SubscriptionTopUp, type SubscriptionUnit } from '../subscriptions';
import { gpuShortName } from '../offer-label';
import type { Problem } from './problem';
import type { PriceBook } from './pricing';
import type { Allocation } from './types';
import { daysInclusive, daysInWeek, monthOfWeek, weeksInRange } from './weeks';

export interface TopUpPurchase {
  units: number;
  /** Price of one pack (exact decimal string). */
  usd: string;
  count: number;
}

export interface SubscriptionBookingUse {
  allocationId: string;
  week: string;
  offeringId: string;
  gpuHours: number;
  /** Units this booking uses (exact decimal string); GPU-hours when the catalog gives no allowance. */
  units: string;
  /** This booking's share of the month's fee and top-ups (exact decimal string). */
  usd: string;
}

export interface SubscriptionMonth {
  /** The catalog subscription, or null for an offering priced per month without an allowance in the catalog. */
  subscriptionId: string | null;
  name: string;
  /** `YYYY-MM`. */
  month: string;
  unit: SubscriptionUnit | null;
  /** Short unit word: "CU", "GPU-hours". */
  unitWord: string;
  /** The subscription fee for the month (exact decimal string). */
  feeUsd: string;
  /** Units included a month, null when the catalog gives no allowance. */
  includedUnits: string | null;
  usedUnits: string;
  /** Units beyond the allowance ("0" within it). */
  overUnits: string;
  topUps: TopUpPurchase[];
  topUpUsd: string;
  /** Units beyond the allowance that no top-up covers (the subscription has none). */
  uncoveredUnits: string;
  /** Fee + top-ups: what the month costs (exact decimal string). */
  usd: string;
  /** GPU-hours per GPU name ("T4": 160), for a person to read. */
  gpuHours: Record<string, number>;
  allocations: SubscriptionBookingUse[];
  /** Where the figures come from (the allowance's and the rates' sources and dates). */
  source: string;
}

const ZERO = new Big(0);

/**
 * The cheapest whole packs that cover `need` units (ties: fewer units bought, then fewer packs); null when there are
 * no packs. Exhaustive over the counts of every pack but the last, each bounded by what covers `need` alone.
 */
export function cheapestTopUps(need: Big, packs: readonly Pick<SubscriptionTopUp, 'units' | 'usd'>[]): TopUpPurchase[] | null {
  if (need.lte(0)) return [];
  const usable = packs.filter((p) => p.units > 0);
  if (usable.length === 0) return null;
  let best: { usd: Big; units: Big; packs: number; counts: number[] } | null = null;
  const counts = new Array<number>(usable.length).fill(0);
  const consider = () => {
    let usd = ZERO;
    let units = ZERO;
    let n = 0;
    usable.forEach((p, i) => {
      usd = usd.plus(new Big(p.usd).times(counts[i]!));
      units = units.plus(new Big(p.units).times(counts[i]!));
      n += counts[i]!;
    });
    if (units.lt(need)) return;
    const better = !best || usd.lt(best.usd) || (usd.eq(best.usd) && (units.lt(best.units) || (units.eq(best.units) && n < best.packs)));
    if (better) best = { usd, units, packs: n, counts: [...counts] };
  };
  const visit = (i: number, remaining: Big) => {
    const p = usable[i]!;
    const most = remaining.lte(0) ? 0 : Number(remaining.div(p.units).round(0, Big.roundUp));
    if (i === usable.length - 1) {
      counts[i] = most;
      consider();
      return;
    }
    for (let c = 0; c <= most; c++) {
      counts[i] = c;
      visit(i + 1, remaining.minus(new Big(p.units).times(c)));
    }
    counts[i] = 0;
  };
  visit(0, need);
  const chosen = best as { counts: number[] } | null;
  if (!chosen) return null;
  return usable.map((p, i) => ({ units: p.units, usd: p.usd, count: chosen.counts[i]! })).filter((t) => t.count > 0);
}

interface Group {
  subscription: Subscription | null;
  name: string;
  month: string;
  users: Array<{ allocation: Allocation; units: Big; feeUsd: Big }>;
}

/** GPU name of an offering for a person: "T4", "L4", "A100". */
function gpuWord(book: PriceBook, offeringId: string, gpuId: string): string {
  const o = book.offerings.get(offeringId);
  const name = o?.gpuName ? gpuShortName(o.gpuName) : gpuId;
  return name.split(/\s+/)[0] ?? name;
}

/** Each subscription-month of the allocations (those on offerings priced per month) and each allocation's share. */
export function subscriptionCosts(
  allocations: readonly Allocation[],
  book: PriceBook,
): { costs: Map<string, Big>; months: SubscriptionMonth[] } {
  const groups = new Map<string, Group>();
  for (const a of allocations) {
    const price = book.price(a.offeringId);
    if (!price || price.per !== 'month' || !a.offeringId) continue;
    const found = subscriptionOf(a.offeringId, book.subscriptions);
    const month = monthOfWeek(a.week);
    const key = `${found ? found.subscription.id : `offering:${a.offeringId}`}|${month}`;
    let g = groups.get(key);
    if (!g) {
      const label = book.offerings.get(a.offeringId)?.label ?? a.offeringId;
      g = { subscription: found?.subscription ?? null, name: found?.subscription.name ?? label, month, users: [] };
      groups.set(key, g);
    }
    const gpuHours = new Big(a.hours).times(a.gpuCount);
    g.users.push({ allocation: a, units: found ? gpuHours.times(found.rate.unitsPerHour) : gpuHours, feeUsd: price.usd });
  }
  const costs = new Map<string, Big>();
  const months: SubscriptionMonth[] = [];
  for (const g of groups.values()) {
    const s = g.subscription;
    const fee = g.users.reduce((max, u) => (u.feeUsd.gt(max) ? u.feeUsd : max), ZERO);
    const used = g.users.reduce((sum, u) => sum.plus(u.units), ZERO);
    const included = s ? new Big(s.unitsPerMonth) : null;
    const over = included && used.gt(included) ? used.minus(included) : ZERO;
    const topUps = s ? cheapestTopUps(over, s.topUps) : [];
    const topUpUsd = (topUps ?? []).reduce((sum, t) => sum.plus(new Big(t.usd).times(t.count)), ZERO);
    const total = fee.plus(topUpUsd).round(2, Big.roundHalfUp);
    const shares = shareByUnits(
      total,
      g.users.map((u) => u.units),
    );
    const gpuHours: Record<string, number> = {};
    const uses: SubscriptionBookingUse[] = g.users.map((u, i) => {
      const a = u.allocation;
      const word = gpuWord(book, a.offeringId!, a.gpuId);
      gpuHours[word] = Math.round(((gpuHours[word] ?? 0) + a.hours * a.gpuCount) * 100) / 100;
      costs.set(a.id, shares[i]!);
      return {
        allocationId: a.id,
        week: a.week,
        offeringId: a.offeringId!,
        gpuHours: a.hours * a.gpuCount,
        units: u.units.toString(),
        usd: shares[i]!.toString(),
      };
    });
    const rates = s ? s.rates.filter((r) => g.users.some((u) => u.allocation.offeringId === r.offeringId)) : [];
    months.push({
      subscriptionId: s?.id ?? null,
      name: g.name,
      month: g.month,
      unit: s?.unit ?? null,
      unitWord: s ? unitWord(s.unit) : 'GPU-hours',
      feeUsd: fee.toString(),
      includedUnits: included ? included.toString() : null,
      usedUnits: used.toString(),
      overUnits: over.toString(),
      topUps: topUps ?? [],
      topUpUsd: topUpUsd.toString(),
      uncoveredUnits: topUps === null ? over.toString() : '0',
      usd: total.toString(),
      gpuHours,
      allocations: uses,
      source: s
        ? [
            `allowance ${s.unitsPerMonth} ${unitWord(s.unit)}/month: ${s.source} (as of ${s.asOf})`,
            ...rates.map((r) => `${r.unitsPerHour} ${unitWord(s.unit)}/h on ${r.offeringId}: ${r.source} (as of ${r.asOf})`),
          ].join('; ')
        : 'the catalog gives no allowance for this offering: its fee once a month, without an allowance check',
    });
  }
  months.sort((x, y) => (x.month < y.month ? -1 : x.month > y.month ? 1 : x.name.localeCompare(y.name)));
  return { costs, months };
}

/**
 * `total` split in proportion to `weights` (evenly when they are all 0), in whole cents that add up to it (largest
 * remainder, the one apportioning of the app), so weeks, tracks and months built from the shares add up exactly.
 */
function shareByUnits(total: Big, weights: readonly Big[]): Big[] {
  const sum = weights.reduce((s, w) => s.plus(w), ZERO);
  const exact = weights.map((w) => (sum.eq(0) ? total.div(weights.length) : total.times(w).div(sum)));
  return centsAddingUp(exact, total.toString()).map((c) => new Big(c));
}

/** A number of units as a person reads it: at most 2 decimals, no trailing zeros ("313.6"). */
export function fmtUnits(units: string | Big): string {
  return new Big(units).round(2, Big.roundHalfUp).toString();
}

/** "160 T4-hours", "120 L4-hours and 60 A100-hours". */
export function describeGpuHours(gpuHours: Record<string, number>): string {
  const parts = Object.entries(gpuHours).map(([gpu, h]) => `${h} ${gpu}-hours`);
  return parts.length <= 1 ? (parts[0] ?? '0 GPU-hours') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** A subscription-month over its allowance with no top-up to buy: an error that says by how much. */
export function subscriptionProblems(months: readonly SubscriptionMonth[], allocations: readonly Allocation[]): Problem[] {
  const byId = new Map(allocations.map((a) => [a.id, a]));
  const problems: Problem[] = [];
  for (const m of months) {
    if (new Big(m.uncoveredUnits).lte(0) || m.includedUnits === null) continue;
    const first = m.allocations.map((u) => byId.get(u.allocationId)).find((a) => a !== undefined);
    problems.push({
      id: `subscription-over-allowance:${m.subscriptionId ?? m.name}:${m.month}`,
      kind: 'subscription-over-allowance',
      severity: 'error',
      ...(first ? { week: first.week, trackId: first.trackId } : {}),
      cell: first ? { row: 'track', trackId: first.trackId, week: first.week, allocationId: first.id } : { row: 'totals' },
      message: `${m.name}, ${m.month}: ${describeGpuHours(m.gpuHours)} need ${fmtUnits(m.usedUnits)} ${m.unitWord}, ${fmtUnits(m.includedUnits)} ${m.unitWord} included: ${fmtUnits(m.uncoveredUnits)} ${m.unitWord} over, and the subscription has no top-up to buy.`,
    });
  }
  return problems;
}

/**
 * What `gpuHours` on a subscription offering cost alone between `start` and `end` (a phase's estimate): the hours
 * spread over the days, each calendar month its fee and the top-ups its share needs, by the rules above.
 */
export function standaloneSubscriptionCost(
  book: PriceBook,
  offeringId: string,
  gpuId: string,
  gpuHours: number,
  start: string,
  end: string,
): { usd: Big; months: SubscriptionMonth[] } {
  const weeks = weeksInRange(start, end);
  const days = Math.max(1, daysInclusive(start, end));
  const allocations: Allocation[] = weeks.map((week, i) => ({
    id: `standalone-${i}`,
    trackId: 'standalone',
    week,
    offeringId,
    gpuId,
    gpuCount: 1,
    hours: (gpuHours * daysInWeek(week, start, end)) / days,
    phaseId: null,
    note: null,
  }));
  const { months } = subscriptionCosts(allocations, book);
  return { usd: months.reduce((s, m) => s.plus(m.usd), ZERO), months };
}
