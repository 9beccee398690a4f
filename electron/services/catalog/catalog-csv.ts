/**
 * The catalog as CSV: one row per price (history included) with its offering's columns, so that an export imported
 * into another database rebuilds the same catalog, and imported into the same one adds nothing.
 */
import type { z } from 'zod';
import { PRICE_KINDS, PRICE_UNITS, type OfferingWithPrices, type Price } from '../../../shared/domain/catalog';
import { toCsv, unneutraliseCsvCell } from '../../../shared/domain/csv';
import { UserError, type ErrorDetails } from '../../../shared/domain/errors';
import { newOfferingPriceSchema, offeringInputSchema } from '../../../shared/ipc/contract/catalog';
import { csvRecords } from '../csv-records';

export const CATALOG_CSV_COLUMNS = [
  'offering_id',
  'provider_id',
  'sku',
  'gpu_id',
  'gpu_count',
  'vcpus',
  'ram_gib',
  'region',
  'notes',
  'power_watts',
  'price_kind',
  'usd',
  'per',
  'usd_low',
  'usd_high',
  'as_of',
  'source',
  'price_notes',
] as const;

export function catalogToCsv(offerings: ReadonlyArray<OfferingWithPrices & { history: Price[] }>, options: { bom?: boolean } = {}): string {
  const rows = offerings.flatMap((o) =>
    o.history.map((p) => [
      o.id,
      o.providerId,
      o.sku,
      o.gpuId,
      o.gpuCount,
      o.vcpus,
      o.ramGiB,
      o.region,
      o.notes,
      o.powerWatts,
      p.kind,
      p.usd,
      p.per,
      p.usdLow,
      p.usdHigh,
      p.asOf,
      p.source,
      p.notes,
    ]),
  );
  return toCsv(CATALOG_CSV_COLUMNS, rows, options);
}

export interface CatalogCsvRow {
  line: number;
  offering: z.output<typeof offeringInputSchema> & { id: string };
  price: z.output<typeof newOfferingPriceSchema>;
}

const numberOrNull = (text: string): number | null | string =>
  text.trim() === '' ? null : Number.isFinite(Number(text)) ? Number(text) : text;
const textOrNull = (text: string): string | null => (text.trim() === '' ? null : text);

/** Parses and validates every row; any problem refuses the whole file with each problem's line and column. */
export function parseCatalogCsv(text: string, file: string): CatalogCsvRow[] {
  const parsed = csvRecords(text, file);
  const header = parsed[0]?.record;
  const data = parsed.slice(1);
  const missing = CATALOG_CSV_COLUMNS.filter((c) => !header?.map((h) => h.trim().toLowerCase()).includes(c));
  if (!header || missing.length > 0) {
    throw new UserError('CSV_HEADER', `${file}: the header lacks ${missing.join(', ')}`, {
      file,
      line: 1,
      expected: CATALOG_CSV_COLUMNS.join(','),
    });
  }
  const index = Object.fromEntries(header.map((h, i) => [h.trim().toLowerCase(), i]));
  const problems: NonNullable<ErrorDetails['problems']> = [];
  const rows: CatalogCsvRow[] = [];
  data.forEach(({ record, line }) => {
    if (record.length !== header.length) {
      problems.push({ line, column: record.length + 1, message: `expected ${header.length} fields, found ${record.length}` });
      return;
    }
    // Cells our export neutralised against spreadsheet formulas ('=…) read back as they were.
    const cell = (name: (typeof CATALOG_CSV_COLUMNS)[number]) => unneutraliseCsvCell(record[index[name]!] ?? '');
    const offering = offeringInputSchema.safeParse({
      id: cell('offering_id'),
      providerId: cell('provider_id'),
      sku: cell('sku'),
      gpuId: cell('gpu_id'),
      gpuCount: numberOrNull(cell('gpu_count')),
      vcpus: numberOrNull(cell('vcpus')),
      ramGiB: numberOrNull(cell('ram_gib')),
      region: textOrNull(cell('region')),
      notes: textOrNull(cell('notes')),
      powerWatts: numberOrNull(cell('power_watts')),
    });
    const price = newOfferingPriceSchema.safeParse({
      kind: cell('price_kind'),
      usd: numberOrNull(cell('usd')),
      per: cell('per'),
      usdLow: numberOrNull(cell('usd_low')),
      usdHigh: numberOrNull(cell('usd_high')),
      asOf: cell('as_of'),
      source: cell('source'),
      notes: textOrNull(cell('price_notes')),
    });
    const columnOf: Record<string, string> = {
      id: 'offering_id',
      providerId: 'provider_id',
      gpuId: 'gpu_id',
      gpuCount: 'gpu_count',
      ramGiB: 'ram_gib',
      powerWatts: 'power_watts',
      kind: 'price_kind',
      usdLow: 'usd_low',
      usdHigh: 'usd_high',
      asOf: 'as_of',
      notes: 'notes',
    };
    for (const issue of [...(offering.success ? [] : offering.error.issues), ...(price.success ? [] : price.error.issues)]) {
      const key = String(issue.path[0] ?? '');
      const column = columnOf[key] ?? key;
      const expected = key === 'kind' ? ` (one of ${PRICE_KINDS.join(', ')})` : key === 'per' ? ` (one of ${PRICE_UNITS.join(', ')})` : '';
      const message =
        issue.code === 'invalid_type' ? `expected a ${String((issue as { expected?: string }).expected ?? 'value')}` : issue.message;
      problems.push({
        line,
        column: `${column} (${(index[column] ?? 0) + 1})`,
        message: `${message}${expected}`,
        value: cell(column as (typeof CATALOG_CSV_COLUMNS)[number]),
      });
    }
    if (offering.success && price.success)
      rows.push({ line, offering: { ...offering.data, id: offering.data.id ?? '' }, price: price.data });
  });
  if (problems.length > 0) {
    const first = problems[0]!;
    throw new UserError(
      'CSV_INVALID',
      `${file}: ${problems.length} invalid field${problems.length > 1 ? 's' : ''}; first at line ${first.line}, column ${first.column}: ${first.message}. Nothing was imported.`,
      { file, line: first.line, column: first.column, problems },
    );
  }
  return rows;
}
