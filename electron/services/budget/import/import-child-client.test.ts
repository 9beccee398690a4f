/**
 * Issue 26 item 1: the import reads the billing file in a child process. A reader that dies — of a fatal V8 error
 * ("Fatal JavaScript invalid size error"), an abort, an exit, a silence — is the user's error naming the file, the
 * database is as it was and the process that imports (the CLI, the app) carries on; a source sync goes on with the
 * other files; a cancel kills the child and leaves the database as it was.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateFocusFile } from '../../../../bench/budget.bench';
import { isUserError, type UserError } from '../../../../shared/domain/errors';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';
import type { Logger } from '../../../../shared/logger';
import { createAppContext } from '../../app-context';
import { BILLING_SAMPLES, sampleFile } from '../../../test-support/billing-samples';
import { ensureFreshCli } from '../../../test-support/built-cli';
import { databaseState } from '../../../test-support/db-snapshot';
import { repoRoot, tempDir } from '../../../test-support/paths';
import { createTestApp } from '../../../test-support/test-app';
import { writeParquet } from '../../../test-support/parquet-writer';
import { readBillingFile } from './billing-reader';
import { readBillingFileInChild } from './import-child-client';

const dir = tempDir('gpu-planner-import-child-');
afterAll(() => dir.remove());
const builtChild = path.join(repoRoot, 'dist', 'electron', 'import.child.cjs');
const bin = path.join(repoRoot, 'bin', 'gpu-planner.cjs');
beforeAll(() => ensureFreshCli(['shared/domain/billing', 'electron']), 180_000);

const logged: string[] = [];
const logger: Logger = { error: (message) => void logged.push(message), warn: () => undefined, info: () => undefined };
const FATAL = '# Fatal JavaScript invalid size error 169220804';

/**
 * The real child, except that it aborts with V8's fatal message on a file whose name holds "poison" (as a reader
 * meeting what the issue's damaged Parquet did), and writes its pid to `pids` when given.
 */
function poisonedChild(pids?: string): string {
  const script = path.join(dir.dir, `poisoned-${Math.random().toString(36).slice(2)}.cjs`);
  fs.writeFileSync(
    script,
    [
      pids ? `require('node:fs').appendFileSync(${JSON.stringify(pids)}, process.pid + '\\n');` : '',
      `process.prependOnceListener('message', (request) => {`,
      `  if (/poison/.test(request.file)) { process.stderr.write(${JSON.stringify(`#\n${FATAL}\n#\n`)}); process.abort(); }`,
      `});`,
      `require(${JSON.stringify(builtChild)});`,
    ].join('\n'),
  );
  return script;
}

function csv(name: string, cost: string): string {
  const file = path.join(dir.dir, name);
  fs.writeFileSync(
    file,
    `BilledCost,BillingCurrency,ChargePeriodStart,ChargePeriodEnd,ServiceName\n${cost},USD,2024-09-01,2024-09-02,GPU\n`,
  );
  return file;
}

async function refusal(promise: Promise<unknown>): Promise<UserError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isUserError(error), String(error)).toBe(true);
  return error as UserError;
}

describe('the import reader in a child process', () => {
  it('reads a sound file as in-process: the same lines, summary and hash', async () => {
    const parquet = path.join(dir.dir, 'small.parquet');
    fs.writeFileSync(
      parquet,
      writeParquet(
        ['BilledCost', 'BillingCurrency', 'ChargePeriodStart', 'ServiceName'].map((name) => ({ name, kind: 'string' as const })),
        Array.from({ length: 5000 }, (_, i) => ({
          BilledCost: `${i}.0123456789`,
          BillingCurrency: 'USD',
          ChargePeriodStart: `2024-09-${String((i % 28) + 1).padStart(2, '0')}`,
          ServiceName: `Service ${i % 7}`,
        })),
      ),
    );
    const samples = BILLING_SAMPLES.filter((s) => /focus_sample|EA_ActualCost_Small/.test(s.path)).map(sampleFile);
    expect(samples).toHaveLength(2);
    for (const file of [...samples, parquet]) {
      const inChild: SpendLine[] = [];
      const inProcess: SpendLine[] = [];
      const progress: number[] = [];
      const summary = await readBillingFileInChild(
        builtChild,
        file,
        { hashContent: true, onProgress: (b) => progress.push(b) },
        (lines) => void inChild.push(...lines),
        { logger },
      );
      const expected = await readBillingFile(file, { hashContent: true }, (lines) => void inProcess.push(...lines));
      expect(summary).toEqual(expected);
      expect(inChild).toEqual(inProcess);
      expect(progress.at(-1)).toBe(fs.statSync(file).size);
    }
  }, 60_000);

  it('a fatal error, an exit, a silence or a startup failure: an error naming the file; this process lives on', async () => {
    const file = csv('bill.csv', '1');
    const script = (name: string, body: string) => {
      const at = path.join(dir.dir, name);
      fs.writeFileSync(at, body);
      return at;
    };
    const aborting = script(
      'aborting.cjs',
      `process.once('message', () => { process.stderr.write(${JSON.stringify(`${FATAL}\n`)}); process.abort(); });`,
    );
    const fatal = await refusal(readBillingFileInChild(aborting, file, {}, () => undefined, { logger, fileName: 'exports/bill.csv' }));
    expect(fatal.code).toBe('READER_STOPPED');
    expect(fatal.message).toBe(`exports/bill.csv could not be read: the reader stopped (${FATAL.slice(2)}). Nothing was imported.`);
    expect(fatal.details?.file).toBe(file);
    expect(logged.at(-1)).toMatch(/reader stopped on .*bill\.csv: Fatal JavaScript invalid size error/);
    const exiting = script('exiting.cjs', "process.once('message', () => process.exit(7));");
    expect((await refusal(readBillingFileInChild(exiting, file, {}, () => undefined, { logger }))).message).toBe(
      'bill.csv could not be read: the reader stopped (it exited with code 7 before answering). Nothing was imported.',
    );
    const throwing = script('throwing.cjs', "throw new RangeError('Invalid typed array length: 4294967295');");
    expect((await refusal(readBillingFileInChild(throwing, file, {}, () => undefined, { logger }))).message).toMatch(
      /^bill\.csv could not be read: the reader stopped \(it exited with code 1 before answering\)/,
    );
    const silent = script('silent.cjs', 'setInterval(() => undefined, 1000);');
    expect((await refusal(readBillingFileInChild(silent, file, {}, () => undefined, { logger }, 500))).message).toMatch(
      /the reader stopped \(no answer in 1 s\)/,
    );
    const oom = script('oom.cjs', "process.once('message', () => { const a = []; for (;;) a.push(new Array(1e6).fill(1)); });");
    expect((await refusal(readBillingFileInChild(oom, file, {}, () => undefined, { logger }))).message).toMatch(
      /the reader stopped \(.*(heap limit|out of memory).*\)\. Nothing was imported\./,
    );
  }, 120_000);
});

describe('imports whose reader dies (issue 26 item 1)', () => {
  const saved = process.env.GPU_PLANNER_IMPORT_CHILD;
  afterEach(() => {
    if (saved === undefined) delete process.env.GPU_PLANNER_IMPORT_CHILD;
    else process.env.GPU_PLANNER_IMPORT_CHILD = saved;
  });

  it('the built CLI import: exit 1 with the error naming the file, the database unchanged', () => {
    const db = path.join(dir.dir, 'cli.sqlite');
    createAppContext({ dataDir: dir.dir, databaseFile: db, runtime: 'cli' }).close();
    const state = () => {
      const context = createAppContext({ dataDir: dir.dir, databaseFile: db, runtime: 'cli' });
      try {
        const { tables, revisions } = databaseState(context.db);
        return { tables, revisions };
      } finally {
        context.close();
      }
    };
    const before = state();
    const run = spawnSync(process.execPath, [bin, 'import', csv('poison-2024-09.csv', '5'), '--db', db], {
      encoding: 'utf8',
      cwd: repoRoot,
      env: { ...process.env, GPU_PLANNER_IMPORT_CHILD: poisonedChild() },
      timeout: 60_000,
    });
    expect(run.signal, run.stderr).toBeNull();
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      'poison-2024-09.csv could not be read: the reader stopped (Fatal JavaScript invalid size error 169220804). Nothing was imported.',
    );
    expect(run.stderr).not.toMatch(/internal error/);
    expect(state()).toEqual(before);
  }, 90_000);

  it('the built CLI source sync: the poisoned file refused with that error, the files around it imported', () => {
    const db = path.join(dir.dir, 'sync.sqlite');
    const folder = path.join(dir.dir, 'exports');
    fs.mkdirSync(folder);
    for (const [name, cost] of [
      ['a-2024-09.csv', '1.5'],
      ['b-poison-2024-10.csv', '7'],
      ['c-2024-11.csv', '2.25'],
    ] as const) {
      const month = name.slice(-6, -4);
      fs.writeFileSync(
        path.join(folder, name),
        `BilledCost,BillingCurrency,ChargePeriodStart,ChargePeriodEnd,ServiceName\n${cost},USD,2024-${month}-01,2024-${month}-02,GPU ${month}\n`,
      );
    }
    const env = { ...process.env, GPU_PLANNER_IMPORT_CHILD: poisonedChild() };
    const cli = (args: string[]) =>
      spawnSync(process.execPath, [bin, ...args, '--db', db], { encoding: 'utf8', cwd: repoRoot, env, timeout: 60_000 });
    expect(cli(['source', 'add', folder]).status).toBe(0);
    const run = cli(['source', 'sync', '--json']);
    expect(run.signal, run.stderr).toBeNull();
    expect(run.status, run.stderr).toBe(1);
    const sync = (
      JSON.parse(run.stdout) as {
        syncs: Array<{ imported: Array<{ path: string }>; refused: Array<{ path: string; code: string; message: string }> }>;
      }
    ).syncs[0]!;
    expect(
      sync.imported.map((i) => i.path),
      run.stdout,
    ).toEqual(['a-2024-09.csv', 'c-2024-11.csv']);
    expect(sync.refused).toEqual([
      {
        path: 'b-poison-2024-10.csv',
        code: 'READER_STOPPED',
        message:
          'b-poison-2024-10.csv could not be read: the reader stopped (Fatal JavaScript invalid size error 169220804). Nothing was imported.',
      },
    ]);
    const spend = JSON.parse(cli(['spend', '--json']).stdout) as {
      totals?: Record<string, string>;
      groups: Array<{ totals: Record<string, string> }>;
    };
    expect(spend.groups.map((g) => g.totals.USD)).toEqual(['1.5', '2.25']);
  }, 120_000);

  it('a cancel mid-import kills the child and leaves the database as it was', async () => {
    const pids = path.join(dir.dir, 'pids.txt');
    process.env.GPU_PLANNER_IMPORT_CHILD = poisonedChild(pids);
    const big = path.join(dir.dir, 'focus-60000.csv');
    generateFocusFile(big, 60_000);
    const app = createTestApp();
    try {
      const before = databaseState(app.db);
      let rowsAtCancel = 0;
      const error = await refusal(
        app.services.budget.importFile({
          file: big,
          onProgress: (p) => {
            if (p.rowsRead > 0 && rowsAtCancel === 0) {
              rowsAtCancel = p.rowsRead;
              app.services.budget.cancelImport();
            }
          },
        }),
      );
      expect(error.code).toBe('CANCELLED');
      expect(rowsAtCancel).toBeGreaterThan(0);
      expect(rowsAtCancel).toBeLessThan(60_000);
      const pid = Number(fs.readFileSync(pids, 'utf8').trim().split('\n').at(-1));
      await expect.poll(() => isAlive(pid)).toBe(false);
      const after = databaseState(app.db);
      expect({ tables: after.tables, revisions: after.revisions }).toEqual({ tables: before.tables, revisions: before.revisions });
      // And the next import goes through the child as usual.
      const result = await app.services.budget.importFile({ file: csv('after-cancel.csv', '3') });
      expect(result.totals).toEqual({ USD: '3' });
    } finally {
      app.dispose();
    }
  }, 120_000);
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
