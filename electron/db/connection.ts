import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { damagedDatabaseError, quickCheckProblems } from './integrity';
import { migrate, type MigrationOutcome } from './migrate';
import { migrations } from './migrations';
import { addBundledToExisting, seedDatabase } from './seed';
import { storageUserError } from './storage-errors';

/** How long a statement waits for another connection's lock (an import in another process) before it gives up. */
export const BUSY_TIMEOUT_MS = 15_000;

export interface OpenedDatabase {
  db: Database;
  file: string;
  migration: MigrationOutcome;
  seeded: boolean;
  /** Example projects a newer app bundled and this existing database lacked, added as it opened. */
  examplesAdded: string[];
}

/**
 * Opens (creating if needed) the app's SQLite file: WAL, foreign keys, migrations, and on a brand-new file the
 * bundled catalog and example project. The main process (or the CLI) is the only writer.
 */
export function openDatabase(file: string, options: { resourcesDir: string; seed?: boolean }): OpenedDatabase {
  try {
    if (file !== ':memory:') assertWritable(file);
    return openWritable(file, options);
  } catch (error) {
    throw storageUserError(error, file) ?? error;
  }
}

/**
 * The data folder and the database file (when there is one) can be written: checked before SQLite opens anything.
 * What the app creates is its owner's only (issue 26 item 5): the folders 0700, a new database file 0600 — created
 * empty here, before SQLite, which gives its -wal and -shm the database file's mode.
 */
function assertWritable(file: string): void {
  const folder = path.dirname(path.resolve(file));
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.accessSync(folder, fs.constants.W_OK);
  if (fs.existsSync(file)) fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
  else createOwnerOnly(file);
}

function createOwnerOnly(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, 0o600));
  } catch (error) {
    // Another process created it meanwhile: that one is opened as it is.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function openWritable(file: string, options: { resourcesDir: string; seed?: boolean }): OpenedDatabase {
  // Under Electron, `npm start` points at a better-sqlite3 binary built for Electron's ABI (scripts/start.mjs).
  const nativeBinding = process.env.GPU_PLANNER_SQLITE_BINDING;
  // The busy timeout holds from the first statement (the integrity check reads too): a writer in another process
  // (an import) makes this open wait for its lock rather than fail with "database is locked".
  const db = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS, ...(nativeBinding ? { nativeBinding } : {}) });
  immediateTransactions(db);
  try {
    // A damaged file is refused before anything writes to it (WAL mode, migrations and imports all write).
    const existing = file !== ':memory:' && fs.statSync(file).size > 0;
    const problems = existing ? quickCheckProblems(db) : null;
    if (problems !== null) throw damagedDatabaseError(file, problems);
    // Already WAL (every database but a new one): not set again, so that opening for reading writes nothing.
    if (String(db.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    const fresh = (db.pragma('user_version', { simple: true }) as number) === 0;
    let seeded = false;
    let examplesAdded: string[] = [];
    const migrateAndSeed = () => {
      const migrated = migrate(db, migrations, { file });
      if (fresh && options.seed !== false) {
        seedDatabase(db, options.resourcesDir);
        seeded = true;
      } else if (!fresh && options.seed !== false)
        // A migration may add tables the bundled data fills: after one, the bundled data is added whatever the marker says.
        examplesAdded = addBundledToExisting(db, options.resourcesDir, { force: migrated.applied.length > 0 }).examplesAdded;
      return migrated;
    };
    // A new database is migrated AND seeded in one transaction (the nested ones become savepoints): a seed that fails
    // leaves user_version 0 and no table, so the next start does both again — never a migrated, empty database.
    // (An existing database is not wrapped: its migration backs the file up first, outside any transaction.)
    const outcome = fresh ? db.transaction(migrateAndSeed)() : migrateAndSeed();
    return { db, file, migration: outcome, seeded, examplesAdded };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Every transaction of the app writes, so each one begins IMMEDIATE (issue 26 item 6): it takes the write lock first,
 * waiting with the busy timeout for another process's import. A deferred one reads on a snapshot, and when it then
 * writes after another process committed, SQLite refuses at once with "database is locked" (a stale snapshot: the
 * busy timeout cannot help) — `project budget` beside two imports failed so. `db.transaction(fn)()` is therefore
 * `.immediate()`; `.deferred()` stays for a read that wants one snapshot. Nested calls are savepoints as before.
 */
function immediateTransactions(db: Database): void {
  const make = db.transaction.bind(db);
  db.transaction = ((fn: (...args: never[]) => unknown) => {
    const t = make(fn);
    const immediate = t.immediate;
    const run = (...args: never[]) => immediate(...args);
    return Object.assign(run, { default: immediate, deferred: t.deferred, immediate, exclusive: t.exclusive });
  }) as Database['transaction'];
}
