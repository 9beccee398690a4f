import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { readSetting, writeSetting } from './queries/settings';
import { seedBudget } from './seeds/budget.seed';
import { seedExchangeRates } from './seeds/fx.seed';
import { seedCatalog } from './seeds/catalog.seed';
import { seedEstimate } from './seeds/estimate.seed';
import { addMissingExamples, seedPlan } from './seeds/plan.seed';

/** Loads the bundled data into a brand-new database, in one transaction, in dependency order. */
export function seedDatabase(db: Database, resourcesDir: string): void {
  db.transaction(() => {
    seedCatalog(db, resourcesDir);
    seedEstimate(db, resourcesDir);
    seedPlan(db, resourcesDir);
    seedBudget(db, resourcesDir);
    seedExchangeRates(db, resourcesDir);
    markBundledData(db, resourcesDir);
  })();
}

/** The folders of resources/ the seed reads; their content (with the schema version) is what the marker names. */
const BUNDLED_FOLDERS = ['catalog', 'fx', 'example', 'claims'];
/** The settings row that holds the marker of the bundled data last added to this database. */
const BUNDLED_DATA_KEY = 'bundled-data';

/** A hash of every bundled file the seed reads (names and bytes, in a fixed order) and the database's schema version. */
export function bundledDataMarker(db: Database, resourcesDir: string): string {
  const hash = createHash('sha256');
  hash.update(`schema ${String(db.pragma('user_version', { simple: true }))}\0`);
  for (const folder of BUNDLED_FOLDERS) {
    const dir = path.join(resourcesDir, folder);
    let names: string[] = [];
    try {
      names = fs.readdirSync(dir).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      if (!fs.statSync(file).isFile()) continue;
      hash.update(`${folder}/${name}\0`);
      hash.update(fs.readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

function markBundledData(db: Database, resourcesDir: string): void {
  writeSetting(db, BUNDLED_DATA_KEY, { hash: bundledDataMarker(db, resourcesDir) }, new Date().toISOString());
}

/**
 * An existing database gets what a newer app bundles and it lacks: catalog rows (GPUs, providers, offerings) by id,
 * the reliability ratings, the bundled exchange rates, and the example projects it does not have. The user's own rows are never touched.
 *
 * Every start of the app and every CLI command comes here (issue 26 item 6): a database that already holds this
 * bundled data (its marker matches) is only read — a `spend` beside an import in another process neither writes nor
 * waits. Otherwise (or with `force`, after a migration) the additions and the new marker are written in one IMMEDIATE
 * transaction, which waits for another writer (busy timeout) instead of failing on a snapshot that writer made stale.
 */
export function addBundledToExisting(db: Database, resourcesDir: string, options: { force?: boolean } = {}): { examplesAdded: string[] } {
  const marker = bundledDataMarker(db, resourcesDir);
  const held = readSetting(db, BUNDLED_DATA_KEY) as { hash?: unknown } | undefined;
  if (held?.hash === marker && options.force !== true) return { examplesAdded: [] };
  return db
    .transaction(() => {
      seedCatalog(db, resourcesDir, { onlyMissing: true });
      seedExchangeRates(db, resourcesDir);
      const examplesAdded = addMissingExamples(db, resourcesDir);
      writeSetting(db, BUNDLED_DATA_KEY, { hash: marker }, new Date().toISOString());
      return { examplesAdded };
    })
    .immediate();
}
