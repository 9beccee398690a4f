/**
 * What "a read wrote nothing" is checked on: every row of every table (content, not counters), the projects'
 * revisions, and SQLite's count of rows changed by INSERT/UPDATE/DELETE on this connection.
 */
import type { Database } from 'better-sqlite3';

/** Every table's rows in rowid order (a table without rowid in its stored order), by table name. */
export function tableContents(db: Database): Record<string, unknown[][]> {
  const tables = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as Array<{ name: string; sql: string }>;
  const contents: Record<string, unknown[][]> = {};
  for (const { name, sql } of tables) {
    const order = /WITHOUT\s+ROWID/i.test(sql) ? '' : ' ORDER BY rowid';
    contents[name] = db
      .prepare(`SELECT * FROM "${name}"${order}`)
      .raw()
      .all()
      .map((row) => (row as unknown[]).map((v) => (typeof v === 'bigint' ? String(v) : Buffer.isBuffer(v) ? v.toString('hex') : v)));
  }
  return contents;
}

/** Each project's plan revision, by project id. */
export function planRevisions(db: Database): Record<string, number> {
  const rows = db.prepare('SELECT id, revision FROM projects ORDER BY id').all() as Array<{ id: string; revision: number }>;
  return Object.fromEntries(rows.map((r) => [r.id, r.revision]));
}

/** Rows changed by INSERT, UPDATE or DELETE on this connection since it opened. */
export function totalChanges(db: Database): number {
  return (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
}

/** The whole state a read must leave as it found it. */
export function databaseState(db: Database) {
  return { tables: tableContents(db), revisions: planRevisions(db), changes: totalChanges(db) };
}

/**
 * Spend written as another process or tool would leave it: an active import whose two lines (USD 700 tagged for the
 * example's VitalDB track, USD 4.10 untagged) no rule has run on and no rollup holds. The reads that used to fix such
 * spend up (allocate it, roll it up) find it.
 */
export function insertUnallocatedSpend(db: Database): void {
  const importId = Number(
    db
      .prepare(
        `INSERT INTO billing_imports (file_name, sha256, dialect, rows_read, rows_imported, totals_json, created_at)
         VALUES ('raw.csv', 'raw', 'focus', 2, 2, '{}', '2026-01-05T00:00:00Z')`,
      )
      .run().lastInsertRowid,
  );
  const line = db.prepare(
    `INSERT INTO spend_lines (import_id, source_line, charge_period_start, billed_cost, billed_cost_nanos, currency, service, tags_json)
     VALUES (?, ?, ?, ?, ?, 'USD', 'Compute Engine', ?)`,
  );
  line.run(importId, 2, '2025-12-22T00:00:00Z', '700', 700_000_000_000n, '{"track":"vitaldb"}');
  line.run(importId, 3, '2025-12-23T00:00:00Z', '4.1', 4_100_000_000n, '{}');
}
