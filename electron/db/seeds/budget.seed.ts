import type { Database } from 'better-sqlite3';
import { seedBudgetPlanning } from './budget-planning.seed';

/** Bundled budget data loaded on a brand-new database (owned by the budget domain). */
export function seedBudget(_db: Database, _resourcesDir: string): void {
  seedBudgetPlanning(_db);
}
