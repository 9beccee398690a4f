/**
 * Issue 11, item 15: errors a user can cause say what to do, with the path said once. A full disk says the disk is
 * full (not "cannot read the file"); a read-only database or data folder says how to make it writable; a truncated
 * zip and a second import are refused in words. Real SQLite errors where the machine allows (max_page_count makes
 * SQLITE_FULL, query_only makes SQLITE_READONLY, chmod when not root); as root, where chmod does not stop writes,
 * the system's EACCES/EROFS is raised at the fs boundary the open goes through.
 */
import fs from 'node:fs';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isUserError, type UserError } from '../../shared/domain/errors';
import type { PlanView } from '../../shared/ipc/contract/plan';
import { runCli } from '../cli/gpu-planner';
import { openDatabase } from '../db/connection';
import { defaultResourcesDir as resourcesDir } from './paths';
import { createTestApp } from '../test-support/test-app';
import { tempDir } from '../test-support/paths';

type TestApp = ReturnType<typeof createTestApp>;
let app: TestApp;
beforeEach(() => {
  app = createTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
  app.dispose();
});

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const billing = (rows: number) =>
  `BilledCost,ChargePeriodStart,BillingCurrency,ServiceName\n${'1.25,2025-01-06,USD,Compute\n'.repeat(rows)}`;

async function refusal(promise: Promise<unknown>): Promise<UserError> {
  try {
    await promise;
  } catch (error) {
    if (isUserError(error)) return error;
    throw new Error(`expected a UserError, got ${String(error)}`);
  }
  throw new Error('expected a refusal');
}

function writeFile(name: string, content: string | Uint8Array): string {
  const file = path.join(app.dataDir, name);
  fs.writeFileSync(file, content);
  return file;
}

const countOf = (table: string) => (app.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
/** The database cannot grow past the pages it has now: SQLite answers SQLITE_FULL, as on a full disk. */
function fillDisk(): void {
  app.db.exec('VACUUM');
  app.db.pragma(`max_page_count = ${app.db.pragma('page_count', { simple: true }) as number}`);
}

describe('a full disk says the disk is full', () => {
  it('an import that runs out of space: DISK_FULL with what to do, not "cannot read the file"; nothing imported', async () => {
    const file = writeFile('big.csv', billing(60_000));
    fillDisk();
    const error = await refusal(app.services.budget.importFile({ file }));
    expect(error.code).toBe('DISK_FULL');
    expect(error.message).toMatch(/^The disk is full: nothing was saved/);
    expect(error.message).toMatch(/Free some space/);
    expect(error.message).not.toMatch(/cannot read|big\.csv/i);
    expect(countOf('spend_lines')).toBe(0);
  });

  it('a plan edit on a full disk through the handler table', async () => {
    const view = (await app.handlers.invoke('plan:get-plan', {})) as { ok: true; value: PlanView };
    const { plan, revision } = view.value;
    fillDisk();
    const notes = 'x'.repeat(100_000);
    const commands = plan.tracks.map((t) => ({ type: 'upsert', entity: 'track', value: { ...t, notes } }));
    const result = await app.handlers.dispatch('plan:edit', {
      projectId: plan.project.id,
      revision,
      command: { type: 'batch', label: 'notes', commands },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'DISK_FULL', message: expect.stringMatching(/The disk is full/) } });
  });
});

describe('a read-only database or data folder says how to make it writable', () => {
  it('writes refused by SQLite (SQLITE_READONLY) through the handler table and the importer', async () => {
    app.db.pragma('query_only = ON');
    const result = await app.handlers.dispatch('budget:save-rate', {
      from: 'EUR',
      to: 'USD',
      rate: '1.08',
      asOf: '2025-01-02',
      source: 'ECB',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'DATABASE_READ_ONLY' } });
    if (!result.ok) {
      expect(result.error.message).toMatch(/is read-only, so nothing can be saved\. Give your user write access/);
      expect(result.error.message.split(app.dataDir).length - 1).toBe(1);
    }
    const error = await refusal(app.services.budget.importFile({ file: writeFile('a.csv', billing(10)) }));
    expect(error.code).toBe('DATABASE_READ_ONLY');
    app.db.pragma('query_only = OFF');
  });

  const eacces = (target: string, code = 'EACCES') =>
    Object.assign(new Error(`${code}: permission denied, access '${target}'`), { code, path: target });

  it('opening a read-only database file (chmod 0444; as root, EACCES from the access check)', () => {
    const dir = tempDir();
    try {
      const file = path.join(dir.dir, 'planner.db');
      openDatabase(file, { resourcesDir: resourcesDir() }).db.close();
      if (isRoot) {
        const access = fs.accessSync;
        vi.spyOn(fs, 'accessSync').mockImplementation((p, mode) => {
          if (p === file && mode !== undefined && (mode & fs.constants.W_OK) !== 0) throw eacces(file);
          return access(p, mode);
        });
      } else fs.chmodSync(file, 0o444);
      let error: unknown;
      try {
        openDatabase(file, { resourcesDir: resourcesDir() }).db.close();
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ code: 'DATABASE_READ_ONLY', message: expect.stringContaining(`The database ${file} is read-only`) });
    } finally {
      dir.remove();
    }
  });

  it('a read-only data folder (chmod 0555; as root, EROFS from the access check), also from the command line', async () => {
    const dir = tempDir();
    try {
      const folder = path.join(dir.dir, 'data');
      fs.mkdirSync(folder);
      const file = path.join(folder, 'planner.db');
      if (isRoot) {
        const access = fs.accessSync;
        vi.spyOn(fs, 'accessSync').mockImplementation((p, mode) => {
          if (p === folder) throw eacces(folder, 'EROFS');
          return access(p, mode);
        });
      } else fs.chmodSync(folder, 0o555);
      let stderr = '';
      const code = await runCli(['catalog', 'offerings', '--db', file], {
        stdout: () => undefined,
        stderr: (t) => (stderr += t),
        cwd: dir.dir,
        env: {},
      });
      expect(code).toBe(1);
      expect(stderr).toMatch(/The data folder .* cannot be written \(read-only or no permission\)\. Give your user write access/);
      expect(stderr.split(folder).length - 1).toBe(1);
      expect(stderr).not.toMatch(/internal error|at .*\.ts:\d+/);
      fs.chmodSync(folder, 0o755);
    } finally {
      dir.remove();
    }
  });
});

describe('other inputs a user can get wrong', () => {
  it('a truncated zip is refused in words naming the file once, not a TypeError', async () => {
    const whole = zipSync({ 'cost.csv': strToU8(billing(20_000)) });
    const file = writeFile('cut.zip', whole.subarray(0, whole.length >> 1));
    const error = await refusal(app.services.budget.importFile({ file }));
    expect(error.code).toMatch(/UNREADABLE_FILE|INVALID_CSV|TRUNCATED/);
    expect(error.message).not.toMatch(/TypeError|undefined|internal/i);
    expect(error.message.split('cut.zip').length - 1).toBe(1);
    expect(countOf('spend_lines')).toBe(0);
  });

  it('a second import while one runs is told another import is running; the first completes', async () => {
    const first = app.services.budget.importFile({ file: writeFile('one.csv', billing(30_000)) });
    const second = await refusal(app.services.budget.importFile({ file: writeFile('two.csv', billing(10)) }));
    expect(second.code).toBe('IMPORT_RUNNING');
    expect(second.message).toMatch(/Another import is running; wait for it or cancel it/);
    expect((await first).rowsImported).toBe(30_000);
  });
});
