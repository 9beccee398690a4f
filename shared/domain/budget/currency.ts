/**
 * Conversion to the project's currency, only through dated user-entered rates: the latest rate for the pair on or
 * before the amount's date (or the inverse pair's). Without one, the amount is "not converted" and kept apart.
 */
import Big from 'big.js';
import type { ExchangeRate } from './types';

export interface RateUsed {
  rate: string;
  asOf: string;
  source: string;
  inverse: boolean;
}

export function findRate(rates: readonly ExchangeRate[], from: string, to: string, day: string): RateUsed | null {
  let best: RateUsed | null = null;
  for (const r of rates) {
    if (r.asOf > day) continue;
    let inverse: boolean;
    if (r.from === from && r.to === to) inverse = false;
    else if (r.from === to && r.to === from) inverse = true;
    else continue;
    if (new Big(r.rate).lte(0)) continue;
    if (!best || r.asOf > best.asOf || (r.asOf === best.asOf && !inverse && best.inverse))
      best = { rate: r.rate, asOf: r.asOf, source: r.source, inverse };
  }
  return best;
}

/** `amount` in `to`, or null when no dated rate covers the day. Same currency passes through. */
export function convert(
  amount: string,
  from: string,
  to: string,
  day: string,
  rates: readonly ExchangeRate[],
): { value: Big; rate: RateUsed | null } | null {
  if (from === to) return { value: new Big(amount), rate: null };
  const rate = findRate(rates, from, to, day);
  if (!rate) return null;
  const value = rate.inverse ? new Big(amount).div(rate.rate) : new Big(amount).times(rate.rate);
  return { value, rate };
}
