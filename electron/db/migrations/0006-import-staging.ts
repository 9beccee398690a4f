import type { Migration } from '../migration';

/**
 * Billing imports are staged in short transactions (never one transaction held across the file's reads): an import
 * being written has `pending_owner` set ("<pid>:<uuid>" of the process writing it) and status 'undone', so no query
 * sees its lines; one final transaction makes it active, or deletes it. A pending import whose process is gone (killed)
 * is deleted when the database is next opened. `spend_index_suspended` records the spend-line indexes a bulk import
 * dropped, so that they are created again even if that import was killed. A rollup row whose sum leaves SQLite's
 * 64-bit integers holds it as nanos + nanos_high × 2^62 (exact at any size; queries/budget.ts).
 */
export const migration: Migration = {
  version: 6,
  name: 'import-staging',
  up(db) {
    db.exec(`
      ALTER TABLE billing_imports ADD COLUMN pending_owner TEXT;
      ALTER TABLE spend_rollup ADD COLUMN nanos_high INTEGER NOT NULL DEFAULT 0;
      DROP TRIGGER spend_rollup_track;
      CREATE TRIGGER spend_rollup_track AFTER UPDATE OF track_id ON spend_lines WHEN OLD.track_id IS NOT NEW.track_id
      BEGIN
        INSERT INTO spend_rollup (import_id, day, currency, track_id, provider, service, sub_account_id, instance_type, nanos, lines)
          VALUES (OLD.import_id, substr(OLD.charge_period_start, 1, 10), OLD.currency, COALESCE(OLD.track_id, ''),
            COALESCE(OLD.provider, ''), COALESCE(OLD.service, ''), COALESCE(OLD.sub_account_id, ''), COALESCE(OLD.instance_type, ''), -OLD.billed_cost_nanos, -1)
          ON CONFLICT DO UPDATE SET nanos = nanos + excluded.nanos, lines = lines + excluded.lines;
        INSERT INTO spend_rollup (import_id, day, currency, track_id, provider, service, sub_account_id, instance_type, nanos, lines)
          VALUES (NEW.import_id, substr(NEW.charge_period_start, 1, 10), NEW.currency, COALESCE(NEW.track_id, ''),
            COALESCE(NEW.provider, ''), COALESCE(NEW.service, ''), COALESCE(NEW.sub_account_id, ''), COALESCE(NEW.instance_type, ''), NEW.billed_cost_nanos, 1)
          ON CONFLICT DO UPDATE SET nanos = nanos + excluded.nanos, lines = lines + excluded.lines;
      END;
      CREATE TABLE spend_index_suspended (
        name TEXT PRIMARY KEY,
        sql TEXT NOT NULL
      ) STRICT;
    `);
  },
};
