import type { Gpu, OfferingWithPrices, Price } from '../../../shared/domain/catalog';
import {
  DEFAULT_PER_GPU_HOUR_ASSUMPTIONS,
  pricePerGpuHour,
  type PerGpuHour,
  type PerGpuHourAssumptions,
} from '../../../shared/domain/catalog-price';
import { flagIndex, flagInconsistentPrices, flagKey, isStale, type PriceFlag } from '../../../shared/domain/price-health';
import { moneyFigure } from '../../../shared/domain/money-format';

/** One row of the catalog table: an offering with one of its current prices. */
export interface CatalogRow {
  id: string;
  offering: OfferingWithPrices;
  gpu: Gpu | undefined;
  price: Price;
  perGpuHour: PerGpuHour | null;
  /** Older than the age set in Settings (issue 19 item 13). */
  stale: boolean;
  /** Why the app finds this price inconsistent (then estimates leave it out by default), else null. */
  flag: PriceFlag | null;
}

/** What makes a price stale: today's date and the age set in Settings. */
export interface StaleRule {
  today: string;
  months: number;
}

/** Rows with their $/GPU-hour at the settings' assumptions (electricity, lifetime, hours a year, subscription hours). */
export function catalogRows(
  offerings: readonly OfferingWithPrices[],
  gpus: readonly Gpu[],
  assumptions: PerGpuHourAssumptions = DEFAULT_PER_GPU_HOUR_ASSUMPTIONS,
  staleRule: StaleRule | null = null,
): CatalogRow[] {
  const byId = new Map(gpus.map((g) => [g.id, g]));
  const flags = flagIndex(flagInconsistentPrices(offerings));
  return offerings.flatMap((offering) =>
    offering.prices.map((price) => ({
      id: `${offering.id}/${price.kind}`,
      offering,
      gpu: byId.get(offering.gpuId),
      price,
      perGpuHour: pricePerGpuHour(price, offering, assumptions),
      stale: staleRule !== null && isStale(price.asOf, staleRule.today, staleRule.months),
      flag: flags.get(flagKey(offering.id, price.kind)) ?? null,
    })),
  );
}

/** A catalog price (USD) by the one money formatter: three decimals under $1 ($0.752), whole dollars from $1,000. */
export function formatUsd(value: number | null | undefined): string {
  return moneyFigure('USD', value, 'rate');
}

export function formatPrice(price: Price): string {
  const unit = price.per === 'once' ? '' : `/${price.per === 'hour' ? 'h' : 'mo'}`;
  if (price.usdLow !== null && price.usdHigh !== null && price.usdLow !== price.usdHigh)
    return `${formatUsd(price.usdLow)}–${formatUsd(price.usdHigh)}${unit}`;
  return `${formatUsd(price.usd)}${unit}`;
}

export const PRICE_KIND_LABELS: Record<Price['kind'], string> = {
  'on-demand': 'On-demand',
  spot: 'Spot',
  'reserved-1y': 'Reserved 1 yr',
  'reserved-3y': 'Reserved 3 yr',
  subscription: 'Subscription',
  purchase: 'Purchase',
};
