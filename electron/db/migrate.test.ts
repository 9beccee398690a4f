import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/paths';
import { resourcesDir } from '../test-support/paths';
import { openDatabase } from './connection';
import { assertMonotonic, migrate, schemaVersion } from './migrate';
import type { Migration } from './migration';
import { migrations } from './migrations';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));
function temp() {
  const t = tempDir();
  cleanups.push(t.remove);
  return t.dir;
}

describe('migrations', () => {
  it('are numbered 1, 2, 3 … in order', () => {
    expect(() => assertMonotonic(migrations)).not.toThrow();
    const bad: Migration[] = [
      { version: 1, name: 'a', up() {} },
      { version: 3, name: 'c', up() {} },
    ];
    expect(() => assertMonotonic(bad)).toThrow(/expected 2/);
  });

  it('create every table STRICT with foreign keys on, WAL, and seed the bundled data on a new file', () => {
    const file = path.join(temp(), 'app.sqlite');
    const { db, migration, seeded } = openDatabase(file, { resourcesDir });
    try {
      expect(migration.from).toBe(0);
      expect(migration.to).toBe(migrations.length);
      expect(schemaVersion(db)).toBe(migrations.length);
      expect(seeded).toBe(true);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{
        name: string;
        sql: string;
      }>;
      expect(tables.length).toBeGreaterThanOrEqual(4);
      for (const t of tables) expect(t.sql, `${t.name} is STRICT`).toMatch(/STRICT\s*$/);
      expect((db.prepare('SELECT COUNT(*) AS n FROM gpus').get() as { n: number }).n).toBeGreaterThan(20);
    } finally {
      db.close();
    }
  });

  it('refuse a database from a newer version, unchanged', () => {
    const file = path.join(temp(), 'future.sqlite');
    const raw = new BetterSqlite3(file);
    raw.pragma(`user_version = ${migrations.length + 5}`);
    raw.close();
    expect(() => openDatabase(file, { resourcesDir })).toThrow(/newer version of GPU Planner/);
    const again = new BetterSqlite3(file);
    expect(again.pragma('user_version', { simple: true })).toBe(migrations.length + 5);
    again.close();
  });

  it('back up the file before migrating an existing database, and run all pending steps in one transaction', () => {
    const file = path.join(temp(), 'old.sqlite');
    const db = new BetterSqlite3(file);
    const first: Migration[] = [{ version: 1, name: 'one', up: (d) => d.exec('CREATE TABLE a (x INTEGER) STRICT') }];
    migrate(db, first, { file });
    db.prepare('INSERT INTO a VALUES (1)').run();
    const failing: Migration[] = [
      ...first,
      { version: 2, name: 'two', up: (d) => d.exec('CREATE TABLE b (y INTEGER) STRICT') },
      {
        version: 3,
        name: 'three',
        up: () => {
          throw new Error('boom');
        },
      },
    ];
    expect(() => migrate(db, failing, { file })).toThrow('boom');
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeUndefined();
    expect(fs.existsSync(`${file}.backup-v1`)).toBe(true);
    const good = failing.slice(0, 2);
    const outcome = migrate(db, good, { file });
    expect(outcome).toMatchObject({ from: 1, to: 2, applied: ['0002-two'] });
    db.close();
    const backup = new BetterSqlite3(`${file}.backup-v1`, { readonly: true });
    expect(backup.pragma('user_version', { simple: true })).toBe(1);
    expect(backup.prepare('SELECT x FROM a').all()).toEqual([{ x: 1 }]);
    backup.close();
  });

  it('reopening a current database changes nothing and does not seed again', () => {
    const file = path.join(temp(), 'app.sqlite');
    const first = openDatabase(file, { resourcesDir });
    const count = (first.db.prepare('SELECT COUNT(*) AS n FROM prices').get() as { n: number }).n;
    first.db.close();
    const second = openDatabase(file, { resourcesDir });
    expect(second.seeded).toBe(false);
    expect(second.migration.applied).toEqual([]);
    expect((second.db.prepare('SELECT COUNT(*) AS n FROM prices').get() as { n: number }).n).toBe(count);
    second.db.close();
  });
});
