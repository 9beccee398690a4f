/**
 * Billing import use cases: import a file in ONE transaction (refused whole with every error listed unless
 * skipInvalid), replace earlier imports of the same data or the same (dialect, account, billing period), import
 * history with undo; with the named column mappings (column-mappings.ts), the file preview (file-preview.ts), the
 * spend summary and the paged spend-line explorer (spend-explorer.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ColumnMapping } from '../../../../shared/domain/billing/column-mapping';
import { exportPartOf } from '../../../../shared/domain/billing/delivery-layout';
import type { DialectChoice } from '../../../../shared/domain/billing/dialects';
import { canonicalFilterJson, LineFilter, type ImportFilter } from '../../../../shared/domain/billing/import-filter';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';
import { UserError } from '../../../../shared/domain/errors';
import type { BillingImport, ImportResult } from '../../../../shared/ipc/contract/budget-import';
import * as q from '../../../db/queries/budget';
import { storageUserError } from '../../../db/storage-errors';
import type { ServiceDeps } from '../../service-deps';
import type { TrackAssigner } from '../spend-allocator';
import type { ReadSummary } from './billing-reader';
import { createColumnMappings } from './column-mappings';
import { containerOfFile } from './file-container';
import { sha256OfFile } from './file-hash';
import { previewFileAnywhere } from './preview-child-client';
import { ImportTally } from './import-tally';
import { errorView, toImportView } from './import-views';
import { readBillingFileAnywhere } from './import-child-client';
import { assertReadableFile } from './readable-file';
import { createSpendExplorer } from './spend-explorer';
import {
  assertNoImportRunning,
  discardStaged,
  liveOwners,
  publishImport,
  recoverPendingImports,
  stageImport,
  type ExportDelivery,
} from './staged-import';

export interface ImportRequest {
  file: string;
  format?: DialectChoice | undefined;
  mapping?: ColumnMapping | undefined;
  mappingName?: string | undefined;
  skipInvalid?: boolean | undefined;
  /** The project's slice (accounts, tags, providers, dates): lines outside are counted and skipped before written. */
  filter?: ImportFilter | null | undefined;
  signal?: AbortSignal | undefined;
  /** Called with raw bytes read (throttled), besides the `budget:import-progress` event. */
  onProgress?: ((progress: { bytesRead: number; totalBytes: number; rowsRead: number }) => void) | undefined;
  /** Name recorded in the history (defaults to the file's base name). */
  displayName?: string | undefined;
  /**
   * The split export this file is a part of, when the caller knows it (a source folder's manifest or part folder);
   * otherwise a part is known by its name (exportPartOf: BigQuery shards, `part_*`, CUR `-00001`).
   */
  delivery?: ExportDelivery | undefined;
  /** The folder a part named as one (exportPartOf) was delivered in: parts of other folders are other deliveries. */
  deliveryFolder?: string | undefined;
}

/** The delivery a file is a part of: the caller's, or by the file's name; null for a whole file. */
function deliveryOf(request: ImportRequest, fileName: string, dialect: string): ExportDelivery | null {
  if (request.delivery) return request.delivery;
  const name = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const part = exportPartOf(name, dialect);
  if (!part) return null;
  return request.deliveryFolder === undefined
    ? { key: `name:${part.stem}`, part: name.toLowerCase() }
    : { key: `folder:${request.deliveryFolder}/${part.stem}`, part: fileName };
}

/** Lines from which an import into a table holding no more lines drops and rebuilds the spend-line indexes. */
const BULK_LINES = 50_000;
/** Bytes read before the lines the file holds are estimated (lines so far × file size / bytes read). */
const BULK_DECISION_BYTES = 4 * 1024 * 1024;

/** The refusal of a file with invalid rows (nothing imported), listing its first errors. */
function invalidRowsError(fileName: string, summary: ReadSummary): UserError {
  const shown = summary.errors
    .slice(0, 20)
    .map((e) => e.message)
    .join('\n');
  return new UserError(
    'INVALID_ROWS',
    `${fileName}: ${summary.invalidRows} invalid row(s), ${summary.errorCount} error(s); nothing was imported (use --skip-invalid to import the valid rows).\n${shown}`,
    {
      file: fileName,
      line: summary.errors[0]?.line,
      column: summary.errors[0]?.column,
      expected: summary.errors[0]?.expected,
      value: summary.errors[0]?.value,
      problems: summary.errors.map((e) => ({ line: e.line, column: e.column, message: e.message, value: e.value })),
      format: summary.dialect,
      rowsRead: summary.rowsRead,
    },
  );
}

/** What the budget domain derives from an import's lines (their tracks, issue 25 item 6). */
export interface ImportHooks {
  /** Gives each line its track as it is written (the rules when the import starts). */
  trackAssigner?: () => TrackAssigner;
  /** In the transaction that makes the lines visible; `tracksCurrent`: the tracks written are by the rules now. */
  onPublished?: (importId: number, tracksCurrent: boolean) => void;
}

export function createBudgetImportService(deps: ServiceDeps, hooks: ImportHooks = {}) {
  const { db } = deps;
  q.registerDecimalSum(db);
  const mappings = createColumnMappings(deps);
  let running: AbortController | null = null;

  /**
   * Imports a billing file in one transaction. Every line's billed cost is summed exactly per currency. A file with
   * invalid rows changes nothing (UserError INVALID_ROWS listing every error) unless skipInvalid.
   */
  async function importFile(request: ImportRequest): Promise<ImportResult> {
    if (running) throw new UserError('IMPORT_RUNNING', 'Another import is running; wait for it or cancel it.');
    const controller = new AbortController();
    const onOuterAbort = () => controller.abort();
    request.signal?.addEventListener('abort', onOuterAbort);
    running = controller;
    const file = path.resolve(request.file);
    const fileName = request.displayName ?? path.basename(file);
    const mapping = mappings.resolveMapping(request);
    const mappingName = request.mappingName ?? mapping?.name ?? null;
    let lastEmit = 0;
    let rowsSeen = 0;
    const emitProgress = (bytesRead: number, totalBytes: number, done = false) => {
      const now = Date.now();
      if (!done && now - lastEmit < 100) return;
      lastEmit = now;
      deps.emit('budget:import-progress', { file: fileName, bytesRead, totalBytes, rowsRead: rowsSeen, done });
      request.onProgress?.({ bytesRead, totalBytes, rowsRead: rowsSeen });
    };
    // Staged: the import's row and lines are written in short transactions (one per batch) while nobody sees them
    // (pending), then made visible in one final transaction, or deleted. No transaction is ever held across an await,
    // so an edit made meanwhile (an exchange rate, a plan) is committed on its own and survives a refused import.
    const owner = `${process.pid}:${crypto.randomUUID()}`;
    liveOwners.add(owner);
    let importId: number | null = null;
    let indexesSuspended = false;
    try {
      assertReadableFile(file, request.file);
      assertNoImportRunning(db);
      recoverPendingImports(db);
      // Hashed in the same pass as the read (CSV, gzip, zip); Parquet is read by ranges, so hashed first.
      const isParquet = containerOfFile(file) === 'parquet';
      const fileBytes = fs.statSync(file).size;
      const sha256Upfront = isParquet ? await sha256OfFile(file) : null;
      const stagedId = stageImport(db, { fileName, sha256: sha256Upfront, createdAt: deps.now().toISOString(), mappingName, owner });
      importId = stagedId;
      // The slice it takes, kept with the import: a source tells its own slice of a file from another (migration 0023).
      const sliceJson = canonicalFilterJson(request.filter);
      if (sliceJson) q.setImportFilter(db, stagedId, sliceJson);
      const insert = q.spendLineInserter(db);
      const tracks = hooks.trackAssigner?.() ?? null;
      const insertBatch = db.transaction((lines: SpendLine[]) => {
        if (tracks) for (const line of lines) insert(stagedId, line, tracks.trackOf(line));
        else for (const line of lines) insert(stagedId, line);
      });
      const tally = new ImportTally();
      const lineFilter = new LineFilter(request.filter);
      let rowsImported = 0;
      // A large file into a table that holds fewer lines: its indexes are dropped (once a few MiB tell how many lines
      // the file holds) and built again in the final transaction (cheaper than keeping them sorted line by line);
      // recorded, so a killed import's indexes are created again when the database is next opened.
      let bytesRead = 0;
      let bulkDecided = false;
      const summary = await readBillingFileAnywhere(
        file,
        {
          format: request.format,
          mapping,
          signal: controller.signal,
          maxErrors: 10_000,
          hashContent: !isParquet,
          filter: request.filter,
          onProgress: (b, t) => {
            bytesRead = b;
            emitProgress(b, t);
          },
        },
        (read: SpendLine[]) => {
          rowsSeen += read.length;
          const lines = lineFilter.apply(read);
          if (!bulkDecided && bytesRead >= Math.min(fileBytes, BULK_DECISION_BYTES)) {
            bulkDecided = true;
            const expectedLines = (rowsSeen * fileBytes) / bytesRead;
            if (expectedLines >= BULK_LINES && expectedLines >= q.spendLineIdBound(db)) {
              q.suspendSpendLineIndexes(db);
              indexesSuspended = true;
            }
          }
          tally.add(lines);
          rowsImported += lines.length;
          insertBatch(lines);
        },
        { logger: deps.logger, fileName },
      );
      // (a refused import's staged lines are deleted below, in `finally`)
      if (summary.rowGroupsSkipped) lineFilter.addSkippedGroups(summary.rowGroupsSkipped);
      if (summary.invalidRows > 0 && !request.skipInvalid) throw invalidRowsError(fileName, summary);
      const key = tally.key(summary.dialect);
      const totals = tally.totals.toJSON();
      const replaced = publishImport(db, stagedId, {
        sha256: sha256Upfront ?? summary.sha256!,
        summary,
        key,
        rowsImported,
        totals,
        invoiceOpen: tally.invoiceOpen,
        mappingName,
        indexesSuspended,
        delivery: deliveryOf(request, fileName, summary.dialect),
        onPublished: hooks.onPublished && ((id) => hooks.onPublished!(id, tracks?.current() ?? false)),
      });
      importId = null;
      indexesSuspended = false;
      emitProgress(summary.totalBytes, summary.totalBytes, true);
      return {
        importId: stagedId,
        file: fileName,
        format: summary.dialect,
        description: summary.description,
        container: summary.container,
        costBasis: key.costBasis,
        rowsRead: summary.rowsRead,
        rowsImported,
        rowsSkipped: summary.invalidRows,
        totalRows: summary.totalRows,
        errors: summary.errors.map(errorView),
        warnings: summary.warnings,
        totals,
        periods: key.periods,
        replacedImportIds: replaced.map((r) => r.id),
        filtered: lineFilter.counts,
      };
    } catch (error) {
      throw storageUserError(error, deps.databaseFile) ?? error;
    } finally {
      discardStaged(db, importId, indexesSuspended);
      liveOwners.delete(owner);
      request.signal?.removeEventListener('abort', onOuterAbort);
      running = null;
    }
  }

  recoverPendingImports(db);

  function cancelImport(): boolean {
    if (!running) return false;
    running.abort();
    return true;
  }

  function listImports(): BillingImport[] {
    return q.selectImports(db).map(toImportView);
  }

  /** Undoes an import: its lines leave every total; the imports it had replaced become active again. */
  function undoImport(id: number): { import: BillingImport; restoredImportIds: number[] } {
    const row = q.selectImport(db, id);
    if (!row) throw new UserError('NOT_FOUND', `No import #${id}.`, { field: 'id', value: String(id) });
    if (row.status !== 'active')
      throw new UserError('NOT_ACTIVE', `Import #${id} is already ${row.status}.`, { field: 'id', value: String(id) });
    const restored: number[] = [];
    db.transaction(() => {
      q.setImportStatus(db, id, 'undone');
      for (const replacedId of JSON.parse(row.replaced_import_ids) as number[]) {
        const other = q.selectImport(db, replacedId);
        if (other?.status === 'replaced') {
          q.setImportStatus(db, replacedId, 'active');
          restored.push(replacedId);
        }
      }
    })();
    return { import: toImportView(q.selectImport(db, id)!), restoredImportIds: restored };
  }

  const { saveMapping, listMappings, exportMapping } = mappings;
  const { spendSummary, listSpendLines } = createSpendExplorer(deps);
  return {
    importFile,
    cancelImport,
    previewFile: previewFileAnywhere,
    listImports,
    undoImport,
    saveMapping,
    listMappings,
    exportMapping,
    spendSummary,
    listSpendLines,
    recoverPendingImports: () => recoverPendingImports(db),
  };
}

export type BudgetImportService = ReturnType<typeof createBudgetImportService>;
