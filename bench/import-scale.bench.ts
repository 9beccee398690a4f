/**
 * Billing imports at scale (issue 32 items 1, 2, 5, 6; issue 26 item 15): a FOCUS CSV generated deterministically into
 * a temporary folder (1M lines; `BENCH_SCALE=10M` adds a 10M-line gzip CSV) imported through the BUILT CLI, as a
 * user runs it, in a child process whose peak RSS is measured by `/usr/bin/time` (the child's max RSS); time
 * compared with the `sqlite3` shell's `.import` of the same CSV in the same run; then the spend explorer's group-bys
 * over the stored lines. A 10M-line Parquet is not generated: the only writer here (electron/test-support/
 * parquet-writer.ts) builds the whole file in memory.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { createAppContext } from '../electron/services/app-context';
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
function cliImport(
  file: string,
  db: string,
): { ms: number; rssMiB: number | null; out: { rowsImported: number; totals: Record<string, string> } } {
  const bin = path.join(repoRoot(), 'bin', 'gpu-planner.cjs');
  const timed = fs.existsSync('/usr/bin/time');
  const cmd = timed ? '/usr/bin/time' : process.execPath;
  const args = timed
    ? ['-f', 'MAXRSS_KB=%M', process.execPath, bin, 'import', file, '--db', db, '--json']
    : [bin, 'import', file, '--db', db, '--json'];
  const t0 = performance.now();
  const run = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = performance.now() - t0;
  if (run.status !== 0) throw new Error(`import failed: ${run.stderr.slice(-2000)}`);
  const kb = /MAXRSS_KB=(\d+)/.exec(run.stderr)?.[1];
  return {
    ms,
    rssMiB: kb ? Number(kb) / 1024 : null,
    out: JSON.parse(run.stdout) as { rowsImported: number; totals: Record<string, string> },
  };
}

function shellImportMs(csv: string, dir: string): number | null {
  if (spawnSync('sqlite3', ['-version']).status !== 0) return null;
  const shellDb = path.join(dir, `shell-${path.basename(csv)}.sqlite`);
  const t0 = performance.now();
  execFileSync('sqlite3', [shellDb, '.mode csv', `.import ${csv} spend`], { stdio: 'pipe' });
  const ms = performance.now() - t0;
  fs.rmSync(shellDb, { force: true });
  return ms;
}

async function oneSize(report: BenchReport, dir: string, rows: number, gzip: boolean): Promise<void> {
  const label = `${rows.toLocaleString('en-US')}-line FOCUS ${gzip ? 'gzip CSV' : 'CSV'}`;
  const csv = path.join(dir, `focus-${rows}.csv`);
  const expected = generateFocusFile(csv, rows);
  report.log(`generated ${label} (${(fs.statSync(csv).size / MIB).toFixed(0)} MiB CSV) in ${dir}`);
  const shellMs = shellImportMs(csv, dir);
  if (shellMs !== null) report.figure(`sqlite3 shell .import of the ${rows.toLocaleString('en-US')}-line CSV`, shellMs, 'ms');
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
    note: `${result.out.rowsImported} lines; total ${exact ? 'exact' : `${result.out.totals.USD} ≠ ${expected}`}`,
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

export async function run(report: BenchReport): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-import-scale-'));
  try {
    const scale = process.env.BENCH_SCALE ?? '1M';
    // BENCH_ROWS: another first size (e.g. 200000 for issue 26 item 15's figure).
    await oneSize(report, dir, Number(process.env.BENCH_ROWS ?? sized(1_000_000, 50_000)), false);
    if (scale === '10M') await oneSize(report, dir, 10_000_000, true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
