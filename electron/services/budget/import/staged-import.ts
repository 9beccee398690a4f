/**
 * An import's life in the database: staged (its row and lines written in short transactions while nobody sees them,
 * `pending_owner` set), then published in one transaction with what it replaces, or discarded. Staged imports of a
 * process that is gone (killed mid-import) are recovered: deleted, and the indexes they dropped created again.
 */
import type { Database } from 'better-sqlite3';
import { restatesPeriod } from '../../../../shared/domain/billing/dialects';
import { UserError } from '../../../../shared/domain/errors';
import * as q from '../../../db/queries/budget';
import type { ReadSummary } from './billing-reader';
import { errorView } from './import-views';
import type { ImportKey } from './import-tally';

/** Owners ("<pid>:<uuid>") of the imports this process is writing now. */
export const liveOwners = new Set<string>();

/** Whether the process that staged an import still runs (this one: whether that import is still being written). */
function ownerAlive(owner: string): boolean {
  const pid = Number(owner.split(':')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return liveOwners.has(owner);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Refuses an import while another one is being written to this database (by this process or another). */
export function assertNoImportRunning(db: Database): void {
  if (q.selectPendingImports(db).some((p) => ownerAlive(p.pending_owner))) {
    throw new UserError(
      'IMPORT_RUNNING',
      'Another import is running on this database (in the app or a gpu-planner command): wait for it to finish, then import again.',
    );
  }
}

/** Deletes the staged imports whose process is gone (killed mid-import) and creates again the indexes they dropped. */
export function recoverPendingImports(db: Database): void {
  const pending = q.selectPendingImports(db);
  const stale = pending.filter((p) => !ownerAlive(p.pending_owner));
  const suspended = (db.prepare('SELECT COUNT(*) AS n FROM spend_index_suspended').get() as { n: number }).n;
  if (stale.length === 0 && suspended === 0) return;
  db.transaction(() => {
    for (const p of stale) q.deleteImport(db, p.id);
    if (stale.length === pending.length) q.restoreSuspendedIndexes(db);
  })();
}

/** The staged import's row: invisible (pending, undone) until published. */
export function stageImport(
  db: Database,
  staged: { fileName: string; sha256: string | null; createdAt: string; mappingName: string | null; owner: string },
): number {
  return q.insertImport(db, {
    file_name: staged.fileName,
    sha256: staged.sha256 ?? '',
    dialect: 'generic',
    account_key: '',
    period_start: null,
    period_end: null,
    rows_read: 0,
    rows_imported: 0,
    rows_skipped: 0,
    totals_json: '{}',
    skipped_json: '[]',
    replaced_import_ids: '[]',
    status: 'undone',
    created_at: staged.createdAt,
    description: '',
    container: 'plain',
    cost_basis: 'actual',
    periods_json: '[]',
    warnings_json: '[]',
    invoice_open: 0,
    mapping_name: staged.mappingName,
    pending_owner: staged.owner,
  });
}

/** A part of a split export: the delivery (`key`) it belongs to and which part it is (`part`). */
export interface ExportDelivery {
  key: string;
  part: string;
}

export interface Publication {
  sha256: string;
  summary: ReadSummary;
  key: ImportKey;
  rowsImported: number;
  totals: Record<string, string>;
  invoiceOpen: boolean;
  mappingName: string | null;
  indexesSuspended: boolean;
  /** The split export the file is a part of, and which part (null: a whole file): its other parts are not replaced. */
  delivery: ExportDelivery | null;
  /** Derived data of the lines made visible (their tracks by the allocation rules), written in the same transaction. */
  onPublished?: ((importId: number) => void) | undefined;
}

/** The one transaction that makes a staged import visible, with the imports it replaces (returned). */
export function publishImport(db: Database, stagedId: number, p: Publication): q.BillingImportRow[] {
  const { summary, key } = p;
  return db.transaction(() => {
    if (p.indexesSuspended) q.restoreSuspendedIndexes(db);
    db.prepare('UPDATE billing_imports SET sha256 = ? WHERE id = ?').run(p.sha256, stagedId);
    // Never add actual and amortized: an actual export supersedes the amortized one of the same account and period
    // (either order); an amortized export that arrives after its actual is kept in the history as superseded.
    // A file that only adds to its period (OCI, GCP daily files) replaces nothing but the same data: no dialect matches.
    const replaceDialect = restatesPeriod(summary.dialect, summary.description) ? summary.dialect : '(adds to its period)';
    // The parts of one split export add up: a part replaces neither the other parts of its delivery nor is replaced by
    // them; it replaces its namesake (a restated part) and every other import of the same account and period.
    const match = {
      id: stagedId,
      sha256: p.sha256,
      dialect: replaceDialect,
      account_key: key.accountKey,
      period_start: key.periodStart,
      period_end: key.periodEnd,
      delivery: p.delivery?.key ?? null,
      delivery_part: p.delivery?.part ?? null,
    };
    q.setImportDelivery(db, stagedId, match.delivery, match.delivery_part);
    const sameBasis = q.selectReplaceable(db, { ...match, cost_basis: key.costBasis });
    const otherBasis = q.selectReplaceable(db, { ...match, sha256: '', cost_basis: key.costBasis === 'actual' ? 'amortized' : 'actual' });
    const superseded = key.costBasis === 'amortized' && otherBasis.length > 0 && p.rowsImported > 0;
    const replacedRows = superseded ? [] : key.costBasis === 'actual' ? [...sameBasis, ...otherBasis] : sameBasis;
    for (const r of replacedRows) q.setImportStatus(db, r.id, 'replaced');
    q.updateImport(db, stagedId, {
      dialect: summary.dialect,
      account_key: key.accountKey,
      period_start: key.periodStart,
      period_end: key.periodEnd,
      rows_read: summary.rowsRead,
      rows_imported: p.rowsImported,
      rows_skipped: summary.invalidRows,
      totals_json: JSON.stringify(p.totals),
      skipped_json: JSON.stringify(summary.errors.map(errorView)),
      replaced_import_ids: JSON.stringify(replacedRows.map((r) => r.id)),
      description: summary.description,
      container: summary.container,
      cost_basis: key.costBasis,
      periods_json: JSON.stringify(key.periods),
      warnings_json: JSON.stringify(summary.warnings),
      invoice_open: p.invoiceOpen ? 1 : 0,
      mapping_name: p.mappingName,
    });
    q.rebuildSpendRollup(db, stagedId); // daily rollup for fast group-bys (migration 0005)
    q.finishImport(db, stagedId, superseded ? 'replaced' : 'active');
    p.onPublished?.(stagedId);
    return replacedRows;
  })();
}

/** A refused, cancelled or failed import: its staged lines go, the indexes come back; nothing else is touched. */
export function discardStaged(db: Database, staged: number | null, indexesSuspended: boolean): void {
  if (staged === null && !indexesSuspended) return;
  db.transaction(() => {
    if (staged !== null) q.deleteImport(db, staged);
    if (indexesSuspended) q.restoreSuspendedIndexes(db);
  })();
}
