/**
 * Issue 32 item 3: `gpu-planner import FILE --account --tag --provider --from --to` imports only the project's slice;
 * lines outside are counted per filter and never written; the summary says read, skipped per filter and kept.
 * Expected counts and sums are those of an independent reading of the FOCUS sample (Python csv + Decimal).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImportFilter } from '../../../shared/domain/billing/import-filter';
import { createAppContext } from '../../services/app-context';
import { cliBin, ensureFreshCli } from '../../test-support/built-cli';
import { writeParquet } from '../../test-support/parquet-writer';
import { referenceFile, repoRoot, tempDir } from '../../test-support/paths';

const temp = tempDir('gpu-planner-import-filter-');
const focus = referenceFile('billing-samples', 'focus-sample-data/focus_sample.csv');

beforeAll(() => {
  ensureFreshCli(['shared/domain/billing', 'electron/services/budget', 'electron/cli/commands/budget.ts']);
}, 120_000);
afterAll(() => temp.remove());

const cli = (args: string[]) => spawnSync(process.execPath, [cliBin, ...args], { encoding: 'utf8', cwd: repoRoot, maxBuffer: 64 << 20 });

describe('gpu-planner import with a slice (issue 32)', () => {
  it('keeps the lines of one provider from a date, counts the rest per filter, writes only the kept lines', () => {
    const db = path.join(temp.dir, 'a.sqlite');
    const run = cli(['import', focus, '--db', db, '--provider', 'Microsoft*', '--from', '2024-09-05', '--json']);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as { rowsImported: number; totals: Record<string, string>; filtered: unknown };
    expect(out.filtered).toEqual({ read: 1000, kept: 39, skipped: { account: 0, tag: 0, provider: 949, date: 12 } });
    expect(out.rowsImported).toBe(39);
    expect(out.totals).toEqual({ USD: '2.12543016263' });
    const app = createAppContext({ dataDir: temp.dir, databaseFile: db, runtime: 'cli' });
    try {
      expect((app.db.prepare('SELECT COUNT(*) AS n FROM spend_lines').get() as { n: number }).n).toBe(39);
      expect((app.db.prepare("SELECT COUNT(*) AS n FROM spend_lines WHERE provider <> 'Microsoft'").get() as { n: number }).n).toBe(0);
    } finally {
      app.close();
    }
  });

  it('an account and a tag glob (repeatable flags are alternatives); the text summary names each filter', () => {
    const db = path.join(temp.dir, 'b.sqlite');
    const run = cli(['import', focus, '--db', db, '--account', '1234567890123', '--account', 'nobody', '--tag', 'environment=pr*']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('233 of 1000 rows imported');
    expect(run.stdout).toContain('filter: 1000 lines read, 233 kept; skipped 58 by account, 709 by tag, 0 by provider, 0 by date');
    expect(run.stdout).toContain('billed USD 2.0308208422');
    expect(run.stderr).toBe(''); // no progress unless a TTY or --progress
  });

  it('bad flags are refused with the flag and what is expected; nothing is imported', () => {
    const db = path.join(temp.dir, 'c.sqlite');
    const tag = cli(['import', focus, '--db', db, '--tag', 'team']);
    expect(tag.status).toBe(1);
    expect(tag.stderr).toContain('--tag: a tag filter is KEY=VALUE');
    const day = cli(['import', focus, '--db', db, '--from', '2024-02-30']);
    expect(day.stderr).toContain('--from: a date YYYY-MM-DD, not "2024-02-30"');
    const order = cli(['import', focus, '--db', db, '--from', '2024-09-10', '--to', '2024-09-01']);
    expect(order.stderr).toContain('--to: the window ends (2024-09-01) before it starts (2024-09-10)');
  });

  it('--progress prints rows a second, bytes read and the seconds left on stderr', () => {
    const db = path.join(temp.dir, 'd.sqlite');
    const run = cli(['import', focus, '--db', db, '--progress', '--json']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/import: 100% of 755423 bytes \(0\.8 MB read\), 1000 rows, \d+ rows\/s, 0 s left/);
  });

  it('a Parquet file: the row groups whose statistics exclude the slice are skipped in the reader child, and said so', () => {
    const file = path.join(temp.dir, 'focus-groups.parquet');
    const rows = Array.from({ length: 30 }, (_, i) => ({
      BilledCost: '2.5',
      BillingCurrency: 'USD',
      ChargePeriodStart: `2024-09-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
      BillingAccountId: `acct-${Math.floor(i / 10)}`,
    }));
    const columns = [
      { name: 'BilledCost', kind: 'string' as const },
      { name: 'BillingCurrency', kind: 'string' as const },
      { name: 'ChargePeriodStart', kind: 'timestamp' as const },
      { name: 'BillingAccountId', kind: 'string' as const },
    ];
    fs.writeFileSync(file, writeParquet(columns, rows, { rowGroupRows: 10, statistics: () => 'exact' }));
    const db = path.join(temp.dir, 'p.sqlite');
    const run = cli(['import', file, '--db', db, '--account', 'ACCT-1', '--to', '2024-09-15']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'filter: 30 lines read, 5 kept; skipped 20 by account, 0 by tag, 0 by provider, 5 by date (20 of them in 2 Parquet row group(s) not decoded: their statistics exclude the filter)',
    );
    expect(run.stdout).toContain('billed USD 12.5');
  });

  it('parses the fields of a filter', () => {
    expect(parseImportFilter({ tags: ['team = vital*'], from: '2024-09-01', to: '2024-09-30' })).toEqual({
      accounts: [],
      tags: [{ key: 'team', pattern: 'vital*' }],
      providers: [],
      from: '2024-09-01',
      to: '2024-09-30',
    });
  });
});
