import type { Migration } from '../migration';

/**
 * App settings (issue 18): one row per settings group, its value as JSON validated by the group's zod schema when read
 * (the cost assumptions: electricity price, a bought machine's lifetime and hours a year, subscription hours).
 */
export const migration: Migration = {
  version: 10,
  name: 'settings',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL CHECK (json_valid(value_json)),
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
