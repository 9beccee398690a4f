import Big from 'big.js';
import { money, toCents } from '../../../../shared/domain/money-format';
/** Number formatting for the report (display only; the figures stay exact strings in the model). */
/**
 * An amount to the cent in its currency, by the one money formatter: the plan's figures in the project's currency
 * (`model.cover.currency`), the estimator's and the seed authors' figures in USD (the catalog's currency).
 */
export function usd(value: string | number | null | undefined, currency: string): string {
  if (value === null || value === undefined || value === '') return '—';
  let exact: string;
  try {
    exact = new Big(value).toFixed();
  } catch {
    return String(value);
  }
  return money(currency, toCents(exact));
}
export function num(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}
export function range(r: { low: number; high: number } | null | undefined, unit: '$' | 'h' | '' = ''): string {
  if (!r) return '—';
  const f = (n: number) => (unit === '$' ? `$${n.toLocaleString('en-US')}` : `${n.toLocaleString('en-US')}${unit === 'h' ? ' h' : ''}`);
  return r.low === r.high ? f(r.low) : `${f(r.low)}–${f(r.high)}`;
}
