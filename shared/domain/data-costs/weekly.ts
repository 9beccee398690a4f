/**
 * A plan's storage and data-transfer costs per ISO week and per stated item, by the rules of pricing.ts. Items are
 * clipped to the project's dates; an item whose rate is missing or of the wrong category is reported unpriced.
 */
import Big from 'big.js';
import { apportionCents } from '../apportion';
import { addDays, format, getDaysInMonth, parseISO } from 'date-fns';
import type { DataCostItem, Plan } from '../plan/types';
import { BUNDLED_DATA_RATES, describeRate } from './rates';
import type { DataRate } from './rate-schema';
import { storageDayCost, tieredTransferCost } from './pricing';
import { daysInclusive, weekOf } from '../plan/weeks';

export type DataCostCategory = 'storage' | 'transfer';

export interface DataRateFacts {
  id: string;
  providerId: string;
  sku: string;
  unit: DataRate['unit'];
  /** The price in words ("$0.0184 per GB-month"). */
  price: string;
  region: string;
  asOf: string;
  source: string;
  notes: string;
}

export interface DataCostLine {
  itemId: string;
  label: string;
  kind: DataCostItem['kind'];
  category: DataCostCategory;
  trackId: string | null;
  /** The quantity in words ("24 GB held 2026-01-10 → 2026-01-31"). */
  quantity: string;
  usd: string;
  rate: DataRateFacts | null;
  /** Why it has no price, when it has none. */
  unpriced: string | null;
}

export interface DataCostWeek {
  storageUsd: string;
  transferUsd: string;
  storageExact: string;
  transferExact: string;
  /** The week's storage + transfer by the items' track (exact); key '' = items for the whole project. */
  byTrackExact: Record<string, string>;
}

export interface DataCostTotals {
  /** By ISO week key; weeks without any storage or transfer are absent. */
  weeks: Record<string, DataCostWeek>;
  storageUsd: string;
  transferUsd: string;
  /** storage + transfer. */
  usd: string;
  lines: DataCostLine[];
  rule: string;
}

export const DATA_COST_RULE =
  'storage: GB held × price per GB-month, by day (÷ days of the month), or whole disks per month for managed disks; ' +
  'transfer out: GB sent per calendar month priced by the monthly tiers (Azure and AWS: first 100 GB free); ' +
  'checkpoints: GB per run × runs, kept from the start to the end date; downloads per run: spread evenly over the dates';

const CATEGORY: Record<DataCostItem['kind'], DataCostCategory> = { dataset: 'storage', checkpoints: 'storage', downloads: 'transfer' };

const money = (b: Big) => b.round(2, Big.roundHalfUp).toFixed(2);

function rateFacts(rate: DataRate): DataRateFacts {
  return {
    id: rate.id,
    providerId: rate.providerId,
    sku: rate.sku,
    unit: rate.unit,
    price: describeRate(rate),
    region: rate.region,
    asOf: rate.asOf,
    source: rate.source,
    notes: rate.notes,
  };
}

function clippedDays(item: DataCostItem, plan: Plan): string[] {
  const start = item.start > plan.project.start ? item.start : plan.project.start;
  const end = item.end < plan.project.end ? item.end : plan.project.end;
  const days: string[] = [];
  for (let d = parseISO(start); format(d, 'yyyy-MM-dd') <= end; d = addDays(d, 1)) days.push(format(d, 'yyyy-MM-dd'));
  return days;
}

/** GB held (storage) by an item on each of its days. */
function heldGb(item: DataCostItem): Big {
  return item.per === 'run' ? new Big(item.gb).times(item.runs ?? 1) : new Big(item.gb);
}

/** GB sent (transfer) by an item on one day. */
function sentGb(item: DataCostItem, day: string, dayCount: number): Big {
  if (item.per === 'month') return new Big(item.gb).div(getDaysInMonth(parseISO(day)));
  const total = item.per === 'run' ? new Big(item.gb).times(item.runs ?? 1) : new Big(item.gb);
  return total.div(dayCount);
}

interface Share {
  item: DataCostItem;
  day: string;
  gb: Big;
}

/** Spreads a pooled cost over its shares by GB, into per-item and per-week sums. */
function distribute(cost: Big, shares: Share[], category: DataCostCategory, out: Accumulator): void {
  const total = shares.reduce((s, x) => s.plus(x.gb), new Big(0));
  if (total.eq(0) || cost.eq(0)) return;
  for (const share of shares) {
    const part = cost.times(share.gb).div(total);
    out.add(share.item, weekOf(share.day), category, part);
  }
}

/** Turns a week's USD into the project's currency (null: no rate for the week, the cost is left out and reported). */
export interface WeekConversion {
  factor(week: string): Big | null;
  miss(week: string): void;
}
const NO_CONVERSION: WeekConversion = { factor: () => new Big(1), miss: () => undefined };

class Accumulator {
  readonly byItem = new Map<string, Big>();
  readonly byWeek = new Map<string, { storage: Big; transfer: Big; byTrack: Map<string, Big> }>();
  constructor(private readonly fx: WeekConversion) {}
  add(item: DataCostItem, week: string, category: DataCostCategory, priced: Big): void {
    const factor = this.fx.factor(week);
    if (factor === null) {
      if (priced.gt(0)) this.fx.miss(week);
      return;
    }
    const usd = priced.times(factor);
    this.byItem.set(item.id, (this.byItem.get(item.id) ?? new Big(0)).plus(usd));
    const w = this.byWeek.get(week) ?? { storage: new Big(0), transfer: new Big(0), byTrack: new Map<string, Big>() };
    w[category] = w[category].plus(usd);
    const track = item.trackId ?? '';
    w.byTrack.set(track, (w.byTrack.get(track) ?? new Big(0)).plus(usd));
    this.byWeek.set(week, w);
  }
}

function quantityText(item: DataCostItem, days: string[]): string {
  const span = days.length ? `${days[0]} → ${days[days.length - 1]}` : 'outside the project dates';
  if (item.kind === 'downloads') {
    const how = item.per === 'month' ? 'per month' : item.per === 'run' ? `per run × ${item.runs ?? 1} runs` : 'in all';
    return `${item.gb} GB sent ${how}, ${span}`;
  }
  const held = item.per === 'run' ? `${item.gb} GB per run × ${item.runs ?? 1} runs` : `${item.gb} GB`;
  return `${held} held ${span}`;
}

export function computeDataCosts(
  plan: Plan,
  rates: readonly DataRate[] = BUNDLED_DATA_RATES,
  fx: WeekConversion = NO_CONVERSION,
): DataCostTotals {
  const rateById = new Map(rates.map((r) => [r.id, r]));
  const pools = new Map<string, { rate: DataRate; category: DataCostCategory; shares: Share[] }>();
  const out = new Accumulator(fx);
  const lines: DataCostLine[] = [];
  for (const item of plan.dataCosts ?? []) {
    const category = CATEGORY[item.kind];
    const rate = rateById.get(item.rateId);
    const days = clippedDays(item, plan);
    const unpriced = !rate
      ? `No storage or transfer price "${item.rateId}" in the catalog.`
      : rate.category !== category
        ? `${rate.sku} is a ${rate.category} price; ${item.kind} needs a ${category} price.`
        : null;
    lines.push({
      itemId: item.id,
      label: item.label,
      kind: item.kind,
      category,
      trackId: item.trackId,
      quantity: quantityText(item, days),
      usd: '0.00',
      rate: rate ? rateFacts(rate) : null,
      unpriced,
    });
    if (!rate || unpriced) continue;
    for (const day of days) {
      // Storage pools by rate and day (whole disks); transfer by rate and calendar month (monthly tiers).
      const key = category === 'storage' ? `${rate.id}|${day}` : `${rate.id}|${day.slice(0, 7)}`;
      const pool = pools.get(key) ?? { rate, category, shares: [] };
      pool.shares.push({ item, day, gb: category === 'storage' ? heldGb(item) : sentGb(item, day, days.length) });
      pools.set(key, pool);
    }
  }
  for (const pool of pools.values()) {
    const gb = pool.shares.reduce((s, x) => s.plus(x.gb), new Big(0));
    const first = pool.shares[0]!;
    const cost =
      pool.category === 'storage'
        ? storageDayCost(gb, pool.rate, getDaysInMonth(parseISO(first.day)))
        : tieredTransferCost(gb, pool.rate.tiers ?? []);
    distribute(cost, pool.shares, pool.category, out);
  }
  let storage = new Big(0);
  let transfer = new Big(0);
  const weeks: Record<string, DataCostWeek> = {};
  for (const [week, w] of [...out.byWeek].sort(([a], [b]) => (a < b ? -1 : 1))) {
    storage = storage.plus(w.storage);
    transfer = transfer.plus(w.transfer);
    weeks[week] = {
      storageUsd: money(w.storage),
      transferUsd: money(w.transfer),
      storageExact: w.storage.toString(),
      transferExact: w.transfer.toString(),
      byTrackExact: Object.fromEntries([...w.byTrack].map(([t, v]) => [t, v.toString()])),
    };
  }
  // Each category's lines add up to its total as shown (one rounding rule, shared/domain/apportion.ts).
  for (const [category, total] of [
    ['storage', storage],
    ['transfer', transfer],
  ] as const) {
    const own = lines.filter((l) => l.category === category);
    const shown = apportionCents(
      own.map((l) => out.byItem.get(l.itemId) ?? new Big(0)),
      money(total),
    );
    own.forEach((l, i) => (l.usd = shown[i]!));
  }
  return {
    weeks,
    storageUsd: money(storage),
    transferUsd: money(transfer),
    usd: money(storage.plus(transfer)),
    lines,
    rule: DATA_COST_RULE,
  };
}

/** Days an item covers inside the project (for forms: "held 22 days"). */
export function itemDays(item: DataCostItem, plan: Plan): number {
  return Math.max(
    0,
    daysInclusive(
      item.start > plan.project.start ? item.start : plan.project.start,
      item.end < plan.project.end ? item.end : plan.project.end,
    ),
  );
}
