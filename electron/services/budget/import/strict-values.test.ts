/**
 * Issue 26 item 13: lenient billing values. A two-digit year after next year (`1/1/99`, which read as 2099-01-01), a
 * currency that is no ISO 4217 code ("US$ dollars", "ABCDEFGHIJ", "US$") and a row cut short before its currency
 * column (imported as "(none)") are refused, each with the line and the column, in CSV and in every cloud format's
 * reader, and in a mapped CSV; `usd` and `3/1/21` still read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { columnMappingSchema } from '../../../../shared/domain/billing/column-mapping';
import { parseBillingDate, twoDigitYear } from '../../../../shared/domain/billing/billing-dates';
import { isIso4217Code } from '../../../../shared/domain/billing/iso-4217';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';
import { writeParquet } from '../../../test-support/parquet-writer';
import { tempDir } from '../../../test-support/paths';
import { createTestApp } from '../../../test-support/test-app';
import { readBillingFile, type ReadOptions, type ReadSummary } from './billing-reader';

const dir = tempDir();
afterAll(() => dir.remove());
let n = 0;

async function read(name: string, text: string | Buffer, options: ReadOptions = {}): Promise<{ summary: ReadSummary; lines: SpendLine[] }> {
  const file = path.join(dir.dir, `${(n += 1)}-${name}`);
  fs.writeFileSync(file, text);
  const lines: SpendLine[] = [];
  const summary = await readBillingFile(file, options, (batch) => void lines.push(...batch));
  return { summary, lines };
}

const problems = (summary: ReadSummary) => summary.errors.map((e) => ({ line: e.line, column: e.column, value: e.value }));

/** Per format: a header, and a row builder (cost, currency, date); the currency column's name as the file writes it. */
const FORMATS: Array<{
  name: string;
  currencyColumn: string;
  header: string[];
  row: (cost: string, currency: string, date: string) => string[];
}> = [
  {
    name: 'FOCUS',
    currencyColumn: 'BillingCurrency',
    header: ['BilledCost', 'ChargePeriodStart', 'ServiceName', 'BillingCurrency'],
    row: (c, cur, d) => [c, d, 'Compute', cur],
  },
  {
    name: 'AWS CUR',
    currencyColumn: 'lineItem/CurrencyCode',
    header: ['lineItem/UsageStartDate', 'lineItem/UnblendedCost', 'lineItem/ProductCode', 'lineItem/CurrencyCode'],
    row: (c, cur, d) => [d, c, 'AmazonEC2', cur],
  },
  {
    name: 'Azure',
    currencyColumn: 'BillingCurrencyCode',
    header: ['Date', 'MeterCategory', 'CostInBillingCurrency', 'BillingCurrencyCode'],
    row: (c, cur, d) => [d, 'Virtual Machines', c, cur],
  },
  {
    name: 'GCP',
    currencyColumn: 'Currency',
    header: ['Line Item', 'Start Time', 'Cost', 'Currency'],
    row: (c, cur, d) => ['com.google.cloud/services/compute-engine/N1', d, c, cur],
  },
  {
    name: 'OCI',
    currencyColumn: 'cost/currencyCode',
    header: ['lineItem/intervalUsageStart', 'cost/myCost', 'product/service', 'cost/currencyCode'],
    row: (c, cur, d) => [d, c, 'COMPUTE', cur],
  },
];

const csv = (rows: string[][]) =>
  `${rows.map((r) => r.map((v) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\n')}\n`;

describe('currencies are ISO 4217 codes, in every format (issue 26 item 13)', () => {
  for (const format of FORMATS) {
    it(`${format.name}: "US$ dollars", "ABCDEFGHIJ" and "US$" refused with line and column; "usd" read as USD`, async () => {
      const { summary, lines } = await read(
        `${format.name}.csv`,
        csv([
          format.header,
          format.row('1.5', 'usd', '2024-09-02'),
          format.row('2', 'US$ dollars', '2024-09-02'),
          format.row('3', 'ABCDEFGHIJ', '2024-09-03'),
          format.row('4', 'US$', '2024-09-04'),
          format.row('5', 'EUR', '2024-09-05'),
        ]),
      );
      expect(problems(summary)).toEqual([
        { line: 3, column: format.currencyColumn, value: 'US$ dollars' },
        { line: 4, column: format.currencyColumn, value: 'ABCDEFGHIJ' },
        { line: 5, column: format.currencyColumn, value: 'US$' },
      ]);
      expect(summary.errors[0]!.message).toBe(
        `line 3, column ${format.currencyColumn}: "US$ dollars" is not an ISO 4217 currency code such as USD, EUR or JPY (three letters)`,
      );
      expect(lines.map((l) => l.currency)).toEqual(['USD', 'EUR']);
    });

    it(`${format.name}: a row cut short before its currency column is refused, not imported as "(none)"`, async () => {
      const { summary, lines } = await read(
        `${format.name}-short.csv`,
        csv([format.header, format.row('1', 'USD', '2024-09-02'), format.row('2', 'USD', '2024-09-02').slice(0, 3)]),
      );
      expect(problems(summary)).toEqual([{ line: 3, column: format.currencyColumn, value: '' }]);
      expect(summary.errors[0]!.message).toMatch(
        new RegExp(`^line 3: column ${format.currencyColumn.replace('/', '\\/')} is missing \\(the row has 3 of 4 fields\\)`),
      );
      expect(lines.map((l) => l.currency)).toEqual(['USD']);
    });

    it(`${format.name}: 1/1/99 is refused (never 2099) with line and column; 3/1/21 is 2021-03-01`, async () => {
      const { summary, lines } = await read(
        `${format.name}-dates.csv`,
        csv([format.header, format.row('1', 'USD', '3/1/21'), format.row('2', 'USD', '1/1/99'), format.row('3', 'USD', '12/31/2099')]),
      );
      expect(summary.errors.map((e) => [e.line, e.value])).toEqual([[3, '1/1/99']]);
      expect(summary.errors[0]!.message).toMatch(/"1\/1\/99" is not a date with a four-digit year: "99" as a two-digit year would be 2099/);
      expect(lines.map((l) => l.chargePeriodStart.slice(0, 10))).toEqual(['2021-03-01', '2099-12-31']);
    });
  }

  it('FOCUS Parquet: a currency that is no code is refused with its row and column', async () => {
    const parquet = writeParquet(
      ['BilledCost', 'BillingCurrency', 'ChargePeriodStart'].map((name) => ({ name, kind: 'string' as const })),
      [
        { BilledCost: '1', BillingCurrency: 'USD', ChargePeriodStart: '2024-09-01' },
        { BilledCost: '2', BillingCurrency: 'US$ dollars', ChargePeriodStart: '2024-09-01' },
      ],
    );
    const { summary, lines } = await read('focus.parquet', parquet);
    expect(problems(summary)).toEqual([{ line: 3, column: 'BillingCurrency', value: 'US$ dollars' }]);
    expect(lines).toHaveLength(1);
  });

  it('a mapped CSV: its currency column is checked, and a fixed currency of "ABCDEFGHIJ" is no mapping', async () => {
    const mapping = columnMappingSchema.parse({ dateColumn: 'when', costColumn: 'amount', currencyColumn: 'cur' });
    const { summary, lines } = await read('ledger.csv', 'when,amount,cur\n2024-10-01,1.5,usd\n2024-10-02,2,US$ dollars\n', {
      format: 'generic',
      mapping,
    });
    expect(problems(summary)).toEqual([{ line: 3, column: 'cur', value: 'US$ dollars' }]);
    expect(lines.map((l) => l.currency)).toEqual(['USD']);
    const fixed = columnMappingSchema.safeParse({ dateColumn: 'when', costColumn: 'amount', currency: 'ABCDEFGHIJ' });
    expect(fixed.success).toBe(false);
    expect(fixed.error?.issues[0]).toMatchObject({ path: ['currency'], message: expect.stringMatching(/ISO 4217/) });
    expect(columnMappingSchema.safeParse({ dateColumn: 'when', costColumn: 'amount', currency: 'nok' }).success).toBe(true);
  });

  it('through the import service: the file is refused whole, nothing imported, each problem with line and column', async () => {
    const app = createTestApp();
    try {
      const file = path.join(dir.dir, 'focus-mixed.csv');
      fs.writeFileSync(
        file,
        csv([
          FORMATS[0]!.header,
          FORMATS[0]!.row('1', 'USD', '2024-09-02'),
          FORMATS[0]!.row('2', 'ABCDEFGHIJ', '1/1/99'),
          ['3', '2024-09-02'],
        ]),
      );
      const error = (await app.services.budget.importFile({ file }).then(
        () => null,
        (e: unknown) => e,
      )) as { code: string; details: { problems: unknown[] } };
      expect(error.code).toBe('INVALID_ROWS');
      expect(error.details.problems).toEqual([
        expect.objectContaining({ line: 3, column: 'ChargePeriodStart', value: '1/1/99' }),
        expect.objectContaining({ line: 3, column: 'BillingCurrency', value: 'ABCDEFGHIJ' }),
        expect.objectContaining({ line: 4, column: 'BillingCurrency' }),
      ]);
      expect(app.services.budget.listImports()).toEqual([]);
    } finally {
      app.dispose();
    }
  });
});

describe('the rules themselves', () => {
  it('two-digit years: 20yy up to next year, refused after', () => {
    expect(twoDigitYear(21, 2026)).toBe(2021);
    expect(twoDigitYear(27, 2026)).toBe(2027);
    expect(twoDigitYear(28, 2026)).toBeNull();
    expect(twoDigitYear(99, 2026)).toBeNull();
    expect(parseBillingDate('1/1/99')).toMatchObject({ ok: false });
    expect(parseBillingDate('01/01/2099')).toEqual({ ok: true, value: '2099-01-01T00:00:00Z' });
  });

  it('ISO 4217: active codes, upper case only; no test or "no currency" codes', () => {
    for (const code of ['USD', 'EUR', 'JPY', 'NOK', 'GBP', 'CHF', 'INR', 'ZWG', 'XCG']) expect(isIso4217Code(code), code).toBe(true);
    for (const code of ['usd', 'US$', 'MC', 'ABC', 'XXX', 'XTS', 'ABCDEFGHIJ', '']) expect(isIso4217Code(code), code).toBe(false);
  });
});
