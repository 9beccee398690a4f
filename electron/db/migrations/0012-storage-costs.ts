import type { Migration } from '../migration';

/**
 * Storage and data transfer the lead states per project or track (issue 19 item 15): datasets on a storage tier,
 * checkpoints per run, model downloads. Kept with the project as JSON (the plan's `dataCosts` items, validated by
 * shared/domain/plan/schema.ts on the way in); scenarios carry them inside their plan_json.
 */
export const migration: Migration = {
  version: 12,
  name: 'storage-costs',
  up(db) {
    db.exec(`ALTER TABLE projects ADD COLUMN data_costs_json TEXT NOT NULL DEFAULT '[]';`);
  },
};
