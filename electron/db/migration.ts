import type { Database } from 'better-sqlite3';

/** One numbered schema change. Migrations run in order, all pending ones in one transaction. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
