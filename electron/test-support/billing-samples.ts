/**
 * Test support: every billing sample of ../shared/billing-samples with the column that holds its billed cost, and an
 * INDEPENDENT per-currency total of that column — csv-parse/sync over the whole decompressed text and scaled-BigInt
 * arithmetic (no big.js, no streaming reader, no dialect code) — to check the importer against.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { referenceFile } from './paths';

export interface BillingSample {
  path: string;
  /** Billed (actual, unamortized) cost column, currency column ('' = the file states none). */
  cost: string;
  currency: string;
  /** GCP: billed = cost + Σ credits[].amount. */
  credits?: string;
  /** Rows the file holds that are invalid (the import is refused unless skipInvalid). */
  invalidRows?: number;
}

/** The column pairs the providers' exports use, one per export format. */
const column = {
  focus: { cost: 'BilledCost', currency: 'BillingCurrency' },
  azureEa: { cost: 'Cost', currency: 'BillingCurrency' },
  awsCur: { cost: 'lineItem/UnblendedCost', currency: 'lineItem/CurrencyCode' },
  awsCurSnake: { cost: 'line_item_unblended_cost', currency: 'line_item_currency_code' },
  azurePreTax: { cost: 'PreTaxCost', currency: 'Currency' },
  azureV2: { cost: 'CostInBillingCurrency', currency: 'BillingCurrencyCode' },
  azureV2Camel: { cost: 'costInBillingCurrency', currency: 'billingCurrency' },
  azureNoCurrency: { cost: 'costinbillingcurrency', currency: '' },
  gcp: { cost: 'cost', currency: 'currency', credits: 'credits' },
} satisfies Record<string, Omit<BillingSample, 'path'>>;

/** Samples of one format: the folder's files that share its columns. */
const samples = (columns: Omit<BillingSample, 'path'>, ...paths: string[]): BillingSample[] => paths.map((p) => ({ path: p, ...columns }));

export const BILLING_SAMPLES: BillingSample[] = [
  ...samples(column.focus, 'focus-sample-data/focus_sample.csv'),
  ...samples(
    column.azureEa,
    'azure-finops-toolkit/EA_ActualCost_Small.csv',
    'azure-finops-toolkit/EA_AmortizedCost_Small.csv',
    'azure-finops-toolkit/EA_NoRows.csv',
  ),
  ...samples(
    column.awsCur,
    'koku/aws/test_cur.csv',
    'koku/aws/test_cur.csv.gz',
    'koku/aws/2023-06-01.csv',
    'koku/aws/2023-06-01-not-final.csv',
    'koku/aws/empty_frame.csv',
  ),
  ...samples(column.awsCurSnake, 'koku/aws/2022-07-01-alt-columns.csv'),
  ...samples(
    column.awsCur,
    'koku/aws/test_local_bucket/koku-local/20180801-20180901/16e57707-f9e3-49be-8be6-b84e684b5194/koku-local-1.csv.gz',
  ),
  ...samples(
    column.awsCurSnake,
    'aws-well-architected-labs/Step1CUR.gz',
    'aws-well-architected-labs/Oct2018-WorkshopCUR-00001.snappy.parquet',
  ),
  ...samples({ cost: 'preTaxCost', currency: 'currency' }, 'koku/azure/azure_camelCased.csv'),
  // Its currency is "MC", no ISO 4217 code: every row is refused (issue 26 item 13).
  ...samples({ ...column.azureV2, invalidRows: 5 }, 'koku/azure/azure_version_2.csv'),
  ...samples(column.azureV2Camel, 'koku/azure/camel_azure_version_2.csv'),
  ...samples(column.azurePreTax, 'koku/azure/costreport_a243c6f2-199f-4074-9a2c-40e671cf1584.csv', 'koku/azure/empty_frame.csv'),
  ...samples(column.gcp, 'koku/gcp/202011_30c31bca571d9b7f3b2c8459dd8bc34a_2020-11-08:2020-11-11.csv', 'koku/gcp/2022-08-01_5.csv'),
  ...samples({ ...column.azurePreTax, invalidRows: 1 }, 'opencost-azure/headersets/BOM.csv'),
  ...samples(column.azureV2, 'opencost-azure/headersets/Enterprise.csv'),
  ...samples(column.azureV2Camel, 'opencost-azure/headersets/EnterpriseCamel.csv'),
  ...samples({ cost: 'PreTaxCost (PreTaxCost)', currency: 'Currency' }, 'opencost-azure/headersets/German.csv'),
  ...samples(column.azurePreTax, 'opencost-azure/headersets/PayAsYouGo.csv'),
  ...samples({ cost: 'costInBillingCurrency', currency: 'Currency' }, 'opencost-azure/headersets/YA.csv'),
  ...samples(
    column.azureNoCurrency,
    'opencost-azure/values/MissingBrackets.csv',
    'opencost-azure/values/Template.csv',
    'opencost-azure/values/VirtualMachine.csv',
  ),
];

/** A decimal text as (digits × 10^-scale) with BigInt: "4.0E-7" → 40n, scale 8. */
function scaled(text: string): { units: bigint; scale: number } {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`not a number: ${text}`);
  const fraction = m[3] ?? '';
  let units = BigInt(`${m[2] || '0'}${fraction}`);
  let scale = fraction.length - Number(m[4] ?? 0);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: m[1] === '-' ? -units : units, scale };
}

class ScaledSum {
  units = 0n;
  scale = 0;
  add(text: string): void {
    const v = scaled(text);
    if (v.scale > this.scale) {
      this.units *= 10n ** BigInt(v.scale - this.scale);
      this.scale = v.scale;
    }
    this.units += v.units * 10n ** BigInt(this.scale - v.scale);
  }
  toString(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString().padStart(this.scale + 1, '0');
    const whole = digits.slice(0, digits.length - this.scale);
    const fraction = digits.slice(digits.length - this.scale).replace(/0+$/, '');
    const text = fraction ? `${whole}.${fraction}` : whole;
    return negative && text !== '0' ? `-${text}` : text;
  }
}

/**
 * The sample's billed total per currency ('(none)' where the file states none), computed without the importer (its own
 * CSV and Parquet readers, exact decimals).
 * Computed once per sample and test process: the samples are read-only reference files, and decoding the Parquet
 * sample takes seconds. Each caller gets its own copy.
 */
export async function independentTotals(sample: BillingSample): Promise<{ totals: Record<string, string>; rows: number }> {
  const key = JSON.stringify([sample.path, sample.cost, sample.currency, sample.credits ?? null]);
  let pending = independentTotalsMemo.get(key);
  if (!pending) {
    pending = computeIndependentTotals(sample);
    independentTotalsMemo.set(key, pending);
    pending.catch(() => independentTotalsMemo.delete(key));
  }
  const { totals, rows } = await pending;
  return { totals: { ...totals }, rows };
}
const independentTotalsMemo = new Map<string, Promise<{ totals: Record<string, string>; rows: number }>>();

async function computeIndependentTotals(sample: BillingSample): Promise<{ totals: Record<string, string>; rows: number }> {
  const file = referenceFile('billing-samples', sample.path);
  let rows: Array<Record<string, unknown>>;
  if (sample.path.endsWith('.parquet')) {
    const { parquetReadObjects } = await import('hyparquet');
    const { compressors } = await import('hyparquet-compressors');
    const bytes = fs.readFileSync(file);
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    rows = await parquetReadObjects({ file: arrayBuffer, compressors, columns: [sample.cost, sample.currency] });
  } else {
    let bytes = fs.readFileSync(file);
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = zlib.gunzipSync(bytes);
    const text = bytes.toString('utf8').replace(/^\ufeff/, '');
    const first = text.slice(0, text.search(/\r?\n/));
    const delimiter = first.split('\x01').length > first.split(',').length ? '\x01' : ',';
    rows = parse(text, {
      columns: true,
      delimiter,
      relax_column_count: true,
      quote: delimiter === ',' ? '"' : false,
      skip_empty_lines: true,
    });
  }
  const sums = new Map<string, ScaledSum>();
  for (const row of rows) {
    const currency = (sample.currency ? String(row[sample.currency] ?? '') : '') || '(none)';
    const cost = row[sample.cost];
    if (cost === undefined || cost === null || String(cost).trim() === '') continue; // invalid row: not imported
    if (currency !== '(none)' && !/^[A-Za-z]{3}$/.test(currency)) continue; // no currency code: invalid, not imported
    const sum = sums.get(currency) ?? new ScaledSum();
    sum.add(String(cost));
    if (sample.credits) for (const m of String(row[sample.credits] ?? '').matchAll(/'amount': ([-0-9.eE+]+)/g)) sum.add(m[1]!);
    sums.set(currency, sum);
  }
  return {
    totals: Object.fromEntries([...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([c, s]) => [c, s.toString()])),
    rows: rows.length,
  };
}

export function sampleFile(sample: BillingSample): string {
  return referenceFile('billing-samples', sample.path);
}
