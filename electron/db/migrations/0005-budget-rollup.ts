import type { Migration } from '../migration';

/**
 * Daily rollup of spend lines (budget domain): billed nano-units and line counts per import, day, currency, track,
 * provider, service, sub-account and instance type, so group-bys over millions of lines read thousands of rows.
 * Empty text ('') stands for null so the rollup key is unique. Filled per import (queries/budget.ts
 * `rebuildSpendRollup`) and kept current by a trigger when allocation rules move a line to another track.
 */
export const migration: Migration = {
  version: 5,
  name: 'budget-rollup',
  up(db) {
    db.exec(`
      CREATE TABLE spend_rollup (
        import_id INTEGER NOT NULL REFERENCES billing_imports(id) ON DELETE CASCADE,
        day TEXT NOT NULL,
        currency TEXT NOT NULL,
        track_id TEXT NOT NULL,
        provider TEXT NOT NULL,
        service TEXT NOT NULL,
        sub_account_id TEXT NOT NULL,
        instance_type TEXT NOT NULL,
        nanos INTEGER NOT NULL,
        lines INTEGER NOT NULL,
        PRIMARY KEY (import_id, day, currency, track_id, provider, service, sub_account_id, instance_type)
      ) WITHOUT ROWID, STRICT;

      INSERT INTO spend_rollup
        SELECT import_id, substr(charge_period_start, 1, 10), currency, COALESCE(track_id, ''), COALESCE(provider, ''), COALESCE(service, ''),
               COALESCE(sub_account_id, ''), COALESCE(instance_type, ''), SUM(billed_cost_nanos), COUNT(*)
        FROM spend_lines GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;

      CREATE TRIGGER spend_rollup_track AFTER UPDATE OF track_id ON spend_lines WHEN OLD.track_id IS NOT NEW.track_id
      BEGIN
        INSERT INTO spend_rollup VALUES (OLD.import_id, substr(OLD.charge_period_start, 1, 10), OLD.currency, COALESCE(OLD.track_id, ''),
            COALESCE(OLD.provider, ''), COALESCE(OLD.service, ''), COALESCE(OLD.sub_account_id, ''), COALESCE(OLD.instance_type, ''), -OLD.billed_cost_nanos, -1)
          ON CONFLICT DO UPDATE SET nanos = nanos + excluded.nanos, lines = lines + excluded.lines;
        INSERT INTO spend_rollup VALUES (NEW.import_id, substr(NEW.charge_period_start, 1, 10), NEW.currency, COALESCE(NEW.track_id, ''),
            COALESCE(NEW.provider, ''), COALESCE(NEW.service, ''), COALESCE(NEW.sub_account_id, ''), COALESCE(NEW.instance_type, ''), NEW.billed_cost_nanos, 1)
          ON CONFLICT DO UPDATE SET nanos = nanos + excluded.nanos, lines = lines + excluded.lines;
      END;
    `);
  },
};
