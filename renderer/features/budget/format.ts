/** Display helpers for exact decimal strings (no float rounding on the way to the screen). */
import { NO_CURRENCY } from '../../../shared/domain/billing/spend-line';

export function groupThousands(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [int = '0', frac] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '−' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}

const SYMBOL: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

/** `$1,234.50` for USD, `CHF 1,234.50` otherwise. The value is shown as given (already rounded to the cent by main). */
export function money(currency: string, decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined) return '—';
  const text = groupThousands(decimal);
  if (currency === NO_CURRENCY) return `${text} (currency not stated)`;
  const sym = SYMBOL[currency];
  if (!sym) return `${currency} ${text}`;
  return text.startsWith('−') ? `−${sym}${text.slice(1)}` : `${sym}${text}`;
}

/** Exact decimal string rounded to cents for display (string maths only). */
export function toCents(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [int = '0', frac = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  let cents = BigInt(int + (frac + '00').slice(0, 2));
  if ((frac[2] ?? '0') >= '5') cents += 1n;
  const s = cents.toString().padStart(3, '0');
  return `${negative && cents !== 0n ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** One amount to the currency's cents (`$0.14`, `EUR 1,234.50`); a non-zero amount under a cent reads `< $0.01`. */
export function amountText(currency: string, decimal: string): string {
  const cents = toCents(decimal);
  if (/^-?0\.00$/.test(cents) && /[1-9]/.test(decimal)) return `${decimal.startsWith('-') ? '> −' : '< '}${money(currency, '0.01')}`;
  return money(currency, cents);
}

export function totalsText(totals: Record<string, string>): string {
  const keys = Object.keys(totals).sort();
  return keys.length === 0 ? '—' : keys.map((c) => money(c, toCents(totals[c]!))).join(' + ');
}

/** File sizes: `755 kB`, `1.4 MB` (decimal units), exact bytes below 10 kB. */
export function bytesText(bytes: number): string {
  if (bytes < 10_000) return `${groupThousands(String(bytes))} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(bytes < 100_000_000 ? 1 : 0)} MB`;
}

export function monthLabel(month: string): string {
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
}
