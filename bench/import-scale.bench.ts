/**
 * Billing imports at scale (issue 32 items 1, 2, 5, 6; issue 26 item 15): FOCUS CSVs generated deterministically into
 * a temporary folder (200K and 1M lines; `BENCH_SCALE=10M` adds a 10M-line gzip CSV) imported through the BUILT CLI, as a
 * user runs it, in a child process whose peak RSS is measured by `/usr/bin/time` (the child's max RSS); time
 * compared with the `sqlite3` shell's `.import` of the same CSV in the same run; then the spend explorer's group-bys
 * over the stored lines. A CUR 2.0 Parquet (200K lines by default, `BENCH_PARQUET_ROWS` another size; `BENCH_SCALE=10M`: 10M lines)
 * is written row group by row group (electron/test-support/parquet-writer.ts, 100,000 lines a group, with
 * statistics) and imported whole, then with a slice of one sub-account in ten (row groups skipped by their statistics).
 * Every file is deleted after its figures.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import Big from 'big.js';
import { createAppContext } from '../electron/services/app-context';
import { ParquetStreamWriter, type ParquetColumn } from '../electron/test-support/parquet-writer';
import { sized, type BenchReport } from './bench-kit';
import { generateFocusFile } from './budget.bench';

const MIB = 1024 * 1024;
const RSS_TARGET_MIB = 300;

function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/** Runs the CLI import in a child under /usr/bin/time: wall ms, peak RSS (MiB), the JSON it printed. */
interface CliImportOutput {
  rowsImported: number;
  totals: Record<string, string>;
  filtered?: { read: number; kept: number; rowGroupsSkipped?: { groups: number; rows: number } } | null;
}

function cliImport(
  file: string,
  db: string,
  extra: string[] = [],
): { ms: number; rssMiB: number | null; cpuMs: number | null; out: CliImportOutput } {
  const bin = path.join(repoRoot(), 'bin', 'gpu-planner.cjs');
  const timed = fs.existsSync('/usr/bin/time');
  const cmd = timed ? '/usr/bin/time' : process.execPath;
  const args = timed
    ? ['-f', 'MAXRSS_KB=%M CPU_S=%U+%S', process.execPath, bin, 'import', file, '--db', db, '--json', ...extra]
    : [bin, 'import', file, '--db', db, '--json', ...extra];
  const t0 = performance.now();
  const run = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = performance.now() - t0;
  if (run.status !== 0) throw new Error(`import failed: ${run.stderr.slice(-2000)}`);
  const kb = /MAXRSS_KB=(\d+)/.exec(run.stderr)?.[1];
  const cpu = /CPU_S=([\d.]+)\+([\d.]+)/.exec(run.stderr);
  return {
    ms,
    rssMiB: kb ? Number(kb) / 1024 : null,
    cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null,
    out: JSON.parse(run.stdout) as CliImportOutput,
  };
}

/** The sqlite3 shell's .import of the CSV into a new file database: wall ms and CPU ms (user + system; null without /usr/bin/time). */
function shellImport(csv: string, dir: string): { ms: number; cpuMs: number | null } | null {
  if (spawnSync('sqlite3', ['-version']).status !== 0) return null;
  const shellDb = path.join(dir, `shell-${path.basename(csv)}.sqlite`);
  const timed = fs.existsSync('/usr/bin/time');
  const args = [shellDb, '.mode csv', `.import ${csv} spend`];
  const t0 = performance.now();
  const run = timed
    ? spawnSync('/usr/bin/time', ['-f', 'CPU_S=%U+%S', 'sqlite3', ...args], { encoding: 'utf8' })
    : spawnSync('sqlite3', args, { encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (run.status !== 0) throw new Error(`sqlite3 .import failed: ${run.stderr.slice(-2000)}`);
  fs.rmSync(shellDb, { force: true });
  const cpu = /CPU_S=([\d.]+)\+([\d.]+)/.exec(run.stderr);
  return { ms, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null };
}

async function oneSize(report: BenchReport, dir: string, rows: number, gzip: boolean): Promise<void> {
  const label = `${rows.toLocaleString('en-US')}-line FOCUS ${gzip ? 'gzip CSV' : 'CSV'}`;
  const csv = path.join(dir, `focus-${rows}.csv`);
  const expected = generateFocusFile(csv, rows);
  report.log(`generated ${label} (${(fs.statSync(csv).size / MIB).toFixed(0)} MiB CSV) in ${dir}`);
  const shell = shellImport(csv, dir);
  const shellMs = shell?.ms ?? null;
  if (shell)
    report.figure(`sqlite3 shell .import of the ${rows.toLocaleString('en-US')}-line CSV`, shell.ms, 'ms', {
      ...(shell.cpuMs !== null ? { note: `CPU ${shell.cpuMs.toFixed(0)} ms` } : {}),
    });
  else report.log('sqlite3 shell absent: no ratio');
  let file = csv;
  if (gzip) {
    file = `${csv}.gz`;
    await pipeline(fs.createReadStream(csv), zlib.createGzip({ level: 1 }), fs.createWriteStream(file));
    fs.rmSync(csv);
  }
  const db = path.join(dir, `app-${rows}-${gzip ? 'gz' : 'csv'}.sqlite`);
  const result = cliImport(file, db);
  const exact = result.out.totals.USD === expected;
  report.figure(`gpu-planner import ${label} (CLI)`, result.ms, 'ms', {
    note: `${result.out.rowsImported} lines; total ${exact ? 'exact' : `${result.out.totals.USD} ≠ ${expected}`}${result.cpuMs !== null ? `; CPU ${result.cpuMs.toFixed(0)} ms with the reader child` : ''}`,
    ok: exact,
  });
  if (result.rssMiB !== null)
    report.figure(`  peak RSS of the CLI process`, Number(result.rssMiB.toFixed(0)), 'MiB', {
      target: `≤ ${RSS_TARGET_MIB}`,
      ok: result.rssMiB <= RSS_TARGET_MIB,
    });
  if (shellMs !== null) {
    const ratio = result.ms / shellMs;
    report.figure(`  import time / sqlite3 .import time`, Number(ratio.toFixed(2)), '×', { target: '≤ 2.5', ok: ratio <= 2.5 });
    // On a loaded machine the wall ratio is mostly the CPU ratio (the reader child and the writer share the cores).
    if (shell?.cpuMs && result.cpuMs !== null)
      report.figure(`  import CPU / sqlite3 .import CPU`, Number((result.cpuMs / shell.cpuMs).toFixed(2)), '×');
  }
  // Reading at scale (item 5): the spend explorer's group-bys over the stored lines.
  const ctx = createAppContext({ dataDir: dir, databaseFile: db, runtime: 'cli' });
  try {
    for (const by of ['service', 'month', 'track', 'sub-account'] as const) {
      const t0 = performance.now();
      ctx.services.budget.spendSummary({ by });
      const ms = performance.now() - t0;
      report.figure(`  spend explorer group-by ${by} over ${rows.toLocaleString('en-US')} lines`, ms, 'ms', {
        target: '≤ 200',
        ok: ms <= 200,
      });
    }
  } finally {
    ctx.close();
  }
  fs.rmSync(db, { force: true });
  fs.rmSync(file, { force: true });
}

const CUR_COLUMNS: ParquetColumn[] = [
  ['bill_payer_account_id', 'string'],
  ['bill_payer_account_name', 'string'],
  ['bill_billing_period_start_date', 'timestamp'],
  ['bill_billing_period_end_date', 'timestamp'],
  ['bill_invoice_id', 'string'],
  ['line_item_line_item_type', 'string'],
  ['line_item_usage_start_date', 'timestamp'],
  ['line_item_usage_end_date', 'timestamp'],
  ['line_item_usage_account_id', 'string'],
  ['line_item_product_code', 'string'],
  ['line_item_usage_type', 'string'],
  ['line_item_usage_amount', 'string'],
  ['line_item_unblended_cost', 'string'],
  ['line_item_currency_code', 'string'],
  ['line_item_resource_id', 'string'],
  ['product', 'map'],
  ['product_instance_type', 'string'],
  ['pricing_unit', 'string'],
  ['resource_tags', 'map'],
].map(([name, kind]) => ({ name: name!, kind: kind as ParquetColumn['kind'] }));
const CUR_GROUP_ROWS = 100_000;
const INSTANCES = ['p4d.24xlarge', 'p5.48xlarge', 'g5.xlarge', 'g6.12xlarge', 'trn1.32xlarge'];

/**
 * A CUR 2.0 Parquet of `rows` lines (Data Exports' snake_case columns, product and resource_tags maps), written group
 * by group; each group's lines belong to one of ten usage accounts (group number mod 10), a slice of one account reads
 * one group in ten. Returns the exact USD total and that of account …0003.
 */
function generateCurParquet(file: string, rows: number): { total: string; sliceTotal: string } {
  const fd = fs.openSync(file, 'w');
  let total = new Big(0);
  let sliceTotal = new Big(0);
  try {
    const writer = new ParquetStreamWriter(
      CUR_COLUMNS,
      (bytes) => fs.writeSync(fd, bytes),
      (column) => (column.startsWith('line_item_usage') || column.startsWith('bill_') ? 'exact' : 'none'),
    );
    for (let g = 0; g * CUR_GROUP_ROWS < rows; g += 1) {
      const account = `99990000000${g % 10}`;
      let groupTotal = new Big(0);
      const group = [];
      for (let i = g * CUR_GROUP_ROWS; i < Math.min(rows, (g + 1) * CUR_GROUP_ROWS); i += 1) {
        const day = String(1 + (i % 30)).padStart(2, '0');
        const hour = String(i % 24).padStart(2, '0');
        const cents = ((i * 7919) % 100_000) - 3_000;
        const cost = `${(cents / 1000).toFixed(3)}${String(i % 997).padStart(7, '0')}`;
        groupTotal = groupTotal.plus(cost);
        const instance = INSTANCES[i % INSTANCES.length]!;
        group.push({
          bill_payer_account_id: '123456789012',
          bill_payer_account_name: 'Lab',
          bill_billing_period_start_date: '2024-09-01T00:00:00Z',
          bill_billing_period_end_date: '2024-10-01T00:00:00Z',
          bill_invoice_id: 'INV-2024-09',
          line_item_line_item_type: i % 50 === 0 ? 'Credit' : 'Usage',
          line_item_usage_start_date: `2024-09-${day}T${hour}:00:00Z`,
          line_item_usage_end_date: `2024-09-${day}T${hour}:59:59Z`,
          line_item_usage_account_id: account,
          line_item_product_code: 'AmazonEC2',
          line_item_usage_type: `BoxUsage:${instance}`,
          line_item_usage_amount: '1',
          line_item_unblended_cost: cost,
          line_item_currency_code: 'USD',
          line_item_resource_id: `i-${(i % 5000).toString(16).padStart(8, '0')}`,
          product: { product_name: 'Amazon Elastic Compute Cloud', region: 'us-east-1' },
          product_instance_type: instance,
          pricing_unit: 'Hrs',
          resource_tags: { user_team: `track-${i % 5}` },
        });
      }
      writer.writeRowGroup(group);
      total = total.plus(groupTotal);
      if (g % 10 === 3) sliceTotal = sliceTotal.plus(groupTotal);
    }
    writer.finish();
  } finally {
    fs.closeSync(fd);
  }
  return { total: total.toFixed(), sliceTotal: sliceTotal.toFixed() };
}

async function curParquet(report: BenchReport, dir: string, rows: number): Promise<void> {
  const label = `${rows.toLocaleString('en-US')}-line CUR 2.0 Parquet`;
  const file = path.join(dir, `cur2-${rows}.parquet`);
  const t0 = performance.now();
  const expected = generateCurParquet(file, rows);
  report.log(
    `generated ${label} (${(fs.statSync(file).size / MIB).toFixed(0)} MiB, ${Math.ceil(rows / CUR_GROUP_ROWS)} row groups) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const db = path.join(dir, `app-cur-${rows}.sqlite`);
  try {
    const whole = cliImport(file, db);
    const exact = whole.out.totals.USD === expected.total;
    report.figure(`gpu-planner import ${label} (CLI)`, whole.ms, 'ms', {
      note: `${whole.out.rowsImported} lines; total ${exact ? 'exact' : `${whole.out.totals.USD} ≠ ${expected.total}`}; no sqlite3 baseline (the shell reads no Parquet)`,
      ok: exact,
    });
    report.figure(`  read throughput`, Math.round(rows / (whole.ms / 1000)), 'lines/s');
    if (whole.rssMiB !== null)
      report.figure(`  peak RSS of the CLI process`, Number(whole.rssMiB.toFixed(0)), 'MiB', {
        target: `≤ ${RSS_TARGET_MIB}`,
        ok: whole.rssMiB <= RSS_TARGET_MIB,
      });
    fs.rmSync(db, { force: true });
    // The slice of one usage account in ten: nine row groups in ten skipped by their statistics, never decoded.
    const sliced = cliImport(file, db, ['--account', '999900000003']);
    const sliceExact = sliced.out.totals.USD === expected.sliceTotal;
    const skipped = sliced.out.filtered?.rowGroupsSkipped;
    report.figure(`gpu-planner import ${label}, one account in ten (--account)`, sliced.ms, 'ms', {
      note: `${sliced.out.rowsImported} lines kept; ${skipped ? `${skipped.groups} row groups (${skipped.rows} lines) not decoded` : 'no row group skipped'}; total ${sliceExact ? 'exact' : `${sliced.out.totals.USD} ≠ ${expected.sliceTotal}`}`,
      ok: sliceExact && skipped !== undefined,
    });
    if (sliced.rssMiB !== null) report.figure(`  peak RSS of the CLI process`, Number(sliced.rssMiB.toFixed(0)), 'MiB');
  } finally {
    fs.rmSync(db, { force: true });
    fs.rmSync(file, { force: true });
  }
}

export async function run(report: BenchReport): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-import-scale-'));
  try {
    const scale = process.env.BENCH_SCALE ?? '1M';
    // 200K lines (issue 26 item 15) and 1M lines (issue 32 item 2), each with its ratio; BENCH_ROWS: other sizes
    // (comma-separated).
    const sizes = process.env.BENCH_ROWS?.split(',').map(Number) ?? [sized(200_000, 20_000), sized(1_000_000, 50_000)];
    for (const rows of sizes) await oneSize(report, dir, rows, false);
    if (scale === '10M') await oneSize(report, dir, 10_000_000, true);
    // BENCH_PARQUET_ROWS: another size of the CUR 2.0 Parquet (10M with BENCH_SCALE=10M; 0 leaves it out).
    const parquetRows = Number(process.env.BENCH_PARQUET_ROWS ?? (scale === '10M' ? 10_000_000 : sized(200_000, 20_000)));
    if (parquetRows > 0) await curParquet(report, dir, parquetRows);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
