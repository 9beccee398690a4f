/** Spend lines SQL (spend_lines): the bulk inserter, its index suspension, and the explorer's page of lines. */
import type { Database, Statement } from 'better-sqlite3';
import type { SpendLine } from '../../../shared/domain/billing/spend-line';
import { tagsToJson } from '../../../shared/domain/billing/billing-tags';
import { decimalToNanosValue } from '../../../shared/domain/billing/decimal-sums';
import { spendLineWhere, type SpendFilters } from './spend-filters';
import { rollupRecorder } from './spend-rollup';

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

/** A line to write: a parsed billing line, allocated to a track where it is known already (a plan file's spend). */
export type SpendLineToInsert = SpendLine & { trackId?: string | null | undefined };

/**
 * Writes spend lines one by one, summing their daily rollup as it goes (written by rebuildSpendRollup). `track`: the
 * line's track when the caller allocates it as it is written (else the line's own `trackId`).
 */
export function spendLineInserter(db: Database): (importId: number, line: SpendLineToInsert, track?: string | null) => void {
  const stmt: Statement = db.prepare(
    `INSERT INTO spend_lines (import_id, source_line, charge_period_start, charge_period_end, billed_cost, billed_cost_nanos, effective_cost, currency,
       provider, service, sku, resource_id, resource_name, billing_account_id, sub_account_id, region, charge_category, pricing_category, instance_type,
       usage_quantity, usage_unit, tags_json, billing_period_start, billing_period_end, gpu_count, track_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const recordRollup = rollupRecorder(db);
  return (importId, l, track = l.trackId ?? null) => {
    // A number where exact (most amounts): no bigint per line, cheaper to bind.
    const nanos = decimalToNanosValue(l.billedCost);
    recordRollup(importId, l, nanos, track);
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
      track,
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

/** Upper bound of the spend lines stored (ids only grow): O(log n), unlike COUNT(*). */
export function spendLineIdBound(db: Database): number {
  return (db.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM spend_lines').get() as { n: number }).n;
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
  const { sql, params } = spendLineWhere(filters);
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
