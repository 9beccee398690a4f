import fs from 'node:fs';
import type { Database } from 'better-sqlite3';
import { UserError } from '../../shared/domain/errors';
import type { Migration } from './migration';

/** Versions must be 1, 2, 3 … with no gap or repeat: a mistake here must fail loudly, before any change. */
export function assertMonotonic(migrations: readonly Migration[]): void {
  migrations.forEach((m, index) => {
    if (m.version !== index + 1) {
      throw new Error(
        `Migration "${m.name}" has version ${m.version}; expected ${index + 1} (migrations must be numbered 1, 2, 3 … in order).`,
      );
    }
  });
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export interface MigrationOutcome {
  from: number;
  to: number;
  applied: string[];
  backupFile: string | null;
}

/**
 * Brings the database to the latest version: all pending migrations in ONE transaction, `user_version` set
 * inside it. A database from a newer app version is refused. An existing database is copied to
 * `<file>.backup-v<from>` before it is changed.
 */
export function migrate(db: Database, migrations: readonly Migration[], options: { file?: string } = {}): MigrationOutcome {
  assertMonotonic(migrations);
  const latest = migrations.length;
  const from = schemaVersion(db);
  if (from > latest) {
    throw new UserError(
      'DB_FROM_NEWER_VERSION',
      `This database was written by a newer version of GPU Planner (schema ${from}; this version knows up to ${latest}). Update the app or choose another database file.`,
      options.file ? { file: options.file } : undefined,
    );
  }
  if (from === latest) return { from, to: from, applied: [], backupFile: null };

  let backupFile: string | null = null;
  if (from > 0 && options.file && options.file !== ':memory:') {
    backupFile = `${options.file}.backup-v${from}`;
    db.pragma('wal_checkpoint(TRUNCATE)');
    fs.copyFileSync(options.file, backupFile);
  }

  const pending = migrations.slice(from);
  const run = db.transaction(() => {
    for (const m of pending) m.up(db);
    db.pragma(`user_version = ${latest}`);
  });
  run();
  return { from, to: latest, applied: pending.map((m) => `${String(m.version).padStart(4, '0')}-${m.name}`), backupFile };
}
