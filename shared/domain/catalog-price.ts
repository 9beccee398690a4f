/**
 * Price arithmetic of the catalog: the current price of each kind, and a comparable price per GPU-hour with the
 * assumption it rests on stated next to it (a subscription's usable hours, a machine's lifetime and power).
 */
import type { Offering, Price, PriceKind } from './catalog';
import { HOURS_PER_YEAR, reservedTermYears } from './reserved';
import { DEFAULT_COST_SETTINGS, type CostSettings } from './settings/cost-settings';
import { allowanceHoursPerMonth, BUNDLED_SUBSCRIPTIONS, type Subscription } from './subscriptions';

/** The catalog's $/GPU-hour rests on the one set of cost settings (electricity, lifetime, hours a year, subscription hours). */
export type PerGpuHourAssumptions = Pick<
  CostSettings,
  'subscriptionHoursPerMonth' | 'purchaseLifetimeYears' | 'purchaseHoursPerYear' | 'electricityUsdPerKwh'
>;
export const DEFAULT_PER_GPU_HOUR_ASSUMPTIONS: PerGpuHourAssumptions = DEFAULT_COST_SETTINGS;

export interface PerGpuHour {
  usd: number;
  usdLow: number | null;
  usdHigh: number | null;
  /** How the figure was derived, in words, with the numbers used. */
  basis: string;
}

/** A price turned into USD per GPU-hour so that every offering compares on one scale. */
export function pricePerGpuHour(
  price: Price,
  offering: Pick<Offering, 'gpuCount' | 'powerWatts'> & { id?: string; notes?: string | null },
  a: PerGpuHourAssumptions = DEFAULT_PER_GPU_HOUR_ASSUMPTIONS,
  subscriptions: readonly Subscription[] = BUNDLED_SUBSCRIPTIONS,
): PerGpuHour | null {
  const gpus = Math.max(1, offering.gpuCount);
  const scale = (divisor: number, extra = 0) => ({
    usd: price.usd / divisor + extra,
    usdLow: price.usdLow === null ? null : price.usdLow / divisor + extra,
    usdHigh: price.usdHigh === null ? null : price.usdHigh / divisor + extra,
  });
  if (price.per === 'hour') {
    const term = reservedTermYears(price.kind);
    const commitment = term
      ? `; a ${term}-year commitment of ${term} × 8,760 h × $${price.usd}/h = $${Math.round(price.usd * term * HOURS_PER_YEAR).toLocaleString('en-US')}, paid whether used or not: this rate holds only at 100% use`
      : '';
    const each = gpus > 1 ? `$${price.usd}/h for ${gpus} GPUs ÷ ${gpus}` : `$${price.usd}/h per GPU`;
    return { ...scale(gpus), basis: `${each}${commitment}` };
  }
  if (price.per === 'month') {
    // The catalog's allowance is the truth (issue 25 item 5); the notes' words, then the Settings assumption, only without one.
    const allowance = offering.id ? allowanceHoursPerMonth(offering.id, subscriptions) : null;
    if (allowance) {
      const hours = allowance.hours * gpus;
      return {
        ...scale(hours),
        basis: `$${price.usd}/month ÷ ${Math.round(allowance.hours * 10) / 10} GPU-hours a month (${allowance.basis})`,
      };
    }
    const stated = statedHoursPerMonth(`${price.notes ?? ''} ${offering.notes ?? ''}`);
    const hours = (stated ?? a.subscriptionHoursPerMonth) * gpus;
    return {
      ...scale(hours),
      basis:
        stated !== null
          ? `$${price.usd}/month ÷ ${stated} GPU-hours a month (as the price's notes state)`
          : `$${price.usd}/month ÷ ${a.subscriptionHoursPerMonth} usable GPU-hours a month (Settings assumption: the catalog gives this subscription no allowance)`,
    };
  }
  if (price.per === 'once') {
    const hours = a.purchaseLifetimeYears * a.purchaseHoursPerYear * gpus;
    const powerKw = (offering.powerWatts ?? 0) / 1000;
    const electricity = (powerKw * a.electricityUsdPerKwh) / gpus;
    const power = offering.powerWatts
      ? ` + ${offering.powerWatts} W × $${a.electricityUsdPerKwh}/kWh electricity`
      : ' (no power draw recorded: electricity not included)';
    return {
      ...scale(hours, electricity),
      basis: `$${price.usd} purchase over ${a.purchaseLifetimeYears} years × ${a.purchaseHoursPerYear} training hours a year${power} (change in Settings)`,
    };
  }
  return null;
}

/** GPU-hours a month a subscription buys when its notes say so ("about 55 T4-hours a month"), else null. */
export function statedHoursPerMonth(notes: string): number | null {
  const m = /about (\d+(?:\.\d+)?) [\w-]*hours a month/i.exec(notes);
  return m ? Number(m[1]) : null;
}

/** Orders prices newest first: later asOf, then later recorded. */
export function compareNewestFirst(a: Price, b: Price): number {
  return b.asOf.localeCompare(a.asOf) || b.recordedAt.localeCompare(a.recordedAt) || b.id - a.id;
}

/** The current price of each kind among a history of prices. */
export function currentPrices(prices: readonly Price[]): Price[] {
  const byKind = new Map<PriceKind, Price>();
  for (const price of [...prices].sort(compareNewestFirst)) if (!byKind.has(price.kind)) byKind.set(price.kind, price);
  return [...byKind.values()];
}
