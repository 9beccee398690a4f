import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { monthsFrom, writeMonthDelivery } from '../../test-support/aws-deliveries';
import { tempDir } from '../../test-support/paths';
import type { CliIo } from '../cli-io';
import { runCli } from '../gpu-planner';

let tmp: { dir: string; remove: () => void };
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.remove());

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (t: string) => void (stdout += t),
    stderr: (t: string) => void (stderr += t),
    cwd: tmp.dir,
    env: {},
  } as unknown as CliIo;
  const code = await runCli([...args, '--db', path.join(tmp.dir, 'planner.sqlite')], io);
  return { code, stdout, stderr };
}

describe('gpu-planner source', () => {
  it('add, sync (--json), list, then a redelivered month', async () => {
    const months = monthsFrom('2024-01', 3);
    const deliveries = months.map((m, i) =>
      writeMonthDelivery(path.join(tmp.dir, 'cur-mirror'), m, 1, { at: new Date(Date.UTC(2024, i + 1, 2)) }),
    );
    expect(await cli(['source', 'add', 'cur-mirror'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/added source #1 .*cur-mirror/),
    });
    const first = await cli(['source', 'sync', '--json']);
    expect(first.code).toBe(0);
    const doc = JSON.parse(first.stdout) as {
      syncs: Array<{ imported: Array<{ path: string; totals: Record<string, string> }>; refused: unknown[] }>;
    };
    expect(doc.syncs[0]!.imported.map((i) => i.totals.USD)).toEqual(deliveries.map((d) => d.total));
    const list = await cli(['source', 'list']);
    expect(list.stdout).toMatch(/#1 .*cur-mirror · 3 file\(s\) · last sync .*: 3 imported, 0 unchanged/);
    const unchanged = await cli(['source', 'sync']);
    expect(unchanged.stdout).toMatch(/0 imported, 3 unchanged/);
    // --rehash reads every file's content again: the same bytes, nothing imported (issue 26 item 11).
    const rehashed = await cli(['source', 'sync', '--rehash']);
    expect(rehashed).toMatchObject({ code: 0, stdout: expect.stringMatching(/0 imported, 3 unchanged/) });
    const re = writeMonthDelivery(path.join(tmp.dir, 'cur-mirror'), '2024-02', 2, { at: new Date(Date.UTC(2024, 5, 1)) });
    const second = await cli(['source', 'sync']);
    expect(second.stdout).toMatch(/1 imported, 2 unchanged, 0 already imported, 1 superseded/);
    expect(second.stdout).toContain(`2024-02-01..2024-03-01 USD ${re.total} (replaces import 2)`);
    const spend = JSON.parse((await cli(['spend', '--json'])).stdout) as { groups: Array<{ key: string; totals: Record<string, string> }> };
    expect(spend.groups.map((g) => g.totals.USD)).toEqual([deliveries[0]!.total, re.total, deliveries[2]!.total]);
  });

  it('a refused file: exit 1, listed with its error, the others imported', async () => {
    writeMonthDelivery(path.join(tmp.dir, 'm'), '2024-01', 1);
    const fs = await import('node:fs');
    fs.writeFileSync(path.join(tmp.dir, 'm', 'ledger.csv'), 'when,amount\n2024-01-01,3\n');
    await cli(['source', 'add', 'm']);
    const sync = await cli(['source', 'sync']);
    expect(sync.code).toBe(1);
    expect(sync.stdout).toMatch(/1 imported/);
    expect(sync.stdout).toMatch(/! ledger.csv: The header is not a known billing export/);
    // `source list` shows each refused file with its reason (issue 26 item 4).
    const list = await cli(['source', 'list']);
    expect(list.stdout).toMatch(/last sync .*1 refused\n {2}! ledger.csv: The header is not a known billing export/);
  });

  it('usage errors exit 2; a missing folder exits 1', async () => {
    expect((await cli(['source'])).code).toBe(2);
    expect((await cli(['source', 'add'])).code).toBe(2);
    const missing = await cli(['source', 'add', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/not a folder/);
  });
});

describe('gpu-planner source add with a slice (issue 32)', () => {
  it('stores the filter with the source, lists it, and applies it at every sync', async () => {
    const fs = await import('node:fs');
    const { referenceFile } = await import('../../test-support/paths');
    const folder = path.join(tmp.dir, 'focus-exports');
    fs.mkdirSync(folder);
    fs.copyFileSync(referenceFile('billing-samples', 'focus-sample-data/focus_sample.csv'), path.join(folder, 'focus-2024-09.csv'));
    const added = await cli(['source', 'add', 'focus-exports', '--provider', 'Microsoft*', '--from', '2024-09-05']);
    expect(added).toMatchObject({ code: 0, stdout: expect.stringContaining('(only provider Microsoft*, dates 2024-09-05 to …)') });
    const list = await cli(['source', 'list']);
    expect(list.stdout).toMatch(/#1 .*focus-exports · only provider Microsoft\*, dates 2024-09-05 to … · 0 file\(s\)/);
    const listed = JSON.parse((await cli(['source', 'list', '--json'])).stdout) as { sources: Array<{ filter: unknown }> };
    expect(listed.sources[0]!.filter).toEqual({ accounts: [], tags: [], providers: ['Microsoft*'], from: '2024-09-05', to: null });

    // The same counts and sum as `gpu-planner import --provider Microsoft* --from 2024-09-05` (import-filter.test.ts).
    const sync = await cli(['source', 'sync', '--json']);
    expect(sync.code, sync.stdout + sync.stderr).toBe(0);
    const doc = JSON.parse(sync.stdout) as { syncs: Array<{ imported: Array<{ totals: Record<string, string>; filtered: unknown }> }> };
    expect(doc.syncs[0]!.imported[0]!.filtered).toEqual({ read: 1000, kept: 39, skipped: { account: 0, tag: 0, provider: 949, date: 12 } });
    expect(doc.syncs[0]!.imported[0]!.totals).toEqual({ USD: '2.12543016263' });
    const spend = JSON.parse((await cli(['spend', '--json'])).stdout) as { groups: Array<{ totals: Record<string, string> }> };
    expect(spend.groups.map((g) => g.totals.USD)).toEqual(['2.12543016263']);

    // The same export delivered again under another name: still only the slice, never the whole file.
    fs.copyFileSync(referenceFile('billing-samples', 'focus-sample-data/focus_sample.csv'), path.join(folder, 'focus-2024-09-b.csv'));
    const again = await cli(['source', 'sync']);
    expect(again.code, again.stdout).toBe(0);
    const after = JSON.parse((await cli(['spend', '--json'])).stdout) as { groups: Array<{ totals: Record<string, string> }> };
    expect(after.groups.map((g) => g.totals.USD)).toEqual(['2.12543016263']);
  });

  it('a bad slice flag is refused naming the flag; no source is added', async () => {
    const fs = await import('node:fs');
    fs.mkdirSync(path.join(tmp.dir, 'f'));
    await expect(cli(['source', 'add', 'f', '--tag', 'team'])).resolves.toMatchObject({ code: 1 });
    expect((await cli(['source', 'list'])).stdout).toContain('no sources');
  });
});
