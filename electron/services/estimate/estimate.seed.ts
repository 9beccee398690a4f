import type { Database } from 'better-sqlite3';

/** Bundled estimate data loaded on a brand-new database (owned by the estimate domain). */
export function seedEstimate(_db: Database, _resourcesDir: string): void {}
