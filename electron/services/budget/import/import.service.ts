/**
 * Billing import use cases: import a file in ONE transaction (refused whole with every error listed unless
 * skipInvalid), replace earlier imports of the same data or the same (dialect, account, billing period), import
 * history with undo, named column mappings, the spend summary and the paged spend-line explorer.
 */
import { storageUserError } from '../../../db/storage-errors';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { format as formatDate } from 'date-fns';
import { columnMappingSchema, type ColumnMapping } from '../../../../shared/domain/billing/column-mapping';
import { createRowMapper, restatesPeriod, type DialectChoice, type RowError } from '../../../../shared/domain/billing/dialects';
import { NO_CURRENCY, type SpendLine } from '../../../../shared/domain/billing/spend-line';
import { CurrencyTotals, ownCopy, stripBom } from '../../../../shared/domain/billing/values';
import { UserError } from '../../../../shared/domain/errors';
import type { BillingImport, FilePreview, ImportResult, SpendLineView } from '../../../../shared/ipc/contract/budget-import';
import * as q from '../../../db/queries/budget';
import type { ServiceDeps } from '../../service-deps';
import { detectContainer, readBillingFile } from './billing-reader';
import { readBillingFileAnywhere } from './import-worker-client';

export interface ImportRequest {
  file: string;
  format?: DialectChoice | undefined;
  mapping?: ColumnMapping | undefined;
  mappingName?: string | undefined;
  skipInvalid?: boolean | undefined;
  signal?: AbortSignal | undefined;
  /** Called with raw bytes read (throttled), besides the `budget:import-progress` event. */
  onProgress?: ((progress: { bytesRead: number; totalBytes: number; rowsRead: number }) => void) | undefined;
  /** Name recorded in the history (defaults to the file's base name). */
  displayName?: string | undefined;
}

/** Azure amortized exports' Unused* charge types. */
const UNUSED_COMMITMENT = /^unused(reservation|savingsplan)/i;

/** Lines from which an import into a table holding no more lines drops and rebuilds the spend-line indexes. */
const BULK_LINES = 50_000;
/** Bytes read before the lines the file holds are estimated (lines so far × file size / bytes read). */
const BULK_DECISION_BYTES = 4 * 1024 * 1024;

/** The container its first bytes show (only those 4 bytes are read). */
function containerOf(file: string): ReturnType<typeof detectContainer> {
  return detectContainer(readHead(file));
}

function readHead(file: string): Buffer {
  const head = Buffer.alloc(4);
  const fd = fs.openSync(file, 'r');
  try {
    const n = fs.readSync(fd, head, 0, 4, 0);
    return head.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

function isParquetFile(file: string): boolean {
  return containerOf(file) === 'parquet';
}

function sha256OfFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Owners ("<pid>:<uuid>") of the imports this process is writing now. */
const liveOwners = new Set<string>();

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

/** A regular file that can be read, or a UserError that says what to choose instead (nothing is opened before). */
function assertReadableFile(file: string, shown: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new UserError('FILE_NOT_FOUND', `Cannot read ${shown}: no such file. Check the path, or choose the file again.`, { file: shown });
  }
  if (stat.isDirectory()) {
    throw new UserError('NOT_A_FILE', `${shown} is a folder: choose one billing export file in it (CSV, .gz, .zip or Parquet).`, {
      file: shown,
    });
  }
  if (!stat.isFile()) {
    throw new UserError(
      'NOT_A_FILE',
      `${shown} is not a regular file (a pipe, socket or device): save the export as a file, then import that file.`,
      { file: shown },
    );
  }
  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch {
    throw new UserError(
      'FILE_UNREADABLE',
      `Cannot read ${shown}: permission denied. Give your user read access to it, or copy it somewhere readable.`,
      { file: shown },
    );
  }
}

const day = (iso: string) => iso.slice(0, 10);
function monthBounds(iso: string): { start: string; end: string } {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { start: `${iso.slice(0, 7)}-01`, end: next };
}

function isoWeekLabel(monday: string): string {
  const d = new Date(`${monday}T12:00:00Z`);
  return formatDate(d, "RRRR-'W'II");
}

function toImportView(r: q.BillingImportRow): BillingImport {
  return {
    id: r.id,
    fileName: r.file_name,
    sha256: r.sha256,
    format: r.dialect,
    description: r.description,
    container: r.container,
    costBasis: r.cost_basis,
    accountKey: r.account_key,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    periods: JSON.parse(r.periods_json) as BillingImport['periods'],
    rowsRead: r.rows_read,
    rowsImported: r.rows_imported,
    rowsSkipped: r.rows_skipped,
    skipped: JSON.parse(r.skipped_json) as BillingImport['skipped'],
    totals: JSON.parse(r.totals_json) as Record<string, string>,
    status: r.status,
    replacedImportIds: JSON.parse(r.replaced_import_ids) as number[],
    invoiceOpen: r.invoice_open === 1,
    mappingName: r.mapping_name,
    createdAt: r.created_at,
  };
}

function toLineView(r: q.SpendLineRow): SpendLineView {
  return {
    id: r.id,
    importId: r.import_id,
    sourceLine: r.source_line,
    chargePeriodStart: r.charge_period_start,
    chargePeriodEnd: r.charge_period_end,
    billedCost: r.billed_cost,
    effectiveCost: r.effective_cost,
    currency: r.currency,
    provider: r.provider,
    service: r.service,
    sku: r.sku,
    resourceId: r.resource_id,
    resourceName: r.resource_name,
    billingAccountId: r.billing_account_id,
    subAccountId: r.sub_account_id,
    region: r.region,
    chargeCategory: r.charge_category,
    pricingCategory: r.pricing_category,
    instanceType: r.instance_type,
    gpuCount: r.gpu_count,
    usageQuantity: r.usage_quantity,
    usageUnit: r.usage_unit,
    tags: JSON.parse(r.tags_json) as Record<string, string>,
    trackId: r.track_id,
  };
}

const errorView = (e: RowError) => ({ line: e.line, column: e.column, message: e.message, value: e.value, expected: e.expected });

export function createBudgetImportService(deps: ServiceDeps) {
  const { db } = deps;
  q.registerDecimalSum(db);
  let running: AbortController | null = null;

  function resolveMapping(request: Pick<ImportRequest, 'mapping' | 'mappingName'>): ColumnMapping | undefined {
    if (request.mapping) return request.mapping;
    if (!request.mappingName) return undefined;
    const saved = q.selectMapping(db, request.mappingName);
    if (!saved)
      throw new UserError('UNKNOWN_MAPPING', `No saved column mapping named "${request.mappingName}".`, {
        field: 'mappingName',
        value: request.mappingName,
      });
    return columnMappingSchema.parse(JSON.parse(saved.mapping_json));
  }

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
    const mapping = resolveMapping(request);
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
      const other = q.selectPendingImports(db).find((p) => ownerAlive(p.pending_owner));
      if (other) {
        throw new UserError(
          'IMPORT_RUNNING',
          'Another import is running on this database (in the app or a gpu-planner command): wait for it to finish, then import again.',
        );
      }
      recoverPendingImports();
      // Hashed in the same pass as the read (CSV, gzip, zip); Parquet is read by ranges, so hashed first.
      const hash = crypto.createHash('sha256');
      const isParquet = isParquetFile(file);
      const fileBytes = fs.statSync(file).size;
      const sha256Upfront = isParquet ? await sha256OfFile(file) : null;
      const createdAt = deps.now().toISOString();
      const stagedId = q.insertImport(db, {
        file_name: fileName,
        sha256: sha256Upfront ?? '',
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
        created_at: createdAt,
        description: '',
        container: 'plain',
        cost_basis: 'actual',
        periods_json: '[]',
        warnings_json: '[]',
        invoice_open: 0,
        mapping_name: request.mappingName ?? mapping?.name ?? null,
        pending_owner: owner,
      });
      importId = stagedId;
      const insert = q.spendLineInserter(db);
      const insertBatch = db.transaction((lines: SpendLine[]) => {
        for (const line of lines) insert(stagedId, line);
      });
      const totals = new CurrencyTotals();
      const accounts = new Set<string>();
      const subAccounts = new Set<string>();
      const periods = new Map<string, { start: string; end: string }>();
      let lastPeriodStart: string | null = null;
      let lastPeriodEnd: string | null = null;
      let rowsImported = 0;
      let invoiceOpen = false;
      let amortized = false;
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
          onBytes: isParquet ? undefined : (chunk) => hash.update(chunk),
          onProgress: (b, t) => {
            bytesRead = b;
            emitProgress(b, t);
          },
        },
        (lines: SpendLine[]) => {
          rowsSeen += lines.length;
          if (!bulkDecided && bytesRead >= Math.min(fileBytes, BULK_DECISION_BYTES)) {
            bulkDecided = true;
            const expectedLines = (rowsSeen * fileBytes) / bytesRead;
            if (expectedLines >= BULK_LINES && expectedLines >= q.spendLineIdBound(db)) {
              q.suspendSpendLineIndexes(db);
              indexesSuspended = true;
            }
          }
          for (const line of lines) {
            totals.add(line.currency || NO_CURRENCY, line.billedCost);
            // Copies: a line's strings are slices of a large chunk of the file, which a kept slice would keep alive.
            if (line.billingAccountId && !accounts.has(line.billingAccountId)) accounts.add(ownCopy(line.billingAccountId));
            if (line.subAccountId && !subAccounts.has(line.subAccountId)) subAccounts.add(ownCopy(line.subAccountId));
            if (line.billingPeriodStart && line.billingPeriodEnd) {
              // Every line of a file tends to have the same billing period: worked out once per distinct pair.
              if (line.billingPeriodStart !== lastPeriodStart || line.billingPeriodEnd !== lastPeriodEnd) {
                lastPeriodStart = line.billingPeriodStart;
                lastPeriodEnd = line.billingPeriodEnd;
                const p = { start: day(lastPeriodStart), end: day(lastPeriodEnd) };
                periods.set(`${p.start}/${p.end}`, p);
              }
            } else {
              const p = monthBounds(line.chargePeriodStart);
              periods.set(`${p.start}/${p.end}`, p);
            }
            if (line.invoiceOpen) invoiceOpen = true;
            // Only an amortized Azure export has Unused* rows, or commitment-covered usage that costs something (the actual
            // export prices it at 0 and bills the commitment as a Purchase row).
            if (line.chargeCategory && UNUSED_COMMITMENT.test(line.chargeCategory)) amortized = true;
            if (line.chargeCategory === 'Usage' && line.pricingCategory === 'Committed' && line.billedCost !== '0') amortized = true;
          }
          rowsImported += lines.length;
          insertBatch(lines);
        },
        deps.logger,
      );
      const refusing = summary.invalidRows > 0 && !request.skipInvalid;
      if (refusing) {
        // (the staged lines are deleted below, in `finally`)
        const shown = summary.errors
          .slice(0, 20)
          .map((e) => e.message)
          .join('\n');
        throw new UserError(
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
      const sha256 = sha256Upfront ?? hash.digest('hex');
      const sortedPeriods = [...periods.values()].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
      const accountIds = [...(accounts.size > 0 ? accounts : subAccounts)].sort();
      const accountKey = accountIds.slice(0, 50).join(',');
      const periodStart = sortedPeriods[0]?.start ?? null;
      const periodEnd = sortedPeriods.reduce<string | null>((max, p) => (max === null || p.end > max ? p.end : max), null);
      const costBasis = summary.dialect === 'azure' && amortized ? 'amortized' : 'actual';
      const totalsJson = totals.toJSON();
      // The one transaction that makes the import visible (with what it replaces), after the last await.
      const replaced = db.transaction(() => {
        if (indexesSuspended) q.restoreSuspendedIndexes(db);
        db.prepare('UPDATE billing_imports SET sha256 = ? WHERE id = ?').run(sha256, stagedId);
        // Never add actual and amortized: an actual export supersedes the amortized one of the same account and period
        // (either order); an amortized export that arrives after its actual is kept in the history as superseded.
        // A file that only adds to its period (OCI, GCP daily files) replaces nothing but the same data: no dialect matches.
        const replaceDialect = restatesPeriod(summary.dialect, summary.description) ? summary.dialect : '(adds to its period)';
        const key = {
          id: stagedId,
          sha256,
          dialect: replaceDialect,
          account_key: accountKey,
          period_start: periodStart,
          period_end: periodEnd,
        };
        const sameBasis = q.selectReplaceable(db, { ...key, cost_basis: costBasis });
        const otherBasis = q.selectReplaceable(db, { ...key, sha256: '', cost_basis: costBasis === 'actual' ? 'amortized' : 'actual' });
        const superseded = costBasis === 'amortized' && otherBasis.length > 0 && rowsImported > 0;
        const replacedRows = superseded ? [] : costBasis === 'actual' ? [...sameBasis, ...otherBasis] : sameBasis;
        for (const r of replacedRows) q.setImportStatus(db, r.id, 'replaced');
        q.updateImport(db, stagedId, {
          dialect: summary.dialect,
          account_key: accountKey,
          period_start: periodStart,
          period_end: periodEnd,
          rows_read: summary.rowsRead,
          rows_imported: rowsImported,
          rows_skipped: summary.invalidRows,
          totals_json: JSON.stringify(totalsJson),
          skipped_json: JSON.stringify(summary.errors.map(errorView)),
          replaced_import_ids: JSON.stringify(replacedRows.map((r) => r.id)),
          description: summary.description,
          container: summary.container,
          cost_basis: costBasis,
          periods_json: JSON.stringify(sortedPeriods),
          warnings_json: JSON.stringify(summary.warnings),
          invoice_open: invoiceOpen ? 1 : 0,
          mapping_name: request.mappingName ?? mapping?.name ?? null,
        });
        q.rebuildSpendRollup(db, stagedId); // daily rollup for fast group-bys (migration 0005)
        q.finishImport(db, stagedId, superseded ? 'replaced' : 'active');
        return replacedRows;
      })();
      importId = null;
      indexesSuspended = false;
      emitProgress(summary.totalBytes, summary.totalBytes, true);
      return {
        importId: stagedId,
        file: fileName,
        format: summary.dialect,
        description: summary.description,
        container: summary.container,
        costBasis,
        rowsRead: summary.rowsRead,
        rowsImported,
        rowsSkipped: summary.invalidRows,
        totalRows: summary.totalRows,
        errors: summary.errors.map(errorView),
        warnings: summary.warnings,
        totals: totalsJson,
        periods: sortedPeriods,
        replacedImportIds: replaced.map((r) => r.id),
      };
    } catch (error) {
      throw storageUserError(error, deps.databaseFile) ?? error;
    } finally {
      // A refused, cancelled or failed import: its staged lines go, the indexes come back; nothing else is touched.
      const staged = importId;
      if (staged !== null || indexesSuspended) {
        db.transaction(() => {
          if (staged !== null) q.deleteImport(db, staged);
          if (indexesSuspended) q.restoreSuspendedIndexes(db);
        })();
      }
      liveOwners.delete(owner);
      request.signal?.removeEventListener('abort', onOuterAbort);
      running = null;
    }
  }

  /** Deletes the staged imports whose process is gone (killed mid-import) and creates again the indexes they dropped. */
  function recoverPendingImports(): void {
    const pending = q.selectPendingImports(db);
    const stale = pending.filter((p) => !ownerAlive(p.pending_owner));
    const suspended = (db.prepare('SELECT COUNT(*) AS n FROM spend_index_suspended').get() as { n: number }).n;
    if (stale.length === 0 && suspended === 0) return;
    db.transaction(() => {
      for (const p of stale) q.deleteImport(db, p.id);
      if (stale.length === pending.length) q.restoreSuspendedIndexes(db);
    })();
  }
  recoverPendingImports();

  function cancelImport(): boolean {
    if (!running) return false;
    running.abort();
    return true;
  }

  /**
   * The header and first rows of a file as text, with the dialect its header shows (import and mapping dialogs):
   * through the same streaming reader, so gzip, zip, Parquet and any delimiter preview alike.
   */
  async function previewFile(file: string, previewRows = 20): Promise<FilePreview> {
    const resolved = path.resolve(file);
    assertReadableFile(resolved, path.basename(resolved));
    const stat = fs.statSync(resolved);
    const controller = new AbortController();
    let header: string[] = [];
    const rows: string[][] = [];
    let format: FilePreview['format'] = null;
    let description = '';
    let delimiter: string | null = null;
    const container = containerOf(resolved);
    try {
      await readBillingFile(
        resolved,
        {
          signal: controller.signal,
          onHeader: (h, d) => {
            header = h;
            delimiter = d;
          },
          onRawRecord: (record) => {
            rows.push(record.map((v) => (v.length > 500 ? `${v.slice(0, 500)}…` : v)));
            if (rows.length >= previewRows) controller.abort();
          },
        },
        () => undefined,
      );
    } catch (error) {
      if (!(error instanceof UserError) || !['CANCELLED', 'UNKNOWN_FORMAT'].includes(error.code)) throw error;
    }
    try {
      const mapper = createRowMapper(header);
      format = mapper.dialect;
      description = mapper.description;
    } catch (error) {
      description = (error as Error).message;
    }
    return {
      file: path.basename(resolved),
      fileToken: null,
      fileName: path.basename(resolved),
      bytes: stat.size,
      container,
      delimiter,
      format,
      description,
      header,
      rows,
    };
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

  function saveMapping(name: string, mapping: ColumnMapping) {
    const at = deps.now().toISOString();
    q.upsertMapping(db, name, JSON.stringify({ ...mapping, name }), at);
    return { name, mapping: { ...mapping, name }, updatedAt: at };
  }

  function listMappings() {
    return q
      .selectMappings(db)
      .map((m) => ({ name: m.name, mapping: columnMappingSchema.parse(JSON.parse(m.mapping_json)), updatedAt: m.updated_at }));
  }

  /** Writes a saved mapping as JSON where the user chooses (save dialog), for `gpu-planner import FILE --mapping`. */
  async function exportMapping(name: string): Promise<{ file: string | null }> {
    const saved = listMappings().find((m) => m.name === name);
    if (!saved) throw new UserError('UNKNOWN_MAPPING', `No saved column mapping named "${name}".`, { field: 'name', value: name });
    const fileName = `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'mapping'}.mapping.json`;
    const file = await deps.dialogs.saveFile({
      title: 'Export the column mapping (for gpu-planner import --mapping)',
      defaultPath: fileName,
      filters: [{ name: 'JSON', extensions: ['json'] }],
    });
    if (!file) return { file: null };
    fs.writeFileSync(file, `${JSON.stringify(saved.mapping, null, 2)}\n`, 'utf8');
    return { file };
  }

  /** Billed cost per group and currency over every active import; `exact` sums the decimal text instead of nano-units. */
  function spendSummary(request: { by: q.SpendGroupBy; filters?: q.SpendFilters | undefined; exact?: boolean | undefined }) {
    const exact = request.exact ?? false;
    const rows = q.selectGroupSums(db, request.by, request.filters ?? {}, exact);
    const groups = new Map<string, { key: string; totals: CurrencyTotals; lines: number }>();
    const totals = new CurrencyTotals();
    for (const r of rows) {
      const key = request.by === 'week' ? isoWeekLabel(r.key) : r.key;
      const g = groups.get(key) ?? { key, totals: new CurrencyTotals(), lines: 0 };
      g.totals.add(r.currency || NO_CURRENCY, r.total);
      g.lines += r.lines;
      groups.set(key, g);
      totals.add(r.currency || NO_CURRENCY, r.total);
    }
    return {
      totals: totals.toJSON(),
      groups: [...groups.values()].map((g) => ({ key: g.key, totals: g.totals.toJSON(), lines: g.lines })),
      exact,
    };
  }

  function listSpendLines(request: {
    offset: number;
    limit: number;
    filters?: q.SpendFilters | undefined;
    sort?: string | undefined;
    descending?: boolean | undefined;
    groupBy?: q.SpendGroupBy | undefined;
  }) {
    const { rows, total } = q.selectSpendLines(db, request.filters ?? {}, request);
    const groups = request.groupBy ? spendSummary({ by: request.groupBy, filters: request.filters }).groups : undefined;
    return { lines: rows.map(toLineView), total, offset: request.offset, ...(groups ? { groups } : {}) };
  }

  return {
    importFile,
    cancelImport,
    previewFile,
    listImports,
    undoImport,
    saveMapping,
    listMappings,
    exportMapping,
    spendSummary,
    listSpendLines,
    recoverPendingImports,
  };
}

export type BudgetImportService = ReturnType<typeof createBudgetImportService>;
