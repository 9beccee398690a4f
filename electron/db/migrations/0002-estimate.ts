import type { Migration } from '../migration';

/** Saved workloads (the Estimate screen's form, reused by plans). The JSON is the docs/cli.md workload file. */
export const migration: Migration = {
  version: 2,
  name: 'estimate',
  up(db) {
    db.exec(`
      CREATE TABLE workloads (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        workload_json TEXT NOT NULL CHECK (json_valid(workload_json)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX workloads_by_name ON workloads(name);
    `);
  },
};
