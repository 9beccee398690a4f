import type { Migration } from '../migration';

/**
 * Milestone order and what a promotion moved (issue 27 items 2 and 3): a milestone lists the milestones it comes after
 * (`depends_on_json`, a JSON array of milestone ids; existing milestones depend on none), and each accepted auto-plan
 * suggestion records the diff it applied (`plan_promotions`), which the review PDF lists as "What moved".
 */
export const migration: Migration = {
  version: 19,
  name: 'milestone-dependencies',
  up(db) {
    db.exec(`
      ALTER TABLE milestones ADD COLUMN depends_on_json TEXT NOT NULL DEFAULT '[]';
      CREATE TABLE plan_promotions (
        id INTEGER PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        promoted_at TEXT NOT NULL,
        label TEXT NOT NULL,
        revision INTEGER NOT NULL,
        diff_json TEXT NOT NULL
      ) STRICT;
      CREATE INDEX plan_promotions_project ON plan_promotions(project_id, id);
    `);
  },
};
