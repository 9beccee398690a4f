import type { Migration } from '../migration';

/**
 * A billing source's slice (issue 32 item 3): the accounts, tags, providers and date window its syncs import
 * (`filter_json`, an ImportFilter as JSON; NULL for the whole export — every source already there).
 */
export const migration: Migration = {
  version: 21,
  name: 'source-filters',
  up(db) {
    db.exec(`ALTER TABLE billing_sources ADD COLUMN filter_json TEXT;`);
  },
};
