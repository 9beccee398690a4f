/** Settings SQL: one JSON value per key. */
import type { Database } from 'better-sqlite3';

export function readSetting(db: Database, key: string): unknown {
  const row = db.prepare('SELECT value_json FROM settings WHERE key = ?').get(key) as { value_json: string } | undefined;
  return row ? JSON.parse(row.value_json) : undefined;
}

export function writeSetting(db: Database, key: string, value: unknown, now: string): void {
  db.prepare(
    `INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at`,
  ).run(key, JSON.stringify(value), now);
}

export function settingUpdatedAt(db: Database, key: string): string | null {
  const row = db.prepare('SELECT updated_at FROM settings WHERE key = ?').get(key) as { updated_at: string } | undefined;
  return row?.updated_at ?? null;
}
