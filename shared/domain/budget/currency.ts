/**
 * Conversion between currencies, only through dated rates (the bundled ECB reference rates and the user's own): the
 * newest rate for the pair on or before the amount's date, else the inverse pair's, else a cross rate through the euro
 * (both legs on or before the date: the ECB publishes every rate against the euro). Without any, the amount is "not
 * converted": the caller keeps it apart and says so, never a silent 1.0. The rate used is always named.
 */
import Big from 'big.js';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import type { ExchangeRate } from './types';

/** The currency every cross rate goes through (the ECB's base). */
export const PIVOT_CURRENCY = 'EUR';
/** A rate older than this many days before the date it converts is flagged as stale (the bundled rates are monthly). */
export const STALE_RATE_DAYS = 31;

export interface RateUsed {
  /** The stored rate (1 `from` = `rate` `to`; with `inverse`, 1 `to` = `rate` `from`), or a cross rate's product of legs. */
  rate: string;
  /** The date of the rate (of the older leg, for a cross rate). */
  asOf: string;
  source: string;
  /** true when the stored rate is for the opposite pair (to → from). */
  inverse: boolean;
  /** The currency a cross rate goes through, else null. */
  via: string | null;
}

interface PairRate {
  asOf: string;
  rate: Big;
  text: string;
  source: string;
}

/** Rates indexed by pair ("USD>EUR"), each list sorted by date: one binary search per look-up. */
class RateIndex {
  private readonly byPair = new Map<string, PairRate[]>();
  constructor(rates: readonly ExchangeRate[]) {
    for (const r of rates) {
      const rate = new Big(r.rate);
      if (rate.lte(0)) continue;
      const key = `${r.from}>${r.to}`;
      const list = this.byPair.get(key) ?? [];
      list.push({ asOf: r.asOf, rate, text: r.rate, source: r.source });
      this.byPair.set(key, list);
    }
    for (const list of this.byPair.values()) list.sort((a, b) => (a.asOf < b.asOf ? -1 : a.asOf > b.asOf ? 1 : 0));
  }
  /** The newest stored rate from → to on or before `day`. */
  latest(from: string, to: string, day: string): PairRate | null {
    const list = this.byPair.get(`${from}>${to}`);
    if (!list) return null;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.asOf <= day) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 ? list[lo - 1]! : null;
  }
  /** A direct or inverse rate, the newer of the two (the direct one on the same date). */
  pair(from: string, to: string, day: string): { rate: Big; text: string; asOf: string; source: string; inverse: boolean } | null {
    const direct = this.latest(from, to, day);
    const inverse = this.latest(to, from, day);
    if (direct && (!inverse || direct.asOf >= inverse.asOf)) return { ...direct, inverse: false };
    if (inverse)
      return { rate: new Big(1).div(inverse.rate), text: inverse.text, asOf: inverse.asOf, source: inverse.source, inverse: true };
    return null;
  }
}

interface RateIndexes {
  own: RateIndex;
  bundled: RateIndex;
  all: RateIndex;
}
const indexes = new WeakMap<readonly ExchangeRate[], RateIndexes>();
function indexesOf(rates: readonly ExchangeRate[]): RateIndexes {
  let found = indexes.get(rates);
  if (!found) {
    const own = rates.filter((r) => r.origin !== 'bundled');
    found = { own: new RateIndex(own), bundled: new RateIndex(rates.filter((r) => r.origin === 'bundled')), all: new RateIndex(rates) };
    indexes.set(rates, found);
  }
  return found;
}

function lookUp(index: RateIndex, from: string, to: string, day: string): RateUsed | null {
  const direct = index.pair(from, to, day);
  if (direct) return { rate: direct.text, asOf: direct.asOf, source: direct.source, inverse: direct.inverse, via: null };
  if (from === PIVOT_CURRENCY || to === PIVOT_CURRENCY) return null;
  const first = index.pair(from, PIVOT_CURRENCY, day);
  const second = first && index.pair(PIVOT_CURRENCY, to, day);
  if (!first || !second) return null;
  const older = first.asOf <= second.asOf ? first : second;
  const source = first.source === second.source ? first.source : `${first.source}; ${second.source}`;
  return { rate: first.rate.times(second.rate).toString(), asOf: older.asOf, source, inverse: false, via: PIVOT_CURRENCY };
}

/**
 * The rate that converts `from` into `to` on `day`, or null when no dated rate covers the day. The user's (and
 * imported) rates come first — direct, inverse, then through the euro —, then the bundled ones, then a cross rate
 * mixing both.
 */
export function findRate(rates: readonly ExchangeRate[], from: string, to: string, day: string): RateUsed | null {
  const { own, bundled, all } = indexesOf(rates);
  return lookUp(own, from, to, day) ?? lookUp(bundled, from, to, day) ?? lookUp(all, from, to, day);
}

/** What 1 `from` is worth in `to` under a rate found by findRate (the stored rate, its inverse, or a cross rate's product). */
export function rateFactor(rate: Pick<RateUsed, 'rate' | 'inverse'>): Big {
  return rate.inverse ? new Big(1).div(rate.rate) : new Big(rate.rate);
}

/** `amount` in `to`, or null when no dated rate covers the day. Same currency passes through. */
export function convert(
  amount: string | Big,
  from: string,
  to: string,
  day: string,
  rates: readonly ExchangeRate[],
): { value: Big; rate: RateUsed | null } | null {
  if (from === to) return { value: new Big(amount), rate: null };
  const rate = findRate(rates, from, to, day);
  if (!rate) return null;
  // An inverse rate divides (exact for the stored figure) rather than multiplying by a rounded reciprocal.
  return { value: rate.inverse ? new Big(amount).div(rate.rate) : new Big(amount).times(rate.rate), rate };
}

/** Whole days from the rate's date to the date it converts. */
export function rateAgeDays(rate: Pick<RateUsed, 'asOf'>, day: string): number {
  return differenceInCalendarDays(parseISO(day), parseISO(rate.asOf));
}

/** The rate in words, as every screen, the PDF and the CLI show it: "1 USD = 0.8562 EUR (ECB euro reference rate, 2026-04-13)". */
export function describeRate(from: string, to: string, rate: RateUsed, day?: string): string {
  const shown = rateFactor(rate).round(6, Big.roundHalfUp).toString();
  const via = rate.via ? ` via ${rate.via}` : rate.inverse ? ', inverse of the stored rate' : '';
  const age = day ? rateAgeDays(rate, day) : 0;
  const stale = day && age > STALE_RATE_DAYS ? `; ${age} days older than ${day}` : '';
  const dated = rate.source.endsWith(rate.asOf) ? rate.source : `${rate.source}, ${rate.asOf}`;
  return `1 ${from} = ${shown} ${to} (${dated}${via}${stale})`;
}
