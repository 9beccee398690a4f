import type { Database } from 'better-sqlite3';
import { seedBudget } from '../services/budget/budget.seed';
import { seedExchangeRates } from '../services/budget/fx.seed';
import { seedCatalog } from '../services/catalog/catalog.seed';
import { seedEstimate } from '../services/estimate/estimate.seed';
import { addMissingExamples, seedPlan } from '../services/plan/plan.seed';

/** Loads the bundled data into a brand-new database, in one transaction, in dependency order. */
export function seedDatabase(db: Database, resourcesDir: string): void {
  db.transaction(() => {
    seedCatalog(db, resourcesDir);
    seedEstimate(db, resourcesDir);
    seedPlan(db, resourcesDir);
    seedBudget(db, resourcesDir);
    seedExchangeRates(db, resourcesDir);
  })();
}

/**
 * An existing database gets what a newer app bundles and it lacks: catalog rows (GPUs, providers, offerings) by id,
 * the reliability ratings, the bundled exchange rates, and the example projects it does not have. The user's own rows are never touched.
 */
export function addBundledToExisting(db: Database, resourcesDir: string): { examplesAdded: string[] } {
  return db.transaction(() => {
    seedCatalog(db, resourcesDir, { onlyMissing: true });
    seedExchangeRates(db, resourcesDir);
    return { examplesAdded: addMissingExamples(db, resourcesDir) };
  })();
}
