import type { Migration } from '../migration';

/**
 * A lead's own projects and first-class scenarios:
 * - projects.opened_at: when the project was last opened (the switcher lists recent first);
 * - projects.archived_at: archived projects leave the switcher's main list but keep every row;
 * - projects.deleted_at: a soft delete, so "Delete" can be undone; rows stay until purged.
 * - scenarios.revision / updated_at: a scenario is edited like the plan (stale edits refused by revision).
 */
export const migration: Migration = {
  version: 7,
  name: 'projects',
  up(db) {
    db.exec(`
      ALTER TABLE projects ADD COLUMN opened_at TEXT;
      ALTER TABLE projects ADD COLUMN archived_at TEXT;
      ALTER TABLE projects ADD COLUMN deleted_at TEXT;
      CREATE INDEX projects_recent ON projects(deleted_at, archived_at, opened_at);
      ALTER TABLE scenarios ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE scenarios ADD COLUMN updated_at TEXT;
    `);
  },
};
