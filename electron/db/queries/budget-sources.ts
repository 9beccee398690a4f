/** SQL of billing sources (migration 0008): parameterized only. */
import type { Database } from 'better-sqlite3';

export interface BillingSourceRow {
  id: number;
  folder: string;
  mapping_name: string | null;
  created_at: string;
  last_sync_at: string | null;
  last_sync_json: string;
  /** The source's slice as an ImportFilter in JSON (migration 0021); null: the whole export. */
  filter_json: string | null;
}

export type SourceFileStatus = 'imported' | 'already-imported' | 'superseded' | 'waiting' | 'refused';

export interface SourceFileRow {
  source_id: number;
  path: string;
  size: number;
  mtime_ms: number;
  sha256: string | null;
  status: SourceFileStatus;
  import_id: number | null;
  error: string | null;
  synced_at: string;
  /** Inode and status-change time when last seen (migration 0018); null before. */
  change_stamp?: string | null;
}

export function insertSource(
  db: Database,
  source: { folder: string; mapping_name: string | null; created_at: string; filter_json?: string | null },
): number {
  return Number(
    db
      .prepare(
        'INSERT INTO billing_sources (folder, mapping_name, created_at, filter_json) VALUES (@folder, @mapping_name, @created_at, @filter_json)',
      )
      .run({ filter_json: null, ...source }).lastInsertRowid,
  );
}

export function selectSources(db: Database): BillingSourceRow[] {
  return db.prepare('SELECT * FROM billing_sources ORDER BY id').all() as BillingSourceRow[];
}

export function selectSource(db: Database, id: number): BillingSourceRow | undefined {
  return db.prepare('SELECT * FROM billing_sources WHERE id = ?').get(id) as BillingSourceRow | undefined;
}

export function selectSourceByFolder(db: Database, folder: string): BillingSourceRow | undefined {
  return db.prepare('SELECT * FROM billing_sources WHERE folder = ?').get(folder) as BillingSourceRow | undefined;
}

export function deleteSource(db: Database, id: number): void {
  db.prepare('DELETE FROM billing_sources WHERE id = ?').run(id);
}

export function updateSourceSync(db: Database, id: number, at: string, summaryJson: string): void {
  db.prepare('UPDATE billing_sources SET last_sync_at = ?, last_sync_json = ? WHERE id = ?').run(at, summaryJson, id);
}

export function selectSourceFiles(db: Database, sourceId: number): SourceFileRow[] {
  return db.prepare('SELECT * FROM billing_source_files WHERE source_id = ? ORDER BY path').all(sourceId) as SourceFileRow[];
}

export function upsertSourceFile(db: Database, row: SourceFileRow): void {
  db.prepare(
    `INSERT INTO billing_source_files (source_id, path, size, mtime_ms, sha256, status, import_id, error, synced_at, change_stamp)
     VALUES (@source_id, @path, @size, @mtime_ms, @sha256, @status, @import_id, @error, @synced_at, @change_stamp)
     ON CONFLICT (source_id, path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, sha256 = excluded.sha256, status = excluded.status,
       import_id = excluded.import_id, error = excluded.error, synced_at = excluded.synced_at, change_stamp = excluded.change_stamp`,
  ).run({ change_stamp: null, ...row });
}

/** The active import holding exactly this content, if any. */
/** The newest active import of this content, with the slice it took (filter_json, migration 0023; null: the whole file). */
export function selectActiveImportBySha(db: Database, sha256: string): { id: number; filter_json: string | null } | undefined {
  return db
    .prepare("SELECT id, filter_json FROM billing_imports WHERE sha256 = ? AND status = 'active' ORDER BY id DESC LIMIT 1")
    .get(sha256) as { id: number; filter_json: string | null } | undefined;
}

/**
 * The parts of one delivery (a manifest's files) share account and period, so each part's import replaced the parts
 * before it: they are made active again and dropped from the later part's replaced list (undo stays exact).
 */
export function keepDeliveryPartsActive(db: Database, importIds: number[]): void {
  if (importIds.length < 2) return;
  const ids = new Set(importIds);
  const select = db.prepare('SELECT replaced_import_ids FROM billing_imports WHERE id = ?');
  const setReplaced = db.prepare('UPDATE billing_imports SET replaced_import_ids = ? WHERE id = ?');
  const activate = db.prepare("UPDATE billing_imports SET status = 'active' WHERE id = ? AND status = 'replaced'");
  db.transaction(() => {
    for (const id of importIds) {
      const row = select.get(id) as { replaced_import_ids: string } | undefined;
      if (!row) continue;
      const replaced = JSON.parse(row.replaced_import_ids) as number[];
      const kept = replaced.filter((r) => !ids.has(r));
      if (kept.length !== replaced.length) setReplaced.run(JSON.stringify(kept), id);
    }
    for (const id of importIds) activate.run(id);
  })();
}
