/** Exact money helpers over decimal strings (big.js), per currency. */
import Big from 'big.js';
import { NO_CURRENCY } from '../billing/spend-line';
import { shownCents } from '../apportion';
import type { CurrencyTotals } from './types';

export function addTo(totals: CurrencyTotals, currency: string, amount: string | Big): void {
  const key = currency || NO_CURRENCY;
  totals[key] = new Big(totals[key] ?? '0').plus(amount).toFixed();
}

export function mergeTotals(a: CurrencyTotals, b: CurrencyTotals): CurrencyTotals {
  const out: CurrencyTotals = { ...a };
  for (const [c, v] of Object.entries(b)) addTo(out, c, v);
  return out;
}

/** Rounded to the cent (half-up), as shown; sums use the exact value. The one rounding rule's (apportion.ts). */
export const cents = shownCents;

export function isZero(totals: CurrencyTotals): boolean {
  return Object.values(totals).every((v) => new Big(v).eq(0));
}
