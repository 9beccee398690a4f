import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../services/app-context';
import { BILLING_SAMPLES, independentTotals, sampleFile } from '../../test-support/billing-samples';
import { ensureFreshCli, runCliInProcess } from '../../test-support/built-cli';
import { repoRoot, tempDir } from '../../test-support/paths';

// The BUILT command, as a user runs it (docs/cli.md: `gpu-planner import` and `gpu-planner spend`). Where a test is about
// what the command answers for many inputs (every sample, every grouping), the first input goes through the built
// binary and the rest through the same runCli in this process (the file still read in the built reader child):
// ~0.7 s of Node start and bundle load saved per call.
const bin = path.join(repoRoot, 'bin', 'gpu-planner.cjs');
const temp = tempDir('gpu-planner-budget-cli-');
const db = path.join(temp.dir, 'budget-cli.sqlite');

beforeAll(() => {
  ensureFreshCli(['shared/domain/billing', 'electron/services/budget', 'electron/cli/commands/budget.ts']);
  createAppContext({ dataDir: temp.dir, databaseFile: db, runtime: 'cli' }).close();
}, 120_000);
afterAll(() => temp.remove());

const cli = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: repoRoot, maxBuffer: 64 << 20 });
/** The built binary for the first sample (or a sample the reader refuses first), runCli in this process for the others. */
const cliFor = (sample: (typeof BILLING_SAMPLES)[number]) => (args: string[]) =>
  sample === BILLING_SAMPLES[0] || (sample.invalidRows && sample === BILLING_SAMPLES.find((s) => s.invalidRows))
    ? cli(args)
    : runCliInProcess(args);

interface ImportJson {
  format: string;
  rowsRead: number;
  rowsImported: number;
  rowsSkipped: number;
  errors: Array<{ line: number; column: string; message: string }>;
  totals: Record<string, string>;
  periods: Array<{ start: string; end: string }>;
}

const table: string[] = [];
afterAll(() => {
  if (table.length)
    console.log(`\nBuilt CLI per-sample totals (gpu-planner import --json = independent decimal sum):\n${table.join('\n')}\n`);
});

describe('gpu-planner import --json on every billing sample', () => {
  for (const sample of BILLING_SAMPLES) {
    it(
      sample.path,
      async () => {
        const expected = await independentTotals(sample);
        const run = cliFor(sample);
        if (sample.invalidRows) {
          const refused = await run(['import', sampleFile(sample), '--db', db, '--json']);
          expect(refused.status).toBe(1);
          const out = JSON.parse(refused.stdout) as ImportJson;
          expect(out.rowsImported).toBe(0);
          expect(out.errors[0]).toMatchObject({ line: 2, column: expect.any(String) as string });
        }
        const imported = await run(['import', sampleFile(sample), '--db', db, '--json', ...(sample.invalidRows ? ['--skip-invalid'] : [])]);
        expect(imported.status, imported.stderr).toBe(0);
        const out = JSON.parse(imported.stdout) as ImportJson;
        expect(Object.keys(out).slice(0, 7)).toEqual(['format', 'rowsRead', 'rowsImported', 'rowsSkipped', 'errors', 'totals', 'periods']);
        expect(out.totals).toEqual(expected.totals);
        expect(out.rowsRead).toBe(expected.rows);
        expect(out.rowsSkipped).toBe(sample.invalidRows ?? 0);
        table.push(
          `${sample.path.padEnd(60).slice(0, 60)} ${out.format.padEnd(10)} ${String(out.rowsImported).padStart(7)} ${JSON.stringify(out.totals)}`,
        );
      },
      120_000,
    );
  }

  it('spend --json holds every active import once; importing the same file again changes no total', async () => {
    const before = cli(['spend', '--db', db, '--json']);
    expect(before.status, before.stderr).toBe(0);
    const spend = JSON.parse(before.stdout) as {
      totals: Record<string, string>;
      groups: Array<{ key: string; totals: Record<string, string> }>;
    };
    const app = createAppContext({ dataDir: temp.dir, databaseFile: db, runtime: 'cli' });
    const expected: Record<string, Big> = {};
    for (const i of app.services.budget.listImports().filter((x) => x.status === 'active')) {
      for (const [c, v] of Object.entries(i.totals)) expected[c] = (expected[c] ?? new Big(0)).plus(v);
    }
    app.close();
    expect(Object.fromEntries(Object.entries(spend.totals).map(([c, v]) => [c, new Big(v).toFixed()]))).toEqual(
      Object.fromEntries(Object.entries(expected).map(([c, v]) => [c, v.toFixed()])),
    );
    const groupSum: Record<string, Big> = {};
    for (const g of spend.groups) for (const [c, v] of Object.entries(g.totals)) groupSum[c] = (groupSum[c] ?? new Big(0)).plus(v);
    expect(Object.fromEntries(Object.entries(groupSum).map(([c, v]) => [c, v.toFixed()]))).toEqual(
      Object.fromEntries(Object.entries(spend.totals).map(([c, v]) => [c, new Big(v).toFixed()])),
    );
    expect(spend.groups.map((g) => g.key)).toContain('2024-09');

    expect(cli(['import', sampleFile(BILLING_SAMPLES[0]!), '--db', db, '--json']).status).toBe(0);
    for (const by of ['month', 'week', 'track', 'provider', 'service']) {
      const again =
        by === 'month'
          ? cli(['spend', '--by', by, '--db', db, '--json'])
          : await runCliInProcess(['spend', '--by', by, '--db', db, '--json']);
      expect(again.status, again.stderr).toBe(0);
      expect((JSON.parse(again.stdout) as { totals: unknown }).totals).toEqual(spend.totals);
    }
    expect((await runCliInProcess(['spend', '--by', 'fortnight', '--db', db, '--json'])).status).toBe(2);
  }, 60_000);

  it('a missing file or a bad mapping is a user error (1); a bad flag is a usage error (2)', () => {
    expect(cli(['import', path.join(temp.dir, 'nope.csv'), '--db', db, '--json']).status).toBe(1);
    const mapping = path.join(temp.dir, 'mapping.json');
    fs.writeFileSync(mapping, '{"dateColumn": "when"}');
    const bad = cli(['import', sampleFile(BILLING_SAMPLES[0]!), '--mapping', mapping, '--db', db, '--json']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/mapping\.json: costColumn/);
    expect(cli(['import', sampleFile(BILLING_SAMPLES[0]!), '--format', 'excel', '--db', db]).status).toBe(2);
    expect(cli(['import', '--db', db]).status).toBe(2);
  });

  it('read in-process (GPU_PLANNER_IMPORT_CHILD=0) rather than in the reader child, the same totals', async () => {
    const workerDb = path.join(temp.dir, 'in-process.sqlite');
    const chosen = BILLING_SAMPLES.filter((s) => /Step1CUR|focus_sample|\.parquet$/.test(s.path));
    for (const sample of chosen) {
      const args = ['import', sampleFile(sample), '--db', workerDb, '--json'];
      const run =
        sample === chosen[0]
          ? spawnSync(process.execPath, [bin, ...args], {
              encoding: 'utf8',
              cwd: repoRoot,
              env: { ...process.env, GPU_PLANNER_IMPORT_CHILD: '0' },
            })
          : await runCliInProcess(args, { env: { GPU_PLANNER_IMPORT_CHILD: '0' } });
      expect(run.status, run.stderr).toBe(0);
      expect((JSON.parse(run.stdout) as ImportJson).totals).toEqual((await independentTotals(sample)).totals);
    }
  }, 120_000);

  it('imports any CSV through --mapping FILE', () => {
    const ledger = path.join(temp.dir, 'lambda.csv');
    fs.writeFileSync(ledger, 'date;amount;instance\n2024-10-01;1,5;gpu_1x_a100\n2024-10-02;2,25;gpu_8x_h100\n');
    const mapping = path.join(temp.dir, 'lambda.json');
    fs.writeFileSync(
      mapping,
      JSON.stringify({
        dateColumn: 'date',
        costColumn: 'amount',
        currency: 'USD',
        provider: 'Lambda',
        resourceColumn: 'instance',
        decimalSeparator: ',',
      }),
    );
    const run = cli(['import', ledger, '--mapping', mapping, '--format', 'generic', '--db', db, '--json']);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      format: 'generic',
      rowsImported: 2,
      totals: { USD: '3.75' },
      periods: [{ start: '2024-10-01', end: '2024-11-01' }],
    });
  });
});

describe('a column mapping saved and exported in the app', () => {
  it('reads the same file with the same totals on the command line (--mapping the exported JSON)', async () => {
    const ledger = path.join(temp.dir, 'gpu-ledger.csv');
    fs.writeFileSync(
      ledger,
      'Datum;Betrag;Währung;Maschine;Beschreibung;Projekt\n01.12.2025;12,40;EUR;vast-4090-a;RTX 4090 x1;vitaldb\n03.12.2025;1.234,56;EUR;vast-h100-b;H100 SXM x8;vitaldb\n10.12.2025;-5,00;EUR;;Credit: referral bonus;\n15.12.2025;7,25;USD;runpod-a100;A100 80GB x1;multisensor\n',
    );
    const exported = path.join(temp.dir, 'vast-ledger.mapping.json');
    const app = createAppContext({
      dataDir: temp.dir,
      databaseFile: path.join(temp.dir, 'app.sqlite'),
      runtime: 'cli',
      dialogs: { openFile: async () => null, saveFile: async () => exported },
    });
    let appTotals: unknown;
    try {
      const mapping = {
        dateColumn: 'Datum',
        dateFormat: 'DD.MM.YYYY',
        costColumn: 'Betrag',
        currencyColumn: 'Währung',
        provider: 'vast.ai',
        serviceColumn: 'Beschreibung',
        resourceColumn: 'Maschine',
        tagColumns: ['Projekt'],
        decimalSeparator: ',',
        sign: 'as-is',
      };
      expect(await app.handlers.dispatch('budget:save-mapping', { name: 'vast-ledger', mapping })).toMatchObject({ ok: true });
      expect(await app.handlers.dispatch('budget:export-mapping', { name: 'vast-ledger' })).toEqual({
        ok: true,
        value: { file: exported },
      });
      const imported = await app.handlers.dispatch('budget:import-file', {
        fileToken: app.deps.fileGrants.grant(ledger).token,
        mappingName: 'vast-ledger',
      });
      expect(imported.ok).toBe(true);
      appTotals = imported.ok ? (imported.value as { totals: unknown }).totals : null;
    } finally {
      app.close();
    }
    expect(appTotals).toEqual({ EUR: '1241.96', USD: '7.25' });
    const run = cli(['import', ledger, '--mapping', exported, '--db', path.join(temp.dir, 'mapping-cli.sqlite'), '--json']);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      format: 'generic',
      rowsImported: 4,
      errors: [],
      totals: appTotals,
      periods: [{ start: '2025-12-01', end: '2026-01-01' }],
    });
  });
});

describe('a process killed mid-import', () => {
  it('leaves the database consistent and without the partial import', async () => {
    const killDb = path.join(temp.dir, 'killed.sqlite');
    createAppContext({ dataDir: temp.dir, databaseFile: killDb, runtime: 'cli' }).close();
    const big = path.join(temp.dir, 'big-focus.csv');
    const out = fs.openSync(big, 'w');
    fs.writeSync(
      out,
      'BilledCost,BillingAccountId,BillingCurrency,BillingPeriodStart,BillingPeriodEnd,ChargePeriodStart,ProviderName,ServiceName,ResourceId\n',
    );
    for (let chunk = 0; chunk < 30; chunk += 1) {
      const rows: string[] = [];
      for (let i = 0; i < 10_000; i += 1)
        rows.push(
          `0.${String(chunk * 10_000 + i).padStart(7, '0')},acct,USD,2024-09-01,2024-10-01,2024-09-${String(1 + (i % 28)).padStart(2, '0')} 00:00:00,AWS,Amazon EC2,i-${chunk}-${i}`,
        );
      fs.writeSync(out, `${rows.join('\n')}\n`);
    }
    fs.closeSync(out);
    const child = spawn(process.execPath, [bin, 'import', big, '--db', killDb, '--json', '--progress'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const killedAt = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (text: string) => {
        stderr += text;
        const m = /import: (\d+)% of \d+ bytes \([\d.]+ MB read\), (\d+) rows/.exec(stderr.split('\n').filter(Boolean).at(-1) ?? '');
        // Past the first 4 MiB, when a large import into an empty table has dropped the spend-line indexes.
        if (m && Number(m[2]) > 100_000) {
          child.kill('SIGKILL');
          resolve(m[0]);
        }
      });
      child.on('exit', (code) => reject(new Error(`the import finished (${code}) before it could be killed: ${stderr.slice(-500)}`)));
    });
    await new Promise((resolve) => child.once('close', resolve));
    expect(killedAt).toMatch(/rows/);
    const app = createAppContext({ dataDir: temp.dir, databaseFile: killDb, runtime: 'cli' });
    try {
      expect(app.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect((app.db.prepare('SELECT COUNT(*) AS n FROM billing_imports').get() as { n: number }).n).toBe(0);
      expect((app.db.prepare('SELECT COUNT(*) AS n FROM spend_lines').get() as { n: number }).n).toBe(0);
      expect(
        app.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'spend_lines' ORDER BY name").all(),
      ).toEqual([{ name: 'spend_lines_import' }, { name: 'spend_lines_period' }]);
      expect(app.services.budget.spendSummary({ by: 'month' }).totals).toEqual({});
    } finally {
      app.close();
    }
    const again = cli(['import', sampleFile(BILLING_SAMPLES[0]!), '--db', killDb, '--json']);
    expect(again.status, again.stderr).toBe(0);
  }, 120_000);
});
