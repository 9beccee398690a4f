/** Billing imports and spend lines SQL: parameterized statements only. */
import Big from 'big.js';
import type { Database, Statement } from 'better-sqlite3';
import type { SpendLine } from '../../../shared/domain/billing/spend-line';
import { tagsToJson } from '../../../shared/domain/billing/billing-tags';
import { decimalToNanosValue, IntegerSum } from '../../../shared/domain/billing/decimal-sums';
import { canonicalDecimal } from '../../../shared/domain/billing/values';

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
}

const withExactSums = new WeakSet<Database>();

/**
 * Registers `nanos_sum(integer)`: an exact SUM as big integer text, for when SQLite's SUM leaves its 64-bit integers
 * ("integer overflow": a few amounts of billions in IDR or JPY). Idempotent.
 */
export function registerNanosSum(db: Database): void {
  if (withExactSums.has(db)) return;
  withExactSums.add(db);
  db.aggregate('nanos_sum', {
    safeIntegers: true,
    start: () => 0n,
    step: (total: bigint, value: unknown) => (value === null || value === undefined ? total : total + BigInt(value as bigint | number)),
    result: (total: bigint) => total.toString(),
  });
}

/**
 * Runs `query` with SQLite's fast integer SUM; when a partial sum leaves the 64-bit range, again with the exact
 * `nanos_sum` (big integer text). `sum(expr)` writes the aggregate; read its values with {@link toBigInt}.
 */
export function withExactFallback<T>(db: Database, query: (sum: (expr: string) => string) => T): T {
  try {
    return query((expr) => `SUM(${expr})`);
  } catch (error) {
    if (!/integer overflow/i.test((error as Error).message)) throw error;
    registerNanosSum(db);
    return query((expr) => `nanos_sum(${expr})`);
  }
}

export function toBigInt(value: unknown): bigint {
  if (value === null || value === undefined) return 0n;
  return typeof value === 'bigint' ? value : BigInt(String(value));
}

const TWO_POW_62 = 1n << 62n;
const INT64_MAX = (1n << 63n) - 1n;
/** A sum as rollup columns (nanos, nanos_high): as it is when it fits 64 bits, else split (value = nanos + high × 2^62). */
export function splitNanos(value: bigint): [bigint, bigint] {
  if (value <= INT64_MAX && value >= -INT64_MAX) return [value, 0n];
  const high = value / TWO_POW_62;
  return [value - high * TWO_POW_62, high];
}

/** Registers `decimal_sum(text)`: an exact decimal SUM (big.js) for totals that must equal the file's own sum. */
export function registerDecimalSum(db: Database): void {
  registerNanosSum(db);
  db.aggregate('decimal_sum', {
    start: () => new Big(0),
    step: (total: Big, value: unknown) => (value === null || value === undefined ? total : total.plus(String(value))),
    result: (total: Big) => canonicalDecimal(total),
  });
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

/** A rollup row's billed nano-units (exact) and its line count. */
interface PendingSum {
  nanos: IntegerSum;
  lines: number;
}
const pendingRollups = new WeakMap<Database, Map<number, Map<string, PendingSum>>>();

export function spendLineInserter(db: Database): (importId: number, line: SpendLine) => void {
  const stmt: Statement = db.prepare(
    `INSERT INTO spend_lines (import_id, source_line, charge_period_start, charge_period_end, billed_cost, billed_cost_nanos, effective_cost, currency,
       provider, service, sku, resource_id, resource_name, billing_account_id, sub_account_id, region, charge_category, pricing_category, instance_type,
       usage_quantity, usage_unit, tags_json, billing_period_start, billing_period_end, gpu_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // The daily rollup of what this inserter writes (lines arrive unallocated), written by rebuildSpendRollup.
  const pending = new Map<number, Map<string, PendingSum>>();
  pendingRollups.set(db, pending);
  return (importId, l) => {
    // A number where exact (most amounts): no bigint per line, cheaper to bind.
    const nanos = decimalToNanosValue(l.billedCost);
    let perImport = pending.get(importId);
    if (!perImport) pending.set(importId, (perImport = new Map()));
    const key = `${l.chargePeriodStart.slice(0, 10)}\u0000${l.currency}\u0000${l.provider ?? ''}\u0000${l.service ?? ''}\u0000${l.subAccountId ?? ''}\u0000${l.instanceType ?? ''}`;
    let sum = perImport.get(key);
    if (!sum) perImport.set(key, (sum = { nanos: new IntegerSum(), lines: 0 }));
    sum.lines += 1;
    sum.nanos.add(nanos);
    stmt.run(
      importId,
      l.sourceLine,
      l.chargePeriodStart,
      l.chargePeriodEnd,
      l.billedCost,
      nanos,
      l.effectiveCost,
      l.currency,
      l.provider,
      l.service,
      l.sku,
      l.resourceId,
      l.resourceName,
      l.billingAccountId,
      l.subAccountId,
      l.region,
      l.chargeCategory,
      l.pricingCategory,
      l.instanceType,
      l.usageQuantity,
      l.usageUnit,
      tagsToJson(l.tags),
      l.billingPeriodStart,
      l.billingPeriodEnd,
      l.gpuCount ?? null,
    );
  };
}

/**
 * For a bulk insert: drops the explicit indexes of spend_lines, recording their SQL in spend_index_suspended (migration
 * 0006) in the same transaction, so that restoreSuspendedIndexes creates them again, even after a killed import.
 */
export function suspendSpendLineIndexes(db: Database): void {
  db.transaction(() => {
    const indexes = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'spend_lines' AND sql IS NOT NULL")
      .all() as Array<{ name: string; sql: string }>;
    const record = db.prepare('INSERT OR REPLACE INTO spend_index_suspended (name, sql) VALUES (?, ?)');
    for (const index of indexes) {
      record.run(index.name, index.sql);
      db.exec(`DROP INDEX "${index.name.replace(/"/g, '""')}"`);
    }
  })();
}

/** Creates again the spend-line indexes a bulk import dropped (call inside the caller's transaction). */
export function restoreSuspendedIndexes(db: Database): void {
  const suspended = db.prepare('SELECT name, sql FROM spend_index_suspended').all() as Array<{ name: string; sql: string }>;
  for (const index of suspended) {
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").get(index.name);
    if (!exists) db.exec(index.sql);
  }
  db.prepare('DELETE FROM spend_index_suspended').run();
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
  pendingRollups.get(db)?.delete(id);
  db.prepare('DELETE FROM spend_rollup WHERE import_id = ?').run(id);
  db.prepare('DELETE FROM spend_lines WHERE import_id = ?').run(id);
  db.prepare('DELETE FROM billing_imports WHERE id = ?').run(id);
}

/** Makes a staged import visible: no longer pending, with its final status. */
export function finishImport(db: Database, id: number, status: ImportStatus): void {
  db.prepare('UPDATE billing_imports SET status = ?, pending_owner = NULL WHERE id = ?').run(status, id);
}

/** Upper bound of the spend lines stored (ids only grow): O(log n), unlike COUNT(*). */
export function spendLineIdBound(db: Database): number {
  return (db.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM spend_lines').get() as { n: number }).n;
}

export function selectImports(db: Database): BillingImportRow[] {
  return db.prepare('SELECT * FROM billing_imports WHERE pending_owner IS NULL ORDER BY id DESC').all() as BillingImportRow[];
}

export function selectImport(db: Database, id: number): BillingImportRow | undefined {
  return db.prepare('SELECT * FROM billing_imports WHERE id = ? AND pending_owner IS NULL').get(id) as BillingImportRow | undefined;
}

/** Active imports the new one replaces: the same bytes, or the same (dialect, account, billing period, cost basis). */
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
  },
): BillingImportRow[] {
  return db
    .prepare(
      `SELECT * FROM billing_imports WHERE status = 'active' AND id <> @id AND (sha256 = @sha256 OR (dialect = @dialect AND account_key = @account_key
         AND period_start IS @period_start AND period_end IS @period_end AND cost_basis = @cost_basis AND rows_imported > 0))`,
    )
    .all(key) as BillingImportRow[];
}

export function setImportStatus(db: Database, id: number, status: ImportStatus): void {
  db.prepare('UPDATE billing_imports SET status = ? WHERE id = ?').run(status, id);
}

export type SpendGroupBy =
  'month' | 'week' | 'track' | 'provider' | 'service' | 'currency' | 'import' | 'sub-account' | 'instance-type' | 'none';

const GROUP_KEY: Record<SpendGroupBy, string> = {
  month: 'substr(s.charge_period_start, 1, 7)',
  // The Monday on or before the charge date (ISO weeks); labelled YYYY-Www by the service.
  week: "date(substr(s.charge_period_start, 1, 10), '-6 days', 'weekday 1')",
  track: "COALESCE(s.track_id, '(unallocated)')",
  provider: "COALESCE(s.provider, '(none)')",
  service: "COALESCE(s.service, '(none)')",
  currency: 's.currency',
  import: 'CAST(s.import_id AS TEXT)',
  'sub-account': "COALESCE(s.sub_account_id, '(none)')",
  'instance-type': "COALESCE(s.instance_type, '(none)')",
  none: "'all'",
};

export interface SpendFilters {
  from?: string | undefined;
  to?: string | undefined;
  provider?: string | undefined;
  service?: string | undefined;
  currency?: string | undefined;
  trackId?: string | undefined;
  importId?: number | undefined;
  gpuOnly?: boolean | undefined;
  search?: string | undefined;
}

function whereClause(filters: SpendFilters): { sql: string; params: Record<string, unknown> } {
  const parts = ["i.status = 'active'"];
  const params: Record<string, unknown> = {};
  if (filters.from) {
    parts.push('s.charge_period_start >= @from');
    params.from = filters.from;
  }
  if (filters.to) {
    parts.push('s.charge_period_start < @to');
    params.to = filters.to;
  }
  if (filters.provider) {
    parts.push('s.provider = @provider');
    params.provider = filters.provider;
  }
  if (filters.service) {
    parts.push('s.service = @service');
    params.service = filters.service;
  }
  if (filters.currency !== undefined) {
    parts.push('s.currency = @currency');
    params.currency = filters.currency;
  }
  if (filters.trackId) {
    if (filters.trackId === '(unallocated)') parts.push('s.track_id IS NULL');
    else {
      parts.push('s.track_id = @trackId');
      params.trackId = filters.trackId;
    }
  }
  if (filters.importId !== undefined) {
    parts.push('s.import_id = @importId');
    params.importId = filters.importId;
  }
  if (filters.gpuOnly) parts.push('s.instance_type IS NOT NULL');
  if (filters.search) {
    parts.push(
      "(s.service LIKE @search ESCAPE '\\' OR s.resource_id LIKE @search ESCAPE '\\' OR s.sku LIKE @search ESCAPE '\\' OR s.instance_type LIKE @search ESCAPE '\\')",
    );
    params.search = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  }
  return { sql: parts.join(' AND '), params };
}

export interface GroupSumRow {
  key: string;
  currency: string;
  total: string;
  lines: number;
}

/** Recomputes the daily rollup (migration 0005) of one import's lines, or of every line. Call inside the import's transaction. */
export function rebuildSpendRollup(db: Database, importId?: number): void {
  // Every line but a staged import's (its rollup is written when it is made visible).
  const where = importId === undefined ? `WHERE import_id NOT IN (${PENDING_IDS})` : 'WHERE import_id = @importId';
  db.prepare(`DELETE FROM spend_rollup ${where}`).run(importId === undefined ? {} : { importId });
  const accumulated = importId === undefined ? undefined : pendingRollups.get(db)?.get(importId);
  if (importId !== undefined) pendingRollups.get(db)?.delete(importId);
  if (accumulated) {
    // Summed while the lines were inserted: no second pass over them.
    const insert = db.prepare(`INSERT INTO spend_rollup VALUES (?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?)`);
    for (const [key, sum] of accumulated) {
      const [day, currency, provider, service, subAccount, instanceType] = key.split('\u0000');
      const [nanos, high] = splitNanos(sum.nanos.value());
      insert.run(importId, day, currency, provider, service, subAccount, instanceType, nanos, sum.lines, high);
    }
    return;
  }
  const params = importId === undefined ? {} : { importId };
  try {
    db.prepare(
      `INSERT INTO spend_rollup (import_id, day, currency, track_id, provider, service, sub_account_id, instance_type, nanos, lines)
         SELECT import_id, substr(charge_period_start, 1, 10), currency, COALESCE(track_id, ''), COALESCE(provider, ''), COALESCE(service, ''),
                COALESCE(sub_account_id, ''), COALESCE(instance_type, ''), SUM(billed_cost_nanos), COUNT(*)
         FROM spend_lines ${where} GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
    ).run(params);
  } catch (error) {
    if (!/integer overflow/i.test((error as Error).message)) throw error;
    // A group's sum leaves 64 bits: summed exactly, stored split.
    registerNanosSum(db);
    const groups = db
      .prepare(
        `SELECT import_id, substr(charge_period_start, 1, 10) AS day, currency, COALESCE(track_id, '') AS track, COALESCE(provider, '') AS provider,
           COALESCE(service, '') AS service, COALESCE(sub_account_id, '') AS sub, COALESCE(instance_type, '') AS instance, nanos_sum(billed_cost_nanos) AS nanos,
           COUNT(*) AS lines
         FROM spend_lines ${where} GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
      )
      .all(params) as Array<{
      import_id: number;
      day: string;
      currency: string;
      track: string;
      provider: string;
      service: string;
      sub: string;
      instance: string;
      nanos: string;
      lines: number;
    }>;
    const insert = db.prepare('INSERT INTO spend_rollup VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    for (const g of groups) {
      const [nanos, high] = splitNanos(BigInt(g.nanos));
      insert.run(g.import_id, g.day, g.currency, g.track, g.provider, g.service, g.sub, g.instance, nanos, g.lines, high);
    }
  }
}

const PENDING_IDS = 'SELECT id FROM billing_imports WHERE pending_owner IS NOT NULL';

const ROLLUP_KEY: Record<SpendGroupBy, string> = {
  month: 'substr(r.day, 1, 7)',
  week: "date(r.day, '-6 days', 'weekday 1')",
  track: "COALESCE(NULLIF(r.track_id, ''), '(unallocated)')",
  provider: "COALESCE(NULLIF(r.provider, ''), '(none)')",
  service: "COALESCE(NULLIF(r.service, ''), '(none)')",
  currency: 'r.currency',
  import: 'CAST(r.import_id AS TEXT)',
  'sub-account': "COALESCE(NULLIF(r.sub_account_id, ''), '(none)')",
  'instance-type': "COALESCE(NULLIF(r.instance_type, ''), '(none)')",
  none: "'all'",
};

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The rollup answers a group-by when every filter is one of its columns (dates whole days); else null. */
function rollupWhere(filters: SpendFilters): { sql: string; params: Record<string, unknown> } | null {
  if (filters.search) return null;
  if ((filters.from && !DAY_ONLY.test(filters.from)) || (filters.to && !DAY_ONLY.test(filters.to))) return null;
  const parts = ["i.status = 'active'"];
  const params: Record<string, unknown> = {};
  if (filters.from) {
    parts.push('r.day >= @from');
    params.from = filters.from;
  }
  if (filters.to) {
    parts.push('r.day < @to');
    params.to = filters.to;
  }
  if (filters.provider) {
    parts.push('r.provider = @provider');
    params.provider = filters.provider;
  }
  if (filters.service) {
    parts.push('r.service = @service');
    params.service = filters.service;
  }
  if (filters.currency !== undefined) {
    parts.push('r.currency = @currency');
    params.currency = filters.currency;
  }
  if (filters.trackId) {
    if (filters.trackId === '(unallocated)') parts.push("r.track_id = ''");
    else {
      parts.push('r.track_id = @trackId');
      params.trackId = filters.trackId;
    }
  }
  if (filters.importId !== undefined) {
    parts.push('r.import_id = @importId');
    params.importId = filters.importId;
  }
  if (filters.gpuOnly) parts.push("r.instance_type <> ''");
  return { sql: parts.join(' AND '), params };
}

/**
 * Sums billed cost per group and currency. `exact` sums the decimal text (decimal_sum, big.js); otherwise the
 * integer nano-units (SQLite integer SUM: exact to 1e-9 per line, fast over millions of lines).
 */
export function selectGroupSums(db: Database, by: SpendGroupBy, filters: SpendFilters, exact: boolean): GroupSumRow[] {
  const rollup = exact ? null : rollupWhere(filters);
  if (rollup) {
    // Self-healing: lines written without the importer (tests, tools) are rolled up before the rollup is trusted.
    const counted = db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM spend_lines WHERE import_id NOT IN (${PENDING_IDS})) AS lines,
        (SELECT COALESCE(SUM(lines), 0) FROM spend_rollup WHERE import_id NOT IN (${PENDING_IDS})) AS rolled`,
      )
      .get() as { lines: number; rolled: number };
    if (counted.lines !== counted.rolled) rebuildSpendRollup(db);
    const rows = withExactFallback(db, (sum) =>
      db
        .prepare(
          `SELECT ${ROLLUP_KEY[by]} AS key, r.currency AS currency, ${sum('r.nanos')} AS total, SUM(r.nanos_high) AS high, SUM(r.lines) AS lines
           FROM spend_rollup r JOIN billing_imports i ON i.id = r.import_id WHERE ${rollup.sql} GROUP BY 1, 2 HAVING SUM(r.lines) > 0 ORDER BY 1, 2`,
        )
        .safeIntegers(true)
        .all(rollup.params),
    ) as Array<{ key: string; currency: string; total: bigint | string; high: bigint; lines: bigint }>;
    return rows.map((r) => ({
      key: r.key,
      currency: r.currency,
      total: nanosText(toBigInt(r.total) + toBigInt(r.high) * TWO_POW_62),
      lines: Number(r.lines),
    }));
  }
  const { sql, params } = whereClause(filters);
  const rows = withExactFallback(db, (sumOf) => {
    const sum = exact ? 'decimal_sum(s.billed_cost)' : sumOf('s.billed_cost_nanos');
    const stmt = db.prepare(
      `SELECT ${GROUP_KEY[by]} AS key, s.currency AS currency, ${sum} AS total, COUNT(*) AS lines
       FROM spend_lines s JOIN billing_imports i ON i.id = s.import_id WHERE ${sql} GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    if (!exact) stmt.safeIntegers(true);
    return stmt.all(params) as Array<{ key: string; currency: string; total: string | bigint; lines: number | bigint }>;
  });
  return rows.map((r) => ({
    key: r.key,
    currency: r.currency,
    total: exact ? String(r.total) : nanosText(toBigInt(r.total)),
    lines: Number(r.lines),
  }));
}

/** Nano-units as a canonical decimal string. */
function nanosText(nanos: bigint): string {
  return canonicalDecimal(new Big(nanos.toString()).div(1e9));
}

export interface SpendLineRow {
  id: number;
  import_id: number;
  source_line: number;
  charge_period_start: string;
  charge_period_end: string | null;
  billed_cost: string;
  effective_cost: string | null;
  currency: string;
  provider: string | null;
  service: string | null;
  sku: string | null;
  resource_id: string | null;
  resource_name: string | null;
  billing_account_id: string | null;
  sub_account_id: string | null;
  region: string | null;
  charge_category: string | null;
  pricing_category: string | null;
  instance_type: string | null;
  usage_quantity: string | null;
  usage_unit: string | null;
  tags_json: string;
  track_id: string | null;
  gpu_count: number | null;
}

const SORTABLE = new Set([
  'charge_period_start',
  'billed_cost_nanos',
  'provider',
  'service',
  'sku',
  'resource_id',
  'currency',
  'instance_type',
  'id',
]);

export function selectSpendLines(
  db: Database,
  filters: SpendFilters,
  page: { offset: number; limit: number; sort?: string | undefined; descending?: boolean | undefined },
): { rows: SpendLineRow[]; total: number } {
  const { sql, params } = whereClause(filters);
  const sort = page.sort && SORTABLE.has(page.sort) ? page.sort : 'id';
  const rows = db
    .prepare(
      `SELECT s.id, s.import_id, s.source_line, s.charge_period_start, s.charge_period_end, s.billed_cost, s.effective_cost, s.currency, s.provider, s.service, s.sku,
         s.resource_id, s.resource_name, s.billing_account_id, s.sub_account_id, s.region, s.charge_category, s.pricing_category, s.instance_type,
         s.usage_quantity, s.usage_unit, s.tags_json, s.track_id, s.gpu_count
       FROM spend_lines s JOIN billing_imports i ON i.id = s.import_id WHERE ${sql} ORDER BY s.${sort} ${page.descending ? 'DESC' : 'ASC'}, s.id LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit: page.limit, offset: page.offset }) as SpendLineRow[];
  const total = (
    db.prepare(`SELECT COUNT(*) AS n FROM spend_lines s JOIN billing_imports i ON i.id = s.import_id WHERE ${sql}`).get(params) as {
      n: number;
    }
  ).n;
  return { rows, total };
}

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
