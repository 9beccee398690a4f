import Big from 'big.js';
import { money, toCents } from '../money-format';

/** A plan amount to the cent in its currency, as the brief's sentences print it (the one money formatter). */
export function usdText(v: string | number, currency: string): string {
  return money(currency, toCents(new Big(v).toFixed()));
}
