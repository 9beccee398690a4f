import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cliBin, ensureBuiltCli } from '../test-support/built-cli';
import { referenceFile, repoRoot, resourcesDir, tempDir } from '../test-support/paths';
import { openDatabase } from './connection';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

function freshFolder(): string {
  const t = tempDir();
  cleanups.push(t.remove);
  return t.dir;
}

/** The database's files (main, -wal) byte for byte. */
function contents(file: string): string[] {
  return [file, `${file}-wal`].map((f) => (fs.existsSync(f) ? fs.readFileSync(f).toString('base64') : '(none)'));
}

describe('opening an up-to-date database writes nothing (issue 26 item 6)', () => {
  it('a second open changes no row and no byte of the file, even while another connection holds the write lock', () => {
    const file = path.join(freshFolder(), 'app.sqlite');
    openDatabase(file, { resourcesDir }).db.close();
    const before = contents(file);
    // Another process is writing (an import): a reader that opens now must neither write nor wait for it.
    const writer = new BetterSqlite3(file);
    writer.exec('BEGIN IMMEDIATE');
    try {
      const started = Date.now();
      const { db } = openDatabase(file, { resourcesDir });
      const changes = (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
      db.close();
      expect(changes).toBe(0);
      expect(Date.now() - started, 'the open did not wait for the writer').toBeLessThan(4000);
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
    expect(contents(file)).toEqual(before);
  }, 30_000);

  it('a database whose bundled data is older gets it on the next open, once', () => {
    const file = path.join(freshFolder(), 'app.sqlite');
    openDatabase(file, { resourcesDir }).db.close();
    const raw = new BetterSqlite3(file);
    raw.prepare('DELETE FROM data_rates WHERE id = (SELECT id FROM data_rates ORDER BY id LIMIT 1)').run();
    raw.prepare("DELETE FROM settings WHERE key = 'bundled-data'").run();
    const rates = (raw.prepare('SELECT count(*) AS n FROM data_rates').get() as { n: number }).n;
    raw.close();
    const { db } = openDatabase(file, { resourcesDir });
    expect((db.prepare('SELECT count(*) AS n FROM data_rates').get() as { n: number }).n).toBe(rates + 1);
    db.close();
    const after = contents(file);
    openDatabase(file, { resourcesDir }).db.close();
    expect(contents(file)).toEqual(after);
  });
});

interface Run {
  code: number | null;
  stderr: string;
}

function run(args: string[], db: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliBin, ...args, '--db', db], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('read commands beside an import in another process (issue 26 item 6)', () => {
  beforeAll(() => ensureBuiltCli());

  it('never fail with "database is locked"', async () => {
    const dir = freshFolder();
    const db = path.join(dir, 'app.sqlite');
    const sample = referenceFile('billing-samples', 'focus-sample-data', 'focus_sample.csv');
    expect((await run(['spend'], db)).code).toBe(0);
    let importing = true;
    const imports: Run[] = [];
    const importer = (async () => {
      for (let i = 0; i < 6; i++) {
        const copy = path.join(dir, `focus-${i}.csv`);
        fs.copyFileSync(sample, copy);
        imports.push(await run(['import', copy], db));
      }
      importing = false;
    })();
    const reads: Run[] = [];
    const reader = (async () => {
      while (importing || reads.length < 4) {
        reads.push(await run(['spend'], db));
        reads.push(await run(['plan', 'show'], db));
      }
    })();
    await Promise.all([importer, reader]);
    const failed = [...imports, ...reads].filter((r) => r.code !== 0);
    expect(failed.map((r) => r.stderr.split('\n')[0])).toEqual([]);
    expect(reads.length).toBeGreaterThanOrEqual(4);
  }, 240_000);
});

describe('the database is readable by its owner only (issue 26 item 5)', () => {
  it('a new database file, its -wal and -shm are 0600 and the folder the app creates is 0700, whatever the umask', () => {
    const folder = path.join(freshFolder(), 'data', 'gpu-planner');
    const file = path.join(folder, 'app.sqlite');
    const umask = process.umask(0o022);
    try {
      const { db } = openDatabase(file, { resourcesDir });
      db.prepare('SELECT count(*) FROM gpus').get();
      const mode = (f: string) => fs.statSync(f).mode & 0o777;
      expect(mode(folder)).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect([f, mode(f)]).toEqual([f, 0o600]);
      db.close();
    } finally {
      process.umask(umask);
    }
  });

  it('an existing folder chosen by the user keeps its mode; the file created in it is still 0600', () => {
    const folder = freshFolder();
    fs.chmodSync(folder, 0o755);
    const file = path.join(folder, 'mine.sqlite');
    openDatabase(file, { resourcesDir }).db.close();
    expect(fs.statSync(folder).mode & 0o777).toBe(0o755);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('every write transaction begins IMMEDIATE (issue 26 item 6)', () => {
  it('a transaction that reads then writes holds the write lock from its start: another writer waits, it never fails on a stale snapshot', () => {
    const dir = freshFolder();
    const file = path.join(dir, 'app.sqlite');
    const { db } = openDatabase(file, { resourcesDir, seed: false });
    cleanups.push(() => db.close());
    db.exec('CREATE TABLE t (n INTEGER)');
    const other = new BetterSqlite3(file, { timeout: 0 });
    cleanups.push(() => other.close());
    let otherWrite = 'committed';
    db.transaction(() => {
      db.prepare('SELECT count(*) FROM t').get();
      // Another process commits between this transaction's read and its write (deferred: our write then fails).
      try {
        other.prepare('INSERT INTO t VALUES (1)').run();
      } catch (error) {
        otherWrite = (error as { code?: string }).code ?? String(error);
      }
      db.prepare('INSERT INTO t VALUES (2)').run();
    })();
    expect(otherWrite).toBe('SQLITE_BUSY');
    expect(db.prepare('SELECT n FROM t').pluck().all()).toEqual([2]);
    // Nested transactions are still savepoints; .deferred() is still there for a read-only snapshot.
    db.transaction(() => db.transaction(() => db.prepare('INSERT INTO t VALUES (3)').run())())();
    expect(db.transaction(() => db.prepare('SELECT count(*) AS c FROM t').get()).deferred()).toEqual({ c: 2 });
  });
});
