/**
 * Billing imports SQL (billing_imports): an import's row, its staging while it is written, and its replacement.
 * The billing import service reads its whole query surface from here: the spend-line, rollup, group-sum and
 * column-mapping queries it also needs are re-exported below from their own modules.
 */
import type { Database } from 'better-sqlite3';
import { forgetPendingRollup } from './spend-rollup';

export { registerDecimalSum } from './exact-sums';
export { selectMapping, selectMappings, upsertMapping } from './column-mappings';
export type { SpendFilters, SpendGroupBy } from './spend-filters';
export { selectGroupSums } from './spend-group-sums';
export {
  restoreSuspendedIndexes,
  selectSpendLines,
  spendLineIdBound,
  spendLineInserter,
  suspendSpendLineIndexes,
  type SpendLineRow,
} from './spend-lines';
export { rebuildSpendRollup } from './spend-rollup';

export type ImportStatus = 'active' | 'replaced' | 'undone';

export interface BillingImportRow {
  id: number;
  file_name: string;
  sha256: string;
  dialect: string;
  account_key: string;
  period_start: string | null;
  period_end: string | null;
  rows_read: number;
  rows_imported: number;
  rows_skipped: number;
  totals_json: string;
  skipped_json: string;
  replaced_import_ids: string;
  status: ImportStatus;
  created_at: string;
  description: string;
  container: string;
  cost_basis: 'actual' | 'amortized';
  periods_json: string;
  warnings_json: string;
  invoice_open: number;
  mapping_name: string | null;
  pending_owner?: string | null;
  /** The split export this import is a part of (migration 0018), and which part; null: a whole file. */
  delivery?: string | null;
  delivery_part?: string | null;
  /** The slice the import took (migration 0023); null: the whole file. */
  filter_json?: string | null;
}

/** The slice an import took (canonical ImportFilter JSON, migration 0023); never set: the whole file. */
export function setImportFilter(db: Database, id: number, filterJson: string | null): void {
  db.prepare('UPDATE billing_imports SET filter_json = ? WHERE id = ?').run(filterJson, id);
}

export function insertImport(db: Database, row: Omit<BillingImportRow, 'id'>): number {
  const info = db
    .prepare(
      `INSERT INTO billing_imports (file_name, sha256, dialect, account_key, period_start, period_end, rows_read, rows_imported, rows_skipped, totals_json,
         skipped_json, replaced_import_ids, status, created_at, description, container, cost_basis, periods_json, warnings_json, invoice_open, mapping_name,
         pending_owner)
       VALUES (@file_name, @sha256, @dialect, @account_key, @period_start, @period_end, @rows_read, @rows_imported, @rows_skipped, @totals_json,
         @skipped_json, @replaced_import_ids, @status, @created_at, @description, @container, @cost_basis, @periods_json, @warnings_json, @invoice_open, @mapping_name,
         @pending_owner)`,
    )
    .run({ pending_owner: null, ...row });
  return Number(info.lastInsertRowid);
}

export function updateImport(
  db: Database,
  id: number,
  row: Omit<BillingImportRow, 'id' | 'created_at' | 'file_name' | 'sha256' | 'status'>,
): void {
  db.prepare(
    `UPDATE billing_imports SET dialect = @dialect, account_key = @account_key, period_start = @period_start, period_end = @period_end, rows_read = @rows_read,
       rows_imported = @rows_imported, rows_skipped = @rows_skipped, totals_json = @totals_json, skipped_json = @skipped_json,
       replaced_import_ids = @replaced_import_ids, description = @description, container = @container, cost_basis = @cost_basis,
       periods_json = @periods_json, warnings_json = @warnings_json, invoice_open = @invoice_open, mapping_name = @mapping_name WHERE id = @id`,
  ).run({ ...row, id });
}

/** Imports being written (staged, invisible to every query) and the process writing each ("<pid>:<uuid>"). */
export function selectPendingImports(db: Database): Array<{ id: number; pending_owner: string }> {
  return db.prepare('SELECT id, pending_owner FROM billing_imports WHERE pending_owner IS NOT NULL').all() as Array<{
    id: number;
    pending_owner: string;
  }>;
}

/** Deletes an import with its lines and rollup (a staged import refused, cancelled, or left by a killed process). */
export function deleteImport(db: Database, id: number): void {
  forgetPendingRollup(db, id);
  db.prepare('DELETE FROM spend_rollup WHERE import_id = ?').run(id);
  db.prepare('DELETE FROM spend_lines WHERE import_id = ?').run(id);
  db.prepare('DELETE FROM billing_imports WHERE id = ?').run(id);
}

/** Makes a staged import visible: no longer pending, with its final status. */
export function finishImport(db: Database, id: number, status: ImportStatus): void {
  db.prepare('UPDATE billing_imports SET status = ?, pending_owner = NULL WHERE id = ?').run(status, id);
}

export function selectImports(db: Database): BillingImportRow[] {
  return db.prepare('SELECT * FROM billing_imports WHERE pending_owner IS NULL ORDER BY id DESC').all() as BillingImportRow[];
}

export function selectImport(db: Database, id: number): BillingImportRow | undefined {
  return db.prepare('SELECT * FROM billing_imports WHERE id = ? AND pending_owner IS NULL').get(id) as BillingImportRow | undefined;
}

/**
 * Active imports the new one replaces: the same bytes, or the same (dialect, account, billing period, cost basis) —
 * but not the other parts of the new one's own delivery (a split export's parts add up; its namesake part is replaced).
 */
export function selectReplaceable(
  db: Database,
  key: {
    id: number;
    sha256: string;
    dialect: string;
    account_key: string;
    period_start: string | null;
    period_end: string | null;
    cost_basis: string;
    delivery: string | null;
    delivery_part: string | null;
  },
): BillingImportRow[] {
  return db
    .prepare(
      `SELECT * FROM billing_imports WHERE status = 'active' AND id <> @id AND (sha256 = @sha256 OR (dialect = @dialect AND account_key = @account_key
         AND period_start IS @period_start AND period_end IS @period_end AND cost_basis = @cost_basis AND rows_imported > 0
         AND NOT (@delivery IS NOT NULL AND delivery IS @delivery AND delivery_part IS NOT @delivery_part)))`,
    )
    .all(key) as BillingImportRow[];
}

/** Records the split export an import is a part of (set as it is published). */
export function setImportDelivery(db: Database, id: number, delivery: string | null, part: string | null): void {
  db.prepare('UPDATE billing_imports SET delivery = ?, delivery_part = ? WHERE id = ?').run(delivery, part, id);
}

export function setImportStatus(db: Database, id: number, status: ImportStatus): void {
  db.prepare('UPDATE billing_imports SET status = ? WHERE id = ?').run(status, id);
}
