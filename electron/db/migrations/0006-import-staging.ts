import type { Migration } from '../migration';

/**
 * Billing imports are staged in short transactions (never one transaction held across the file's reads): an import
 * being written has `pending_owner` set ("<pid>:<uuid>" of the process writing it) and status 'undone', so no query
 * sees its lines; one final transaction makes it active, or deletes it. A pending import whose process is gone (killed)
 * is deleted when the database is next opened. `spend_index_suspended` records the spend-line indexes a bulk import
 * dropped, so that they are created again even if that import was killed.
 */
export const migration: Migration = {
  version: 6,
  name: 'import-staging',
  up(db) {
    db.exec(`
      ALTER TABLE billing_imports ADD COLUMN pending_owner TEXT;
      CREATE TABLE spend_index_suspended (
        name TEXT PRIMARY KEY,
        sql TEXT NOT NULL
      ) STRICT;
    `);
  },
};
