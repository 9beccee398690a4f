/** Migration 0018 on a database holding an import and a source's file (schema 17): both kept, as whole files. */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/paths';
import { migrate, schemaVersion } from '../migrate';
import { insertImport, selectImport } from '../queries/budget';
import { selectSourceFiles, upsertSourceFile } from '../queries/budget-sources';
import { migrations } from './index';

const t = tempDir();
afterAll(() => t.remove());

describe('migration 0018-export-parts', () => {
  it('keeps the imports (whole files: no delivery) and the source files (no change stamp yet)', () => {
    const file = path.join(t.dir, 'v17.sqlite');
    const db = new BetterSqlite3(file);
    migrate(db, migrations.slice(0, 17), { file });
    const id = insertImport(db, {
      file_name: 'part_0_0001.csv',
      sha256: 'ab',
      dialect: 'azure',
      account_key: 'acct',
      period_start: '2024-01-01',
      period_end: '2024-02-01',
      rows_read: 1,
      rows_imported: 1,
      rows_skipped: 0,
      totals_json: '{"USD":"1"}',
      skipped_json: '[]',
      replaced_import_ids: '[]',
      status: 'active',
      created_at: '2024-02-02T00:00:00.000Z',
      description: '',
      container: 'plain',
      cost_basis: 'actual',
      periods_json: '[]',
      warnings_json: '[]',
      invoice_open: 0,
      mapping_name: null,
    });
    // Schema 17's columns, as a database of that time holds them (the query of today writes later columns too).
    const source = Number(
      db
        .prepare("INSERT INTO billing_sources (folder, mapping_name, created_at) VALUES ('/exports', NULL, '2024-02-02T00:00:00.000Z')")
        .run().lastInsertRowid,
    );
    db.prepare(
      `INSERT INTO billing_source_files (source_id, path, size, mtime_ms, sha256, status, import_id, error, synced_at)
       VALUES (?, 'run/part_0_0001.csv', 10, 5, 'ab', 'imported', ?, NULL, '2024-02-02T00:00:00.000Z')`,
    ).run(source, id);

    const outcome = migrate(db, migrations.slice(0, 18), { file });
    expect(outcome.applied).toEqual(['0018-export-parts']);
    expect(schemaVersion(db)).toBe(18);
    expect(selectImport(db, id)).toMatchObject({ file_name: 'part_0_0001.csv', status: 'active', delivery: null, delivery_part: null });
    expect(selectSourceFiles(db, source)).toEqual([expect.objectContaining({ path: 'run/part_0_0001.csv', size: 10, change_stamp: null })]);
    upsertSourceFile(db, { ...selectSourceFiles(db, source)[0]!, change_stamp: '7:123' });
    expect(selectSourceFiles(db, source)[0]!.change_stamp).toBe('7:123');
    db.close();
  });
});
