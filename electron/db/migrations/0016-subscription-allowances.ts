import type { Migration } from '../migration';

/**
 * Subscriptions as what they are (issue 25 item 5): what a monthly plan includes (Colab's compute units a month, or
 * included GPU-hours), what each of its offerings uses per hour, and the top-up packs that buy more, each with its date
 * and source. The fee stays the offerings' `subscription` price. Units are exact decimal strings like prices; an
 * offering belongs to one subscription at most. The bundled rows (resources/catalog/subscriptions.json) are added by
 * the catalog seed, on new and existing databases.
 */
export const migration: Migration = {
  version: 16,
  name: 'subscription-allowances',
  up(db) {
    db.exec(`
      CREATE TABLE subscriptions (
        id TEXT PRIMARY KEY,
        provider_id TEXT NOT NULL,
        name TEXT NOT NULL,
        unit TEXT NOT NULL CHECK (unit IN ('compute-units', 'gpu-hours')),
        units_per_month TEXT NOT NULL,
        as_of TEXT NOT NULL,
        source TEXT NOT NULL,
        notes TEXT
      ) STRICT;
      CREATE TABLE subscription_rates (
        offering_id TEXT PRIMARY KEY REFERENCES offerings(id) ON DELETE CASCADE,
        subscription_id TEXT NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
        units_per_hour TEXT NOT NULL,
        as_of TEXT NOT NULL,
        source TEXT NOT NULL,
        notes TEXT
      ) STRICT;
      CREATE INDEX subscription_rates_subscription ON subscription_rates (subscription_id);
      CREATE TABLE subscription_top_ups (
        subscription_id TEXT NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
        units TEXT NOT NULL,
        usd TEXT NOT NULL,
        as_of TEXT NOT NULL,
        source TEXT NOT NULL,
        notes TEXT,
        PRIMARY KEY (subscription_id, units)
      ) STRICT;
    `);
  },
};
