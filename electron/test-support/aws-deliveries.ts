/**
 * A folder of AWS CUR deliveries as `aws s3 sync` mirrors it (tests, bench, e2e): per month
 * `cur/gpu-report/YYYYMMDD-YYYYMMDD/<assemblyId>/gpu-report-<n>.csv.gz` and the manifest
 * `cur/gpu-report/YYYYMMDD-YYYYMMDD/gpu-report-Manifest.json` listing the latest assembly's `reportKeys`. Each
 * delivery restates the whole month so far (month-to-date, then final, then restatements with credits); older
 * assemblies stay in the folder. The generator keeps its own ledger of what each delivery bills, summed with big.js.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Big from 'big.js';

const HEADER = [
  'identity/LineItemId',
  'bill/InvoiceId',
  'bill/PayerAccountId',
  'bill/BillingPeriodStartDate',
  'bill/BillingPeriodEndDate',
  'lineItem/UsageAccountId',
  'lineItem/LineItemType',
  'lineItem/UsageStartDate',
  'lineItem/UsageEndDate',
  'lineItem/ProductCode',
  'lineItem/UsageType',
  'lineItem/UsageAmount',
  'lineItem/CurrencyCode',
  'lineItem/UnblendedCost',
  'lineItem/LineItemDescription',
  'product/instanceType',
  'product/region',
  'resourceTags/user:team',
];

export interface MonthDelivery {
  /** `YYYY-MM`. */
  month: string;
  /** 0: month-to-date, 1: final, 2+: restatements. */
  revision: number;
  parts: string[];
  manifest: string;
  /** Σ unblended cost of the delivery (the whole month as this delivery states it). */
  total: string;
}

function monthRange(month: string): { start: string; end: string; folder: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1));
  const end = next.toISOString().slice(0, 10);
  return { start: `${month}-01`, end, folder: `${month.replace('-', '')}01-${end.replace(/-/g, '')}` };
}

/** Deterministic pseudo-random amounts (xorshift). */
function rng(seed: number): () => number {
  let x = seed || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) % 1_000_000) / 1_000_000;
  };
}

export function monthsFrom(first: string, count: number): string[] {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 1 + i, 1)).toISOString().slice(0, 7));
}

/**
 * Writes one delivery of `month` (a new assembly folder and the manifest over the previous one) and returns it.
 * `days` is how far into the month the delivery goes; `parts` splits it; a restatement (revision ≥ 2) adds a credit and
 * changes the GPU hours' amounts. The files' times are set to `at` (deliveries are ordered by time, as they arrive).
 */
export function writeMonthDelivery(
  root: string,
  month: string,
  revision: number,
  options: { parts?: number; days?: number; at?: Date; linesPerDay?: number } = {},
): MonthDelivery {
  const range = monthRange(month);
  const daysInMonth = Math.round((Date.parse(range.end) - Date.parse(range.start)) / 86_400_000);
  const days = Math.min(options.days ?? daysInMonth, daysInMonth);
  const perDay = options.linesPerDay ?? 2;
  const random = rng(Number(month.replace('-', '')) * 7 + 1);
  const rows: string[][] = [];
  let total = new Big(0);
  const final = revision >= 1;
  for (let d = 0; d < days; d += 1) {
    const day = new Date(Date.parse(range.start) + d * 86_400_000).toISOString().slice(0, 10);
    for (let k = 0; k < perDay; k += 1) {
      const base = new Big(Math.floor(random() * 1e6)).div(1e4); // up to 100 with 4 decimals
      const cost = revision >= 2 ? base.times('1.0125') : base;
      const costText = k === 1 ? `${cost.times(1e4).toFixed(6)}E-4` : cost.toFixed(8);
      total = total.plus(costText.includes('E') ? new Big(costText) : cost.toFixed(8));
      rows.push([
        `${month}-${d}-${k}`,
        final ? `INV-${month}` : '',
        '111122223333',
        `${range.start}T00:00:00Z`,
        `${range.end}T00:00:00Z`,
        '444455556666',
        'Usage',
        `${day}T00:00:00Z`,
        `${day}T23:59:59Z`,
        'AmazonEC2',
        'USE1-BoxUsage:p4d.24xlarge',
        '24',
        'USD',
        costText,
        'p4d.24xlarge On Demand',
        'p4d.24xlarge',
        'us-east-1',
        'ml',
      ]);
    }
  }
  if (revision >= 2) {
    const credit = new Big(-12.5).minus(revision);
    total = total.plus(credit);
    rows.push([
      `${month}-credit-${revision}`,
      `INV-${month}`,
      '111122223333',
      `${range.start}T00:00:00Z`,
      `${range.end}T00:00:00Z`,
      '444455556666',
      'Credit',
      `${range.start}T00:00:00Z`,
      `${range.end}T00:00:00Z`,
      'AmazonEC2',
      '',
      '0',
      'USD',
      credit.toFixed(),
      'Service credit',
      '',
      '',
      '',
    ]);
  }
  const partCount = Math.max(1, options.parts ?? 1);
  const assembly = `${month.replace('-', '')}-rev${revision}-${'0'.repeat(8)}-assembly`;
  const periodDir = path.join(root, 'cur', 'gpu-report', range.folder);
  fs.mkdirSync(path.join(periodDir, assembly), { recursive: true });
  const parts: string[] = [];
  const per = Math.ceil(rows.length / partCount);
  const at = options.at ?? new Date();
  for (let p = 0; p < partCount; p += 1) {
    const chunk = rows.slice(p * per, (p + 1) * per);
    const text = [HEADER, ...chunk].map((r) => r.join(',')).join('\n') + '\n';
    const file = path.join(periodDir, assembly, `gpu-report-${p + 1}.csv.gz`);
    fs.writeFileSync(file, zlib.gzipSync(Buffer.from(text)));
    fs.utimesSync(file, at, at);
    parts.push(file);
  }
  const manifest = path.join(periodDir, 'gpu-report-Manifest.json');
  const keys = parts.map((f) => `cur/gpu-report/${range.folder}/${assembly}/${path.basename(f)}`);
  fs.writeFileSync(
    manifest,
    JSON.stringify(
      {
        assemblyId: assembly,
        account: '111122223333',
        billingPeriod: { start: range.start, end: range.end },
        bucket: 'acme-cur',
        reportKeys: keys,
      },
      null,
      2,
    ),
  );
  fs.utimesSync(manifest, at, at);
  return { month, revision, parts, manifest, total: total.toFixed() };
}
