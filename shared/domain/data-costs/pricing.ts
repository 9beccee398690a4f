/**
 * Pricing rules of storage and data transfer, stated once:
 * - storage per GB-month: GB held × usd for a whole calendar month; a day costs GB × usd ÷ days of its month.
 * - storage per disk-month: disks = ceil(GB held on that rate that day ÷ disk size); a day costs disks × usd ÷ days of
 *   its month (a provisioned disk is billed whatever is written on it).
 * - transfer to the internet: GB sent in a calendar month, priced by the rate's monthly tiers (the first 100 GB of
 *   Azure and AWS are free), summed over every item sent on that rate that month.
 * All sums in Big; rounded to the cent only for display.
 */
import Big from 'big.js';
import { UserError } from '../errors';
import type { DataRate, TransferTier } from './rate-schema';

/** Cost of `gb` GB sent in one calendar month at tiered per-GB prices. */
export function tieredTransferCost(gb: Big, tiers: readonly TransferTier[]): Big {
  let cost = new Big(0);
  let from = new Big(0);
  for (const tier of tiers) {
    if (gb.lte(from)) break;
    const upTo = tier.upToGb === null ? gb : new Big(tier.upToGb);
    const top = gb.lt(upTo) ? gb : upTo;
    if (top.gt(from)) cost = cost.plus(top.minus(from).times(tier.usd));
    from = upTo;
  }
  return cost;
}

/** A storage rate's cost for one day of holding `gb` GB, in a month of `daysInMonth` days. */
export function storageDayCost(gb: Big, rate: DataRate, daysInMonth: number): Big {
  if (rate.category !== 'storage' || rate.usd === null) {
    throw new UserError('BAD_DATA_RATE', `${rate.sku} is not a storage price.`, { field: 'rateId', value: rate.id });
  }
  if (gb.lte(0)) return new Big(0);
  const units = rate.unit === 'disk-month' ? disksFor(gb, rate.diskGb ?? 1) : gb;
  return units.times(rate.usd).div(daysInMonth);
}

/** Provisioned disks needed to hold `gb`. */
export function disksFor(gb: Big, diskGb: number): Big {
  return gb.div(diskGb).round(0, Big.roundUp);
}

/** A storage rate's cost of holding `gb` for a whole month (the seed's "For 100 GB dataset: ~$1.84/month"). */
export function storageMonthCost(gb: Big, rate: DataRate): Big {
  return storageDayCost(gb, rate, 30).times(30);
}
