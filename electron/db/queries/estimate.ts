/** Estimate SQL: saved workloads. Parameterized statements only. */
import type { Database } from 'better-sqlite3';

export interface SavedWorkloadRow {
  id: string;
  name: string;
  workload: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  /** A bundled example (VitalDB M1–M3, ClinicalBERT…): the lead's own workloads have the ids the service mints, `w-…`. */
  example: boolean;
}
interface Row {
  id: string;
  name: string;
  workload_json: string;
  created_at: string;
  updated_at: string;
}

const toSaved = (r: Row): SavedWorkloadRow => ({
  id: r.id,
  name: r.name,
  workload: JSON.parse(r.workload_json) as Record<string, unknown>,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  example: !r.id.startsWith('w-'),
});

export function selectWorkloads(db: Database): SavedWorkloadRow[] {
  return (db.prepare('SELECT id, name, workload_json, created_at, updated_at FROM workloads ORDER BY name, id').all() as Row[]).map(
    toSaved,
  );
}

export function selectWorkload(db: Database, id: string): SavedWorkloadRow | null {
  const row = db.prepare('SELECT id, name, workload_json, created_at, updated_at FROM workloads WHERE id = ?').get(id) as Row | undefined;
  return row ? toSaved(row) : null;
}

export function upsertWorkload(db: Database, w: { id: string; name: string; workloadJson: string; now: string }): void {
  db.prepare(
    `INSERT INTO workloads (id, name, workload_json, created_at, updated_at) VALUES (@id, @name, @workloadJson, @now, @now)
    ON CONFLICT(id) DO UPDATE SET name = excluded.name, workload_json = excluded.workload_json, updated_at = excluded.updated_at`,
  ).run(w);
}

export function deleteWorkload(db: Database, id: string): number {
  return db.prepare('DELETE FROM workloads WHERE id = ?').run(id).changes;
}
