import type { Migration } from '../migration';

/**
 * Credits and free tiers (issue 18 item 13): dated budget offsets of a project, for one provider (catalog id) or any,
 * granted on a day and usable until their expiry day. Amounts are decimal strings in their currency.
 */
export const migration: Migration = {
  version: 9,
  name: 'budget-credits',
  up(db) {
    db.exec(`
      CREATE TABLE budget_credits (
        id INTEGER PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        provider_id TEXT,
        name TEXT NOT NULL CHECK (length(name) > 0),
        amount TEXT NOT NULL,
        currency TEXT NOT NULL CHECK (length(currency) = 3),
        granted_on TEXT NOT NULL CHECK (granted_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        expires_on TEXT NOT NULL CHECK (expires_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        source TEXT NOT NULL CHECK (length(source) > 0),
        notes TEXT,
        created_at TEXT NOT NULL,
        CHECK (expires_on >= granted_on)
      ) STRICT;
      CREATE INDEX budget_credits_project ON budget_credits(project_id, expires_on);
    `);
  },
};
