import type { Database } from 'better-sqlite3';

/** Bundled plan data loaded on a brand-new database (owned by the plan domain). */
export function seedPlan(_db: Database, _resourcesDir: string): void {}
