/**
 * The one formatter of money (GUIDE: "One formatter prints money"): an exact decimal string in its currency, rounded
 * half-up to the cent by string maths, grouped by thousands, with the currency's symbol where it is unambiguous
 * ($, €, £, ¥) and its ISO code otherwise ("CHF 1,234.50"). The screens, the PDF and the CLI's text all use it; the
 * CSV files and JSON carry the plain decimal beside a `currency` column or field.
 */
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
