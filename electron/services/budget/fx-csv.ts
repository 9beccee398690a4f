/**
 * Exchange rates as CSV (issue 25 item 1): `from,to,rate,as_of,source` — 1 FROM = RATE TO from AS_OF, with where the
 * rate comes from. The export writes the same columns (and `origin`), so an export imported elsewhere gives the same
 * rates. Any bad row refuses the whole file, each problem with its line, column and what was expected.
 */
import { toCsv, unneutraliseCsvCell } from '../../../shared/domain/csv';
import type { ExchangeRate } from '../../../shared/domain/budget/types';
import { UserError, type ErrorDetails } from '../../../shared/domain/errors';
import { csvRecords } from '../csv-records';

export const RATES_CSV_COLUMNS = ['from', 'to', 'rate', 'as_of', 'source'] as const;

export function ratesToCsv(rates: readonly ExchangeRate[]): string {
  return toCsv(
    [...RATES_CSV_COLUMNS, 'origin'],
    rates.map((r) => [r.from, r.to, r.rate, r.asOf, r.source, r.origin ?? 'user']),
  );
}

const CURRENCY = /^[A-Z]{3}$/;
const RATE = /^\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Parses and validates every row of a rates CSV; any problem refuses the whole file. */
export function parseRatesCsv(text: string, file: string): Array<Omit<ExchangeRate, 'id'>> {
  const parsed = csvRecords(text, file);
  const header = parsed[0]?.record.map((h) => h.trim().toLowerCase());
  const missing = RATES_CSV_COLUMNS.filter((c) => !header?.includes(c));
  if (!header || missing.length > 0)
    throw new UserError('CSV_HEADER', `${file}, line 1: the header lacks ${missing.join(', ')}`, {
      file,
      line: 1,
      expected: RATES_CSV_COLUMNS.join(','),
    });
  const index = Object.fromEntries(header.map((h, i) => [h, i]));
  const problems: NonNullable<ErrorDetails['problems']> = [];
  const rows: Array<Omit<ExchangeRate, 'id'>> = [];
  for (const { record, line } of parsed.slice(1)) {
    const cell = (name: (typeof RATES_CSV_COLUMNS)[number]) => unneutraliseCsvCell(record[index[name]!] ?? '').trim();
    const column = (name: (typeof RATES_CSV_COLUMNS)[number]) => index[name]! + 1;
    const bad = (name: (typeof RATES_CSV_COLUMNS)[number], expected: string) =>
      problems.push({ line, column: column(name), field: name, value: cell(name), message: `expected ${expected}` });
    const [from, to, rate, asOf, source] = RATES_CSV_COLUMNS.map(cell) as [string, string, string, string, string];
    let ok = true;
    if (!CURRENCY.test(from)) ok = !bad('from', 'a 3-letter currency code such as USD');
    if (!CURRENCY.test(to)) ok = !bad('to', 'a 3-letter currency code such as EUR');
    else if (from === to) ok = !bad('to', 'a currency other than "from"');
    if (!RATE.test(rate) || Number(rate) <= 0) ok = !bad('rate', 'a decimal above 0 such as 0.92');
    if (!DAY.test(asOf) || Number.isNaN(Date.parse(`${asOf}T00:00:00Z`))) ok = !bad('as_of', 'a date YYYY-MM-DD');
    if (!source) ok = !bad('source', 'where the rate comes from');
    if (ok) rows.push({ from, to, rate, asOf, source, origin: 'import' });
  }
  if (problems.length > 0) {
    const first = problems[0]!;
    throw new UserError(
      'INVALID_RATES',
      `${file}, line ${first.line}, column ${first.column} (${first.field}): ${first.message}, found "${first.value}"${problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : ''}. Nothing was imported.`,
      { file, line: first.line, column: first.column, problems },
    );
  }
  if (rows.length === 0)
    throw new UserError('INVALID_RATES', `${file}: no rates after the header. Nothing was imported.`, { file, line: 2 });
  return rows;
}
