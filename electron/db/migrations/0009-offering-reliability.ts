import type { Migration } from '../migration';

/**
 * Reliability of a provider (optionally of one price kind of it, e.g. AWS spot): an ordinal score as data, with its
 * source, so that "cheapest reliable" can rank. Bundled rows come from resources/catalog/reliability.json.
 */
export const migration: Migration = {
  version: 9,
  name: 'offering-reliability',
  up(db) {
    db.exec(`
      CREATE TABLE reliability (
        provider_id TEXT NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
        -- '' = every price kind of the provider; else one kind ('spot', 'on-demand', …), which wins over ''
        price_kind TEXT NOT NULL DEFAULT '',
        stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
        score REAL NOT NULL CHECK (score >= 0 AND score <= 1),
        interruption TEXT NOT NULL,
        availability TEXT NOT NULL,
        source TEXT NOT NULL CHECK (length(source) > 0),
        as_of TEXT NOT NULL CHECK (as_of GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        PRIMARY KEY (provider_id, price_kind)
      ) STRICT;
    `);
  },
};
