import type { Database } from 'better-sqlite3';
import { seedBudget } from '../services/budget/budget.seed';
import { seedCatalog } from '../services/catalog/catalog.seed';
import { seedEstimate } from '../services/estimate/estimate.seed';
import { seedPlan } from '../services/plan/plan.seed';

/** Loads the bundled data into a brand-new database, in one transaction, in dependency order. */
export function seedDatabase(db: Database, resourcesDir: string): void {
  db.transaction(() => {
    seedCatalog(db, resourcesDir);
    seedEstimate(db, resourcesDir);
    seedPlan(db, resourcesDir);
    seedBudget(db, resourcesDir);
  })();
}
