import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { bundledRateRows, bundledRatesFileSchema } from '../../../shared/domain/budget/bundled-rates';
import { insertBundledRate } from '../queries/budget-planning';

/** resources/fx/ecb-monthly-rates.json, validated. */
export function readBundledRates(resourcesDir: string) {
  const file = path.join(resourcesDir, 'fx', 'ecb-monthly-rates.json');
  const parsed = bundledRatesFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`Bundled file ${file} is invalid: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * Adds the bundled ECB rates the database lacks (new and existing databases alike); a rate the user typed or imported
 * for the same pair and date stays. Returns how many were added.
 */
export function seedExchangeRates(db: Database, resourcesDir: string): number {
  const rows = bundledRateRows(readBundledRates(resourcesDir));
  // Every start of the app and the CLI comes here: a database that already holds them all is not written to.
  const held = (db.prepare("SELECT COUNT(*) AS n FROM exchange_rates WHERE origin = 'bundled'").get() as { n: number }).n;
  if (held >= rows.length) return 0;
  let added = 0;
  for (const row of rows) added += insertBundledRate(db, row);
  return added;
}
