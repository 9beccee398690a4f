/** Migration 0021 on a real database of schema 20 holding a source: the source kept, with no filter (the whole export). */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../services/app-context';
import { tempDir } from '../../test-support/paths';
import { migrate, schemaVersion } from '../migrate';
import { migrations } from './index';

const t = tempDir();
afterAll(() => t.remove());

describe('migration 0021-source-filters', () => {
  it('adds the filter column, empty for the sources already there; a filter is stored and read back', () => {
    const dir = path.join(t.dir, 'v20');
    const folder = path.join(t.dir, 'exports');
    fs.mkdirSync(folder, { recursive: true });
    const app = createAppContext({ dataDir: dir, runtime: 'cli' });
    const file = app.info().databaseFile;
    app.close();
    const db = new BetterSqlite3(file);
    db.exec(
      'ALTER TABLE billing_imports DROP COLUMN filter_json; ALTER TABLE billing_sources DROP COLUMN filter_json; PRAGMA user_version = 20;',
    );
    db.prepare("INSERT INTO billing_sources (folder, mapping_name, created_at) VALUES (?, NULL, '2026-01-01T00:00:00Z')").run(folder);
    const before = db.prepare('SELECT * FROM billing_sources').all();

    const outcome = migrate(db, migrations.slice(0, 21), { file });
    expect(outcome.applied).toEqual(['0021-source-filters']);
    expect(schemaVersion(db)).toBe(21);
    const after = db.prepare('SELECT * FROM billing_sources').all() as Record<string, unknown>[];
    expect(after).toEqual((before as Record<string, unknown>[]).map((r) => ({ ...r, filter_json: null })));
    db.close();

    const again = createAppContext({ dataDir: dir, runtime: 'cli' });
    try {
      const [source] = again.services.budget.listSources();
      expect(source!.filter).toBeNull();
    } finally {
      again.close();
    }
  });
});
