/**
 * A project's budget when its currency changes (issue 25 item 1: "changing a project's currency converts everything").
 * The budget is typed in the project's currency, so a switch converts it at the rate of the day of the change (the
 * newest on or before it): the total when the lead left its amount as it was (a new amount is taken as typed in the
 * new currency), and the splits per track and month always. Amounts are kept to the cent. Without a rate the switch
 * is refused with the pair and the date, never a silent 1.0.
 */
import Big from 'big.js';
import { UserError } from '../errors';
import { describeRate, findRate, rateFactor, type RateUsed } from './currency';
import type { ExchangeRate } from './types';

export interface BudgetConversion {
  from: string;
  to: string;
  day: string;
  rate: RateUsed;
  /** "1 USD = 0.8562 EUR (ECB euro reference rate, 2026-04-13)". */
  text: string;
  /** An amount of `from` in `to`, to the cent. */
  convert(amount: string): string;
}

export function budgetConversion(from: string, to: string, day: string, rates: readonly ExchangeRate[]): BudgetConversion {
  const rate = findRate(rates, from, to, day);
  if (!rate)
    throw new UserError(
      'NO_RATE',
      `No ${from}→${to} exchange rate on or before ${day} to convert the budget: add one in Settings → Exchange rates, then change the currency.`,
      { field: 'currency', value: to, expected: `a ${from}→${to} rate` },
    );
  const factor = rateFactor(rate);
  return {
    from,
    to,
    day,
    rate,
    text: describeRate(from, to, rate, day),
    convert: (amount) => new Big(amount).times(factor).round(2, Big.roundHalfUp).toFixed(2),
  };
}
