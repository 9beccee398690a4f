/** Saved column mappings of generic billing CSVs (column_mappings): parameterized statements only. */
import type { Database } from 'better-sqlite3';

export function upsertMapping(db: Database, name: string, mappingJson: string, at: string): void {
  db.prepare(
    'INSERT INTO column_mappings (name, mapping_json, updated_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET mapping_json = excluded.mapping_json, updated_at = excluded.updated_at',
  ).run(name, mappingJson, at);
}

export function selectMappings(db: Database): Array<{ name: string; mapping_json: string; updated_at: string }> {
  return db.prepare('SELECT name, mapping_json, updated_at FROM column_mappings ORDER BY name').all() as Array<{
    name: string;
    mapping_json: string;
    updated_at: string;
  }>;
}

export function selectMapping(db: Database, name: string): { name: string; mapping_json: string } | undefined {
  return db.prepare('SELECT name, mapping_json FROM column_mappings WHERE name = ?').get(name) as
    { name: string; mapping_json: string } | undefined;
}
