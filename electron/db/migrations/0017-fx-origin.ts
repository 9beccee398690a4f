import type { Migration } from '../migration';

/**
 * Exchange rates know where they come from (issue 25 item 1): `bundled` (the ECB monthly reference rates the app ships,
 * resources/fx/, added by the seed on new and existing databases), `user` (typed in Settings or `gpu-planner fx add`)
 * or `import` (a CSV of rates). A look-up takes the user's and imported rates first, the bundled ones where there are
 * none. The rates already stored were all typed by a user.
 */
export const migration: Migration = {
  version: 17,
  name: 'fx-origin',
  up(db) {
    db.exec(`
      ALTER TABLE exchange_rates ADD COLUMN origin TEXT NOT NULL DEFAULT 'user' CHECK (origin IN ('user', 'import', 'bundled'));
      CREATE INDEX exchange_rates_pair ON exchange_rates (from_currency, to_currency, as_of);
    `);
  },
};
