import type { Migration } from '../migration';

/**
 * Billing sources (budget domain): folders of cloud billing exports kept in sync (issue 14). `billing_source_files`
 * remembers every file seen (size, mtime, content hash) so an unchanged folder is checked without reading a byte, and
 * what became of it: imported (with its import), already imported under another name, superseded by a manifest,
 * waiting for the rest of its delivery, or refused with its error.
 */
export const migration: Migration = {
  version: 8,
  name: 'budget-sources',
  up(db) {
    db.exec(`
      CREATE TABLE billing_sources (
        id INTEGER PRIMARY KEY,
        folder TEXT NOT NULL UNIQUE,
        mapping_name TEXT,
        created_at TEXT NOT NULL,
        last_sync_at TEXT,
        last_sync_json TEXT NOT NULL DEFAULT '{}'
      ) STRICT;

      CREATE TABLE billing_source_files (
        source_id INTEGER NOT NULL REFERENCES billing_sources(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        size INTEGER NOT NULL,
        mtime_ms INTEGER NOT NULL,
        sha256 TEXT,
        status TEXT NOT NULL CHECK (status IN ('imported', 'already-imported', 'superseded', 'waiting', 'refused')),
        import_id INTEGER REFERENCES billing_imports(id) ON DELETE SET NULL,
        error TEXT,
        synced_at TEXT NOT NULL,
        PRIMARY KEY (source_id, path)
      ) WITHOUT ROWID, STRICT;
    `);
  },
};
