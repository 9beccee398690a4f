/** Exact money helpers over decimal strings (big.js), per currency. */
import Big from 'big.js';
import { NO_CURRENCY } from '../billing/spend-line';
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

/** Rounded to the cent (half-up), as shown; sums use the exact value. */
export function cents(value: string | Big): string {
  return new Big(value).round(2, Big.roundHalfUp).toFixed(2);
}

export function isZero(totals: CurrencyTotals): boolean {
  return Object.values(totals).every((v) => new Big(v).eq(0));
}

/** `USD 12.34 + EUR 5.00`, in a stable order. */
export function formatTotals(totals: CurrencyTotals): string {
  const keys = Object.keys(totals).sort();
  if (keys.length === 0) return '0.00';
  return keys.map((c) => `${c} ${cents(totals[c]!)}`).join(' + ');
}
