/**
 * Every real export in ../shared/billing-samples read through the streaming reader: its total per currency must equal
 * an INDEPENDENT exact sum of the file's billed-cost column. The independent sum does not use big.js nor the
 * importer's parsers: it reads the whole file (fine in a test), splits records with csv-parse's sync API or by `\x01`,
 * picks the column by its raw header name and adds scaled BigInts.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { referenceDir } from '../../../test-support/paths';
import { readBillingFile, type ReadSummary } from './billing-reader';

const SAMPLES = path.join(referenceDir, 'billing-samples');
const SCALE = 40n; // decimals kept by the independent sum (the files carry at most 28)

/** "−1.5E-7" → BigInt of value × 10^40 (exact), without any decimal library. */
function scaled(text: string): bigint {
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(`not a number: ${JSON.stringify(text)}`);
  const digits = `${m[2]}${m[3] ?? ''}`;
  const exponent = BigInt(m[4] ?? '0') - BigInt((m[3] ?? '').length) + SCALE;
  const magnitude = exponent >= 0n ? BigInt(digits || '0') * 10n ** exponent : BigInt(digits || '0') / 10n ** -exponent;
  return m[1] === '-' ? -magnitude : magnitude;
}

function unscaled(value: bigint): string {
  const negative = value < 0n;
  const abs = (negative ? -value : value).toString().padStart(Number(SCALE) + 1, '0');
  const whole = abs.slice(0, abs.length - Number(SCALE));
  const fraction = abs.slice(abs.length - Number(SCALE)).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

/** Canonical form of a decimal string for comparison (through the same BigInt scaling). */
const canonical = (text: string) => unscaled(scaled(text));

const BILLED = ['billedcost', 'lineitem/unblendedcost', 'line_item_unblended_cost', 'costinbillingcurrency', 'pretaxcost', 'cost'];
const CURRENCY = ['billingcurrency', 'lineitem/currencycode', 'line_item_currency_code', 'billingcurrencycode', 'currency'];

/** Header cell → lower-case name; Azure's localized `Kosten (Cost)` → `cost`. */
function headerKey(cell: string): string {
  const t = cell.replace(/^\uFEFF/, '').trim();
  const paren = /\(([^()]+)\)\s*$/.exec(t);
  return (paren ? paren[1]! : t).trim().toLowerCase();
}

function readRecords(file: string): string[][] {
  let bytes = fs.readFileSync(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = zlib.gunzipSync(bytes);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (firstLine.includes('\x01')) {
    return text
      .split(/\r?\n/)
      .filter((l) => l !== '')
      .map((l) => l.split('\x01'));
  }
  return parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
}

const isNull = (v: string | undefined) => v === undefined || ['', 'null', '\\n', 'none'].includes(v.trim().toLowerCase());

function independentTotals(records: string[][]): { rows: number; totals: Record<string, string> } {
  const header = records[0]!.map(headerKey);
  const billed = BILLED.map((n) => header.indexOf(n)).find((i) => i >= 0);
  if (billed === undefined) throw new Error(`no billed column in ${header.join(',')}`);
  const currency = CURRENCY.map((n) => header.indexOf(n)).find((i) => i >= 0);
  const credits = header.indexOf('credits');
  const sums = new Map<string, bigint>();
  for (const record of records.slice(1)) {
    const raw = record[billed];
    if (isNull(raw)) continue;
    let amount = scaled(raw!);
    if (credits >= 0 && !isNull(record[credits])) {
      for (const m of record[credits]!.matchAll(/["']amount["']\s*:\s*(-?[\d.eE+-]+)/g)) amount += scaled(m[1]!);
    }
    const code = currency === undefined || isNull(record[currency]) ? '' : record[currency]!.trim();
    if (code !== '' && !/^[A-Za-z]{3}$/.test(code)) continue; // no currency code ("MC"): a refused row
    sums.set(code, (sums.get(code) ?? 0n) + amount);
  }
  return { rows: records.length - 1, totals: Object.fromEntries([...sums].map(([c, v]) => [c, unscaled(v)])) };
}

async function importerTotals(file: string): Promise<{ summary: ReadSummary; lines: number; totals: Record<string, string> }> {
  const sums = new Map<string, bigint>();
  let lines = 0;
  const summary = await readBillingFile(file, {}, (batch) => {
    for (const line of batch) {
      lines += 1;
      sums.set(line.currency, (sums.get(line.currency) ?? 0n) + scaled(line.billedCost));
    }
  });
  return { summary, lines, totals: Object.fromEntries([...sums].map(([c, v]) => [c, unscaled(v)])) };
}

/** FORMATS.md: path, dialect, data rows. */
const CSV_SAMPLES: Array<[string, string, number]> = [
  ['focus-sample-data/focus_sample.csv', 'focus', 1000],
  ['azure-finops-toolkit/EA_ActualCost_Small.csv', 'azure', 11],
  ['azure-finops-toolkit/EA_AmortizedCost_Small.csv', 'azure', 28],
  ['azure-finops-toolkit/EA_NoRows.csv', 'azure', 0],
  ['koku/aws/test_cur.csv', 'aws-cur', 19],
  ['koku/aws/test_cur.csv.gz', 'aws-cur', 19],
  ['koku/aws/2023-06-01.csv', 'aws-cur', 3],
  ['koku/aws/2023-06-01-not-final.csv', 'aws-cur', 3],
  ['koku/aws/empty_frame.csv', 'aws-cur', 0],
  ['koku/aws/2022-07-01-alt-columns.csv', 'aws-athena', 2],
  ['koku/aws/test_local_bucket/koku-local/20180801-20180901/16e57707-f9e3-49be-8be6-b84e684b5194/koku-local-1.csv.gz', 'aws-cur', 13380],
  ['aws-well-architected-labs/Step1CUR.gz', 'aws-athena', 7850],
  ['koku/azure/azure_camelCased.csv', 'azure', 3],
  ['koku/azure/azure_version_2.csv', 'azure', 5],
  ['koku/azure/camel_azure_version_2.csv', 'azure', 4],
  ['koku/azure/costreport_a243c6f2-199f-4074-9a2c-40e671cf1584.csv', 'azure', 3],
  ['koku/azure/empty_frame.csv', 'azure', 0],
  ['koku/gcp/202011_30c31bca571d9b7f3b2c8459dd8bc34a_2020-11-08:2020-11-11.csv', 'gcp', 25],
  ['koku/gcp/2022-08-01_5.csv', 'gcp', 9],
  ['opencost-azure/headersets/BOM.csv', 'azure', 1],
  ['opencost-azure/headersets/Enterprise.csv', 'azure', 1],
  ['opencost-azure/headersets/EnterpriseCamel.csv', 'azure', 1],
  ['opencost-azure/headersets/German.csv', 'azure', 1],
  ['opencost-azure/headersets/PayAsYouGo.csv', 'azure', 1],
  ['opencost-azure/headersets/YA.csv', 'azure', 1],
  ['opencost-azure/values/MissingBrackets.csv', 'azure', 1],
  ['opencost-azure/values/Template.csv', 'azure', 87],
  ['opencost-azure/values/VirtualMachine.csv', 'azure', 1],
];

/**
 * Rows the importer must refuse (line, column): BOM.csv's only row has an empty PreTaxCost — empty is not 0; koku's
 * azure_version_2.csv fixture states its currency as "MC", no ISO 4217 code (issue 26 item 13).
 */
const BROKEN_ROWS: Record<string, Array<[number, string]>> = {
  'opencost-azure/headersets/BOM.csv': [[2, 'PreTaxCost']],
  'koku/azure/azure_version_2.csv': [2, 3, 4, 5, 6].map((line) => [line, 'BillingCurrencyCode']),
};

describe('every billing sample: importer total = independent decimal sum of the billed column', () => {
  it('covers every data file in billing-samples', () => {
    const all: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (!/\.(md|json)$/.test(e.name)) all.push(path.relative(SAMPLES, p));
      }
    };
    walk(SAMPLES);
    const covered = new Set([...CSV_SAMPLES.map(([f]) => f), 'aws-well-architected-labs/Oct2018-WorkshopCUR-00001.snappy.parquet']);
    expect(all.filter((f) => !covered.has(f))).toEqual([]);
  });

  it.each(CSV_SAMPLES)('%s (%s, %i rows)', async (relative, dialect, rows) => {
    const file = path.join(SAMPLES, relative);
    const expected = independentTotals(readRecords(file));
    expect(expected.rows).toBe(rows);
    const got = await importerTotals(file);
    expect(got.summary.dialect).toBe(dialect);
    const broken = BROKEN_ROWS[relative] ?? [];
    expect(got.summary.errorCount).toBe(broken.length);
    expect(got.summary.errors.map((e) => [e.line, e.column])).toEqual(broken);
    expect(got.summary.rowsRead).toBe(rows);
    expect(got.lines).toBe(rows - got.summary.totalRows - broken.length);
    expect(got.totals).toEqual(expected.totals);
    if (rows === 0) expect(got.totals).toEqual({});
  });

  it('the Athena Parquet export (119,307 rows, row group by row group)', async () => {
    const file = path.join(SAMPLES, 'aws-well-architected-labs/Oct2018-WorkshopCUR-00001.snappy.parquet');
    const { asyncBufferFromFile, parquetReadObjects } = await import('hyparquet');
    const { compressors } = await import('hyparquet-compressors');
    const rows = (await parquetReadObjects({
      file: await asyncBufferFromFile(file),
      columns: ['line_item_unblended_cost', 'line_item_currency_code'],
      compressors,
    })) as Array<{ line_item_unblended_cost: number | string | null; line_item_currency_code: string | null }>;
    const sums = new Map<string, bigint>();
    for (const r of rows) {
      if (r.line_item_unblended_cost === null) continue;
      // Parquet doubles: their shortest round-trip text is the exact decimal the export wrote.
      const code = r.line_item_currency_code ?? '';
      sums.set(code, (sums.get(code) ?? 0n) + scaled(String(r.line_item_unblended_cost)));
    }
    const got = await importerTotals(file);
    expect(rows.length).toBe(119_307);
    expect(got.summary.container).toBe('parquet');
    expect(got.summary.rowsRead).toBe(119_307);
    expect(got.totals).toEqual(Object.fromEntries([...sums].map(([c, v]) => [c, unscaled(v)])));
  });

  it('the independent adder itself is exact (E-notation, 28 decimals)', () => {
    expect(canonical('4.0E-7')).toBe('0.0000004');
    expect(unscaled(scaled('5e-06') + scaled('-0.000005'))).toBe('0');
    expect(unscaled(scaled('0.1') + scaled('0.2'))).toBe('0.3');
    expect(canonical('1.2345678901234567890123456789')).toBe('1.2345678901234567890123456789');
  });
});
