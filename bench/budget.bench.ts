import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Big from 'big.js';
import { rebuildSpendRollup } from '../electron/db/queries/spend-rollup';
import { createAppContext } from '../electron/services/app-context';
import { readBillingFile } from '../electron/services/budget/import/billing-reader';
import { globMatches } from '../shared/domain/budget/glob';
import { measure, sized, type BenchReport } from './bench-kit';

/**
 * Budget benchmarks (issue 5):
 *  1. a generated 200,000-row FOCUS file imported through the app's import service (streaming reader → one
 *     transaction) against the `sqlite3` shell's `.import` of the same file into a file database, in the same run;
 *     ratio target ≤ 2.5× (issue 26 item 15); peak RSS of this process < 500 MiB;
 *  2. group-by (month, service) over a million spend lines < 200 ms.
 */
const ROWS = sized(200_000, 20_000);
const MIB = 1024 * 1024;

const HEADER = [
  'BilledCost',
  'BillingAccountId',
  'BillingAccountName',
  'BillingCurrency',
  'BillingPeriodEnd',
  'BillingPeriodStart',
  'ChargeCategory',
  'ChargeClass',
  'ChargeDescription',
  'ChargePeriodEnd',
  'ChargePeriodStart',
  'ConsumedQuantity',
  'ConsumedUnit',
  'EffectiveCost',
  'ListCost',
  'PricingCategory',
  'ProviderName',
  'PublisherName',
  'RegionId',
  'ResourceId',
  'ResourceName',
  'ServiceCategory',
  'ServiceName',
  'SkuId',
  'SkuPriceDetails',
  'SubAccountId',
  'SubAccountName',
  'Tags',
];
const SERVICES = ['Amazon Elastic Compute Cloud', 'Amazon Simple Storage Service', 'AWS Data Transfer', 'Amazon SageMaker'];
const INSTANCES = ['p4d.24xlarge', 'g5.xlarge', 'p3.2xlarge', 'm5.large'];

/** Writes the FOCUS file in chunks (never the whole file in memory); returns the exact billed total. */
export function generateFocusFile(file: string, rows: number): string {
  const fd = fs.openSync(file, 'w');
  let total = new Big(0);
  try {
    fs.writeSync(fd, `${HEADER.join(',')}\n`);
    let chunk: string[] = [];
    for (let i = 0; i < rows; i += 1) {
      const day = 1 + (i % 30);
      const hour = i % 24;
      const start = `2024-09-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:00:00`;
      const end = `2024-09-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:59:59`;
      const cents = ((i * 7919) % 100_000) - 3_000; // some negatives (credits)
      const cost = `${(cents / 1000).toFixed(3)}${String(i % 997).padStart(7, '0')}`; // 10 decimals
      total = total.plus(cost);
      const instance = INSTANCES[i % INSTANCES.length]!;
      const service = SERVICES[i % SERVICES.length]!;
      const details = `"{""InstanceType"": ""${instance}"", ""GpuCount"": ${i % 3}}"`;
      const tags = `"{""team"": ""track-${i % 5}"", ""env"": ""prod""}"`;
      chunk.push(
        [
          cost,
          '123456789012',
          'Lab',
          'USD',
          '2024-10-01T00:00:00Z',
          '2024-09-01T00:00:00Z',
          i % 50 === 0 ? 'Credit' : 'Usage',
          '',
          `"${service} usage"`,
          end,
          start,
          '1',
          'Hours',
          cost,
          cost,
          'Standard',
          'AWS',
          'AWS',
          'us-east-1',
          `arn:aws:ec2:us-east-1:123456789012:instance/i-${(i % 5000).toString(16).padStart(8, '0')}`,
          `node-${i % 5000}`,
          'Compute',
          `"${service}"`,
          `SKU${i % 200}`,
          details,
          `0000${i % 7}`,
          `account-${i % 7}`,
          tags,
        ].join(','),
      );
      if (chunk.length === 10_000) {
        fs.writeSync(fd, `${chunk.join('\n')}\n`);
        chunk = [];
      }
    }
    if (chunk.length > 0) fs.writeSync(fd, `${chunk.join('\n')}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return total.toFixed();
}

/** CPU time (ms) of this process's ended and waited-for children (Linux: /proc/self/stat cutime + cstime); NaN elsewhere. */
function childrenCpuMs(): number {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 3, cutime and cstime are fields 16 and 17 (1-based), in clock ticks (100 Hz).
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

function sqliteShell(report: BenchReport): string | null {
  const found = spawnSync('sqlite3', ['-version'], { encoding: 'utf8' });
  if (found.status === 0) return 'sqlite3';
  report.log('sqlite3 shell missing: installing it with apt-get (apt-get install -y sqlite3)');
  const installed = spawnSync('bash', [
    '-c',
    'apt-get install -y sqlite3 >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y sqlite3 >/dev/null 2>&1)',
  ]);
  if (installed.status !== 0) {
    report.log('could not install sqlite3: the import ratio is not measured');
    return null;
  }
  return 'sqlite3';
}

/** Allocation-rule globs (issue 11): a pathological pattern against 40-character ids costs about what a plain one does. */
async function globFigures(report: BenchReport): Promise<void> {
  const ids = Array.from({ length: 1000 }, (_, i) => `${'a'.repeat(36)}${String(i).padStart(4, '0')}`);
  const plain = await measure(() => ids.filter((id) => globMatches('a*0999', id)).length, { iterations: 30 });
  const hostile = await measure(() => ids.filter((id) => globMatches('*a*a*a*a*a*a*b', id)).length, { iterations: 30 });
  const ratio = hostile.medianMs / plain.medianMs;
  report.figure('allocation rule *a*a*a*a*a*a*b over 1,000 resource ids of 40 characters / a plain rule', Number(ratio.toFixed(1)), '×', {
    target: '≤ 20 (linear time; a regular expression took seconds)',
    ok: ratio <= 20,
    note: `${hostile.medianMs.toFixed(2)} ms vs ${plain.medianMs.toFixed(2)} ms, medians of 30`,
  });
}

export async function run(report: BenchReport): Promise<void> {
  await globFigures(report);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-budget-bench-'));
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  try {
    const csv = path.join(dir, 'focus-200k.csv');
    const expectedTotal = generateFocusFile(csv, ROWS);
    const sizeMiB = fs.statSync(csv).size / MIB;
    report.log(`generated ${ROWS.toLocaleString('en-US')} FOCUS rows (${sizeMiB.toFixed(1)} MiB) in ${dir}`);

    // Baseline first (cold page cache affects both equally after generation): the sqlite3 shell's .import.
    const shell = sqliteShell(report);
    let shellMs: number | null = null;
    if (shell) {
      const shellDb = path.join(dir, 'shell.sqlite');
      const shellCpu0 = childrenCpuMs();
      const t0 = performance.now();
      execFileSync(shell, [shellDb, '.mode csv', `.import ${csv} spend`], { stdio: 'pipe' });
      shellMs = performance.now() - t0;
      const shellCpu = childrenCpuMs() - shellCpu0;
      const count = execFileSync(shell, [shellDb, 'SELECT COUNT(*) FROM spend'], { encoding: 'utf8' }).trim();
      report.figure('sqlite3 shell .import of the same file', shellMs, 'ms', {
        note: `${count} rows into a file database${Number.isNaN(shellCpu) ? '' : `; CPU ${shellCpu.toFixed(0)} ms`}`,
      });
    }

    const rssBefore = process.memoryUsage().rss;
    const ctx = createAppContext({ dataDir: dir, databaseFile: path.join(dir, 'app.sqlite'), runtime: 'cli' });
    try {
      const cpu0 = process.cpuUsage();
      const childCpu0 = childrenCpuMs();
      const t0 = performance.now();
      const result = await ctx.services.budget.importFile({ file: csv });
      const importMs = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      // The reader child's CPU is counted once it is reaped (it exits just after its last message).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const childCpu = childrenCpuMs() - childCpu0;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      const exact = result.totals.USD === expectedTotal;
      report.figure('import 200,000-row FOCUS file (app)', importMs, 'ms', {
        note: `${result.rowsImported} lines, total USD ${result.totals.USD} ${exact ? '= generated total (exact)' : `≠ generated ${expectedTotal}`}; CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms${Number.isNaN(childCpu) ? '' : ` + reader child ${childCpu.toFixed(0)} ms`}`,
        ok: exact,
      });
      // Stage breakdown: the same file through the reader alone (read, decode, tokenize, map; no SQLite), warm.
      const readerStart = performance.now();
      let mapped = 0;
      await readBillingFile(csv, {}, (lines) => {
        mapped += lines.length;
      });
      const readerMs = performance.now() - readerStart;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      report.figure('  of which reading the file (read, decode, tokenize, map; reader alone)', readerMs, 'ms', {
        note: `${mapped} lines; the other ${(importMs - readerMs).toFixed(0)} ms: SQLite inserts, index rebuild, commit, hash, totals`,
      });
      if (shellMs !== null) {
        const ratio = importMs / shellMs;
        report.figure('import time / sqlite3 .import time', ratio, '×', { target: '≤ 2.5 (issue 26 item 15)', ok: ratio <= 2.5 });
      }
      report.figure('peak RSS during the bench', peakRss / MIB, 'MiB', {
        target: '< 500',
        ok: peakRss < 500 * MIB,
        note: `RSS before import ${(rssBefore / MIB).toFixed(0)} MiB`,
      });

      // A million lines: the 200k imported lines copied four more times inside SQLite (same import id).
      const db = ctx.db;
      const cols = db.prepare(`SELECT name FROM pragma_table_info('spend_lines') WHERE name <> 'id'`).all() as Array<{ name: string }>;
      const list = cols.map((c) => c.name).join(', ');
      const lastId = (db.prepare('SELECT MAX(id) AS id FROM spend_lines').get() as { id: number }).id;
      db.transaction(() => {
        for (let copy = 0; copy < 4; copy += 1)
          db.exec(
            `INSERT INTO spend_lines (${list}) SELECT ${list} FROM spend_lines WHERE import_id = ${result.importId} AND id <= ${lastId}`,
          );
      })();
      const lines = (db.prepare('SELECT COUNT(*) AS n FROM spend_lines').get() as { n: number }).n;
      const r0 = performance.now();
      db.transaction(() => rebuildSpendRollup(db))();
      const rollupRows = (db.prepare('SELECT COUNT(*) AS n FROM spend_rollup').get() as { n: number }).n;
      report.figure(`daily rollup rebuilt over ${lines.toLocaleString('en-US')} spend lines`, performance.now() - r0, 'ms', {
        note: `${rollupRows} rollup rows (each import fills its own inside its transaction)`,
      });
      const exactStart = performance.now();
      const exactMonth = ctx.services.budget.spendSummary({ by: 'month', exact: true });
      const exactMs = performance.now() - exactStart;
      const nanoMonth = ctx.services.budget.spendSummary({ by: 'month' });
      const cents = (v: string | undefined) => new Big(v ?? '0').round(2, Big.roundHalfEven).toFixed(2);
      const sameToTheCent = cents(exactMonth.totals.USD) === cents(nanoMonth.totals.USD);
      report.figure('exact decimal group-by month (decimal_sum over the text amounts)', exactMs, 'ms', {
        ok: sameToTheCent,
        note: `exact ${exactMonth.totals.USD} USD, rollup of nano-units ${nanoMonth.totals.USD} USD: ${sameToTheCent ? 'equal to the cent' : 'DIFFER at the cent'}`,
      });
      for (const by of ['month', 'service', 'week'] as const) {
        let groups = 0;
        const timing = await measure(
          () => {
            groups = ctx.services.budget.spendSummary({ by }).groups.length;
          },
          { iterations: 5, warmup: 1 },
        );
        report.figure(`group-by ${by} over ${lines.toLocaleString('en-US')} spend lines`, timing.medianMs, 'ms', {
          target: '< 200',
          ok: timing.medianMs < 200,
          note: `${groups} groups, p95 ${timing.p95Ms.toFixed(0)} ms, daily rollup of integer nano-units`,
        });
      }
    } finally {
      ctx.close();
    }
  } finally {
    clearInterval(sampler);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
