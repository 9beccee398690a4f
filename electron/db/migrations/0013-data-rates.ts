import type { Migration } from '../migration';

/**
 * Storage and data-transfer prices as dated catalog rows per provider, like GPU prices (issue 19 item 15): managed
 * disks per disk-month, object storage per GB-month, outbound transfer by monthly GB tiers. Prices are exact decimal
 * strings; `tiers_json` holds a transfer row's tiers ([{ upToGb, usd }], null bound = no upper bound). The bundled
 * rows (resources/catalog/storage-transfer.json) are added by the catalog seed, on new and existing databases.
 */
export const migration: Migration = {
  version: 13,
  name: 'data-rates',
  up(db) {
    db.exec(`
      CREATE TABLE data_rates (
        id TEXT PRIMARY KEY,
        provider_id TEXT NOT NULL,
        category TEXT NOT NULL CHECK (category IN ('storage', 'transfer')),
        sku TEXT NOT NULL,
        unit TEXT NOT NULL CHECK (unit IN ('GB-month', 'disk-month', 'GB')),
        usd TEXT,
        disk_gb REAL,
        tiers_json TEXT,
        region TEXT NOT NULL,
        as_of TEXT NOT NULL,
        source TEXT NOT NULL,
        notes TEXT NOT NULL DEFAULT '',
        edited INTEGER NOT NULL DEFAULT 0 CHECK (edited IN (0, 1))
      ) STRICT;
      CREATE INDEX data_rates_provider ON data_rates (provider_id, category);
    `);
  },
};
