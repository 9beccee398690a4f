/**
 * A catalog price entered in another currency than the catalog's (USD): converted with the app's dated rates
 * (budget/currency.ts, the rate on or before the price's date), the rate and its date named, and the amount as it
 * was entered kept in the price's notes, so the stored dollar figure always says where it came from.
 */
import Big from 'big.js';
import { convert, describeRate, type RateUsed } from './budget/currency';
import type { ExchangeRate } from './budget/types';
import { amountText } from './money-format';

/** The currency every catalog price is stored in. */
export const CATALOG_CURRENCY = 'USD';
/** Decimals a converted price keeps (per-second and per-GPU prices go below a cent). */
const CONVERTED_DECIMALS = 4;

export interface ForeignPriceInput {
  currency: string;
  /** The amounts as typed: a price, and optionally a low and a high end ('' when not given). */
  amount: string;
  low: string;
  high: string;
  per: string;
  /** The price's date, which picks the rate. */
  asOf: string;
}

export type PriceConversion =
  | {
      ok: true;
      usd: number;
      usdLow: number | null;
      usdHigh: number | null;
      /** null for a USD price (nothing converted). */
      rate: RateUsed | null;
      /** "1 EUR = 1.0512 USD (ECB euro reference rate, 2026-11-01)", or '' for USD. */
      rateText: string;
      /** What the price keeps of the amount as entered, or null for USD. */
      note: string | null;
    }
  | { ok: false; field: 'usd' | 'usdLow' | 'usdHigh' | 'currency' | 'asOf'; message: string };

const DECIMAL = /^\d+(\.\d+)?$/;

/** "3,000.50" and " 2.10 " read as decimals; anything else is null. */
function readDecimal(text: string): string | null {
  const t = text.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  return DECIMAL.test(t) ? t : null;
}

/** Converts the typed price into the catalog's dollars, or says which field is wrong and why. */
export function priceInCatalogCurrency(input: ForeignPriceInput, rates: readonly ExchangeRate[]): PriceConversion {
  const currency = input.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return { ok: false, field: 'currency', message: 'a three-letter currency code, such as EUR' };
  const amount = readDecimal(input.amount);
  if (amount === null || new Big(amount).lte(0))
    return { ok: false, field: 'usd', message: `the price as a number above 0 in ${currency}, such as 2.10` };
  const ends: Array<{ field: 'usdLow' | 'usdHigh'; text: string }> = [
    { field: 'usdLow', text: input.low },
    { field: 'usdHigh', text: input.high },
  ];
  const read: Partial<Record<'usdLow' | 'usdHigh', string>> = {};
  for (const end of ends) {
    if (end.text.trim() === '') continue;
    const value = readDecimal(end.text);
    if (value === null) return { ok: false, field: end.field, message: `a number in ${currency}, or leave it empty` };
    read[end.field] = value;
  }
  if (currency === CATALOG_CURRENCY)
    return {
      ok: true,
      usd: Number(amount),
      usdLow: read.usdLow !== undefined ? Number(read.usdLow) : null,
      usdHigh: read.usdHigh !== undefined ? Number(read.usdHigh) : null,
      rate: null,
      rateText: '',
      note: null,
    };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.asOf))
    return { ok: false, field: 'asOf', message: 'the date the price was seen (it picks the exchange rate)' };
  const converted = convert(amount, currency, CATALOG_CURRENCY, input.asOf, rates);
  if (!converted?.rate)
    return {
      ok: false,
      field: 'currency',
      message: `no exchange rate from ${currency} to USD on or before ${input.asOf}; add one under Budget › Exchange rates, or enter the price in USD`,
    };
  const rate = converted.rate;
  const toUsd = (value: string) =>
    Number((convert(value, currency, CATALOG_CURRENCY, input.asOf, rates)?.value ?? new Big(0)).round(CONVERTED_DECIMALS, Big.roundHalfUp));
  const usd = Number(converted.value.round(CONVERTED_DECIMALS, Big.roundHalfUp));
  if (usd <= 0) return { ok: false, field: 'usd', message: `the price is below ${amountText('USD', '0.0001')} once converted` };
  const rateText = describeRate(currency, CATALOG_CURRENCY, rate, input.asOf);
  const range = read.usdLow !== undefined || read.usdHigh !== undefined ? ` (range ${read.usdLow ?? '…'}–${read.usdHigh ?? '…'})` : '';
  const per = input.per === 'once' ? '' : ` per ${input.per}`;
  return {
    ok: true,
    usd,
    usdLow: read.usdLow !== undefined ? toUsd(read.usdLow) : null,
    usdHigh: read.usdHigh !== undefined ? toUsd(read.usdHigh) : null,
    rate,
    rateText,
    note: `Entered as ${amount} ${currency}${per}${range}; converted at ${rateText}.`,
  };
}
