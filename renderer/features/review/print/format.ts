import Big from 'big.js';
import { money, toCents } from '../../../../shared/domain/money-format';
import type { ReportModel } from '../../../../shared/domain/report/report-model';
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

type Cover = Pick<ReportModel['cover'], 'currency' | 'catalogRate'>;

/**
 * An amount stated in USD (a catalog price, a run-rate, an author's figure) in the project's currency at the report's
 * catalog rate (the plan's first week's); as stated in a USD project or when no rate is known.
 */
export function fromUsd(value: string | number | null | undefined, cover: Cover): string {
  if (value === null || value === undefined || value === '') return '—';
  if (!cover.catalogRate) return usd(value, 'USD');
  return usd(new Big(value).times(cover.catalogRate.factor).toFixed(), cover.currency);
}

/** An author's figure, written in USD: "$10–$15"; in another currency "€8.56–€12.84 ($10–$15)". */
export function authorRange(r: { low: number; high: number } | null | undefined, cover: Cover): string {
  if (!r) return '—';
  const stated = range(r, '$');
  if (!cover.catalogRate) return stated;
  const converted = r.low === r.high ? fromUsd(r.low, cover) : `${fromUsd(r.low, cover)}–${fromUsd(r.high, cover)}`;
  return `${converted} (${stated})`;
}

/**
 * Whether the plan carries figures of a source document's author (the bundled examples do; a plan the lead made
 * does not): the report shows "author" figures and columns only then (issue 28, items 4 and 9).
 */
export function hasAuthorFigures(model: ReportModel): boolean {
  return (
    model.milestones.some((m) => m.authorUsd !== null || m.authorHours !== null) ||
    model.assumptions.scenarios.some((s) => s.authorUsd !== null || s.authorRisk !== null)
  );
}

/** A table's head and rows without the columns at `drop` (e.g. the author's columns of a plan without a source). */
export function withoutColumns<T>(head: string[], rows: T[][], drop: number[]): { head: string[]; rows: T[][] } {
  const keep = (_: unknown, i: number) => !drop.includes(i);
  return { head: head.filter(keep), rows: rows.map((r) => r.filter(keep)) };
}
