/**
 * The one formatter of money (GUIDE: "One formatter prints money"): an exact decimal string in its currency, rounded
 * half-up to the cent by string maths, grouped by thousands, with the currency's symbol where it is unambiguous
 * ($, €, £, ¥) and its ISO code otherwise ("CHF 1,234.50"). The screens, the PDF and the CLI's text all use it; the
 * CSV files and JSON carry the plain decimal beside a `currency` column or field.
 */
import Big from 'big.js';
import { NO_CURRENCY } from './billing/spend-line';

const SYMBOL: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

export function groupThousands(decimal: string): string {
  const negative = decimal.startsWith('-') || decimal.startsWith('−');
  const [int = '0', frac] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '−' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}

/** Exact decimal string rounded half-up to cents (string maths only; E-notation is not expected here). */
export function toCents(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [int = '0', frac = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  let cents = BigInt((int || '0') + (frac + '00').slice(0, 2));
  if ((frac[2] ?? '0') >= '5') cents += 1n;
  const s = cents.toString().padStart(3, '0');
  return `${negative && cents !== 0n ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** `$1,234.50` for USD, `€1,234.50` for EUR, `CHF 1,234.50` otherwise. The value is shown as given (already in cents). */
export function money(currency: string, decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined || decimal === '') return '—';
  const text = groupThousands(decimal);
  if (currency === NO_CURRENCY) return `${text} (currency not stated)`;
  const sym = SYMBOL[currency];
  if (!sym) return `${currency} ${text}`;
  return text.startsWith('−') ? `−${sym}${text.slice(1)}` : `${sym}${text}`;
}

/** One amount to the cent in its currency (`$0.14`, `EUR 1,234.50`); a non-zero amount under a cent reads `< $0.01`. */
export function amountText(currency: string, decimal: string): string {
  const cents = toCents(decimal);
  if (/^-?0\.00$/.test(cents) && /[1-9]/.test(decimal)) return `${decimal.startsWith('-') ? '> −' : '< '}${money(currency, '0.01')}`;
  return money(currency, cents);
}

/** The currency's sign as a column header or axis label shows it: "$", "€", "CHF". */
export function currencySign(currency: string): string {
  return SYMBOL[currency] ?? currency;
}

/** Amounts in several currencies, each by `money`, in a stable order: "$12.34 + €5.00"; "—" when there is none. */
export function totalsText(totals: Record<string, string>): string {
  const keys = Object.keys(totals).sort();
  return keys.length === 0 ? '—' : keys.map((c) => money(c, toCents(totals[c]!))).join(' + ');
}

/**
 * How many digits a figure computed in floating point carries (an estimate, a price, a chart tick), so every screen
 * rounds the same kind of figure the same way: `cents` to the cent; `estimate` a modelled amount, whole units from
 * 100 up (its precision is not a cent's); `rate` a unit price, three decimals under 1 ($0.752 an hour) and whole
 * units from 1,000 up; `axis` a chart tick, short ($1.5k, $30k).
 */
export type MoneyPrecision = 'cents' | 'estimate' | 'rate' | 'axis';

/** A number as money in its currency by `money` (same symbol, grouping and minus sign), rounded half-up per `precision`. */
export function moneyFigure(currency: string, value: number | null | undefined, precision: MoneyPrecision = 'cents'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const exact = new Big(value);
  const abs = exact.abs();
  const fixed = (decimals: number) => exact.round(decimals, Big.roundHalfUp).toFixed(decimals);
  switch (precision) {
    case 'cents':
      return money(currency, fixed(2));
    case 'estimate':
      return money(currency, abs.gte(100) ? fixed(0) : fixed(2));
    case 'rate':
      if (abs.gte(1000)) return money(currency, fixed(0));
      if (abs.gte(1)) return money(currency, fixed(2));
      return money(currency, fixed(3).replace(/(\.\d\d\d*?)0$/, '$1'));
    case 'axis':
      if (abs.gte(1000)) {
        const thousands = exact.div(1000);
        return `${money(currency, thousands.round(abs.gte(10_000) ? 0 : 1, Big.roundHalfUp).toFixed(abs.gte(10_000) ? 0 : 1))}k`;
      }
      return money(currency, abs.gte(10) ? fixed(0) : abs.gte(1) ? fixed(1) : fixed(2));
  }
}
