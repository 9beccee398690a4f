/** Budget planning SQL (budgets, allocation rules, exchange rates, spend lines for the overview): parameterized only. */
import type { Database } from 'better-sqlite3';
import type { AllocationRule, Budget, BudgetSpendLine, ExchangeRate, RateOrigin, RuleKind } from '../../../shared/domain/budget/types';
import { toBigInt, withExactFallback } from './exact-sums';

interface BudgetRow {
  id: number;
  project_id: string;
  track_id: string | null;
  month: string | null;
  amount: string;
  currency: string;
  thresholds_json: string;
}
interface RuleRow {
  id: number;
  project_id: string;
  position: number;
  kind: RuleKind;
  key: string | null;
  pattern: string;
  track_id: string;
}
interface RateRow {
  id: number;
  from_currency: string;
  to_currency: string;
  rate: string;
  as_of: string;
  source: string;
  origin: RateOrigin;
}
const toBudget = (r: BudgetRow): Budget => ({
  id: r.id,
  projectId: r.project_id,
  trackId: r.track_id,
  month: r.month,
  amount: r.amount,
  currency: r.currency,
  thresholds: JSON.parse(r.thresholds_json) as number[],
});
const toRule = (r: RuleRow): AllocationRule => ({
  id: r.id,
  projectId: r.project_id,
  position: r.position,
  kind: r.kind,
  key: r.key,
  pattern: r.pattern,
  trackId: r.track_id,
});
const toRate = (r: RateRow): ExchangeRate => ({
  id: r.id,
  from: r.from_currency,
  to: r.to_currency,
  rate: r.rate,
  asOf: r.as_of,
  source: r.source,
  origin: r.origin,
});

export function selectBudgets(db: Database, projectId: string): Budget[] {
  return (
    db
      .prepare('SELECT * FROM budgets WHERE project_id = ? ORDER BY track_id IS NOT NULL, track_id, month IS NOT NULL, month')
      .all(projectId) as BudgetRow[]
  ).map(toBudget);
}

export function selectBudget(db: Database, id: number): Budget | undefined {
  const row = db.prepare('SELECT * FROM budgets WHERE id = ?').get(id) as BudgetRow | undefined;
  return row ? toBudget(row) : undefined;
}

/** The budget of the same scope (project/track × total/month), to replace rather than duplicate. */
export function selectBudgetByScope(db: Database, projectId: string, trackId: string | null, month: string | null): Budget | undefined {
  const row = db.prepare('SELECT * FROM budgets WHERE project_id = ? AND track_id IS ? AND month IS ?').get(projectId, trackId, month) as
    BudgetRow | undefined;
  return row ? toBudget(row) : undefined;
}

export function insertBudget(db: Database, b: Omit<Budget, 'id'>): number {
  return Number(
    db
      .prepare('INSERT INTO budgets (project_id, track_id, month, amount, currency, thresholds_json) VALUES (?, ?, ?, ?, ?, ?)')
      .run(b.projectId, b.trackId, b.month, b.amount, b.currency, JSON.stringify(b.thresholds)).lastInsertRowid,
  );
}

export function updateBudget(db: Database, b: Budget): void {
  db.prepare('UPDATE budgets SET track_id = ?, month = ?, amount = ?, currency = ?, thresholds_json = ? WHERE id = ?').run(
    b.trackId,
    b.month,
    b.amount,
    b.currency,
    JSON.stringify(b.thresholds),
    b.id,
  );
}

export function deleteBudget(db: Database, id: number): number {
  return db.prepare('DELETE FROM budgets WHERE id = ?').run(id).changes;
}

export function selectRules(db: Database, projectId: string): AllocationRule[] {
  return (db.prepare('SELECT * FROM allocation_rules WHERE project_id = ? ORDER BY position, id').all(projectId) as RuleRow[]).map(toRule);
}

export function selectRule(db: Database, id: number): AllocationRule | undefined {
  const row = db.prepare('SELECT * FROM allocation_rules WHERE id = ?').get(id) as RuleRow | undefined;
  return row ? toRule(row) : undefined;
}

export function insertRule(db: Database, r: Omit<AllocationRule, 'id'>, createdAt: string): number {
  return Number(
    db
      .prepare('INSERT INTO allocation_rules (project_id, position, kind, key, pattern, track_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(r.projectId, r.position, r.kind, r.key, r.pattern, r.trackId, createdAt).lastInsertRowid,
  );
}

export function updateRule(db: Database, r: AllocationRule): void {
  db.prepare('UPDATE allocation_rules SET position = ?, kind = ?, key = ?, pattern = ?, track_id = ? WHERE id = ?').run(
    r.position,
    r.kind,
    r.key,
    r.pattern,
    r.trackId,
    r.id,
  );
}

export function setRulePosition(db: Database, id: number, position: number): void {
  db.prepare('UPDATE allocation_rules SET position = ? WHERE id = ?').run(position, id);
}

export function deleteRule(db: Database, id: number): number {
  return db.prepare('DELETE FROM allocation_rules WHERE id = ?').run(id).changes;
}

export function maxRulePosition(db: Database, projectId: string): number {
  return (db.prepare('SELECT COALESCE(MAX(position), 0) AS p FROM allocation_rules WHERE project_id = ?').get(projectId) as { p: number })
    .p;
}

export function selectRates(db: Database): ExchangeRate[] {
  return (db.prepare('SELECT * FROM exchange_rates ORDER BY from_currency, to_currency, as_of DESC').all() as RateRow[]).map(toRate);
}

/** Same pair and date replaces the earlier entry (a bundled one too: the user's rate takes its place). */
export function upsertRate(db: Database, r: Omit<ExchangeRate, 'id'>): number {
  db.prepare(
    `INSERT INTO exchange_rates (from_currency, to_currency, rate, as_of, source, origin) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (from_currency, to_currency, as_of) DO UPDATE SET rate = excluded.rate, source = excluded.source, origin = excluded.origin`,
  ).run(r.from, r.to, r.rate, r.asOf, r.source, r.origin ?? 'user');
  return (
    db.prepare('SELECT id FROM exchange_rates WHERE from_currency = ? AND to_currency = ? AND as_of = ?').get(r.from, r.to, r.asOf) as {
      id: number;
    }
  ).id;
}

/** Adds a bundled rate unless the pair already has a rate on that date (the user's stays). Returns 1 when added. */
export function insertBundledRate(db: Database, r: Omit<ExchangeRate, 'id' | 'origin'>): number {
  return db
    .prepare(
      `INSERT INTO exchange_rates (from_currency, to_currency, rate, as_of, source, origin) VALUES (?, ?, ?, ?, ?, 'bundled')
      ON CONFLICT (from_currency, to_currency, as_of) DO NOTHING`,
    )
    .run(r.from, r.to, r.rate, r.asOf, r.source).changes;
}

/** The rates a person looks at: the user's and imported ones, and the bundled ones of one pair or currency if asked. */
export function selectRatesFiltered(db: Database, f: { origin?: RateOrigin | 'own'; currency?: string; limit?: number }): ExchangeRate[] {
  const where: string[] = [];
  const args: Array<string | number> = [];
  if (f.origin === 'own') where.push("origin IN ('user', 'import')");
  else if (f.origin) (where.push('origin = ?'), args.push(f.origin));
  if (f.currency) (where.push('(from_currency = ? OR to_currency = ?)'), args.push(f.currency, f.currency));
  const sql = `SELECT * FROM exchange_rates ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY as_of DESC, from_currency, to_currency LIMIT ?`;
  return (db.prepare(sql).all(...args, f.limit ?? 100_000) as RateRow[]).map(toRate);
}

/** How many rates of each origin, and the bundled rates' date range. */
export function rateSummary(db: Database): { origin: RateOrigin; count: number; first: string; last: string }[] {
  return db
    .prepare(
      'SELECT origin, COUNT(*) AS count, MIN(as_of) AS first, MAX(as_of) AS last FROM exchange_rates GROUP BY origin ORDER BY origin',
    )
    .all() as { origin: RateOrigin; count: number; first: string; last: string }[];
}

/** Deletes one of the user's own or imported rates; the bundled reference rates stay (a rate of your own overrides them). */
export function deleteRate(db: Database, id: number): number {
  return db.prepare("DELETE FROM exchange_rates WHERE id = ? AND origin <> 'bundled'").run(id).changes;
}

export function selectRateOrigin(db: Database, id: number): RateOrigin | null {
  return (db.prepare('SELECT origin FROM exchange_rates WHERE id = ?').get(id) as { origin: RateOrigin } | undefined)?.origin ?? null;
}

/** Ids of the active imports (their lines are the spend). */
export function selectActiveImportIds(db: Database): number[] {
  return (db.prepare("SELECT id FROM billing_imports WHERE status = 'active' ORDER BY id").all() as Array<{ id: number }>).map((r) => r.id);
}

/** Spend lines of the active imports (replaced and undone imports are not spend). */
export function selectActiveSpendLines(
  db: Database,
  where: { from?: string; toExclusive?: string; unallocatedOnly?: boolean; importIds?: number[]; afterId?: number; limit?: number } = {},
): Array<BudgetSpendLine & { storedTrackId: string | null }> {
  const parts = ["i.status = 'active'"];
  const params: Record<string, string | number> = {};
  if (where.afterId !== undefined) {
    parts.push('s.id > @afterId');
    params.afterId = where.afterId;
  }
  if (where.importIds) {
    parts.push('s.import_id IN (SELECT value FROM json_each(@importIds))');
    params.importIds = JSON.stringify(where.importIds);
  }
  if (where.from) {
    parts.push('s.charge_period_start >= @from');
    params.from = where.from;
  }
  if (where.toExclusive) {
    parts.push('s.charge_period_start < @toExclusive');
    params.toExclusive = where.toExclusive;
  }
  if (where.unallocatedOnly) parts.push('s.track_id IS NULL');
  const rows = db
    .prepare(
      `SELECT s.id, s.charge_period_start AS chargePeriodStart, s.billed_cost AS billedCost, s.currency, s.provider, s.service, s.sku,
      s.resource_id AS resourceId, s.resource_name AS resourceName, s.billing_account_id AS billingAccountId, s.sub_account_id AS subAccountId,
      s.instance_type AS instanceType, s.usage_quantity AS usageQuantity, s.usage_unit AS usageUnit, s.tags_json AS tagsJson, s.track_id AS storedTrackId
    FROM spend_lines s JOIN billing_imports i ON i.id = s.import_id WHERE ${parts.join(' AND ')} ORDER BY s.id${where.limit !== undefined ? ' LIMIT @limit' : ''}`,
    )
    .all(where.limit !== undefined ? { ...params, limit: where.limit } : params) as Array<
    Omit<BudgetSpendLine, 'tags'> & { tagsJson: string; storedTrackId: string | null }
  >;
  return rows.map(({ tagsJson, ...line }) => ({ ...line, tags: JSON.parse(tagsJson) as Record<string, string> }));
}

/** Writes the given lines' tracks (only the changed ones are passed) (null = unallocated) so SQL group-bys and the spend explorer see the allocation. */
export function updateLineTracks(db: Database, assignments: Iterable<[number, string | null]>): void {
  const stmt = db.prepare('UPDATE spend_lines SET track_id = ? WHERE id = ?');
  for (const [id, track] of assignments) stmt.run(track, id);
}

/**
 * Exact per-currency sums (decimal strings summed in SQLite as nano-units, then back) of the active lines that are
 * not the project's: unallocated (no track of the project) and the project's lines outside its dates.
 */
export function selectBucketTotals(
  db: Database,
  trackIds: string[],
  from: string,
  toExclusive: string,
): {
  unallocated: Array<{ currency: string; nanos: bigint; lines: number; inWindow: number; inWindowNanos: bigint }>;
  outside: Array<{ currency: string; nanos: bigint; lines: number }>;
} {
  const tracks = JSON.stringify(trackIds);
  // Exact at any size: SQLite's SUM, or big integers when a sum leaves 64 bits (withExactFallback).
  const unallocated = withExactFallback(db, (sum) =>
    db
      .prepare(
        `SELECT s.currency AS currency, ${sum('s.billed_cost_nanos')} AS nanos, COUNT(*) AS lines,
      SUM(CASE WHEN s.charge_period_start >= @from AND s.charge_period_start < @to THEN 1 ELSE 0 END) AS inWindow,
      ${sum('CASE WHEN s.charge_period_start >= @from AND s.charge_period_start < @to THEN s.billed_cost_nanos ELSE 0 END')} AS inWindowNanos
    FROM spend_lines s JOIN billing_imports i ON i.id = s.import_id
    WHERE i.status = 'active' AND (s.track_id IS NULL OR s.track_id NOT IN (SELECT value FROM json_each(@tracks))) GROUP BY s.currency`,
      )
      .safeIntegers(true)
      .all({ from, to: toExclusive, tracks }),
  ) as Array<{ currency: string; nanos: bigint; lines: bigint; inWindow: bigint; inWindowNanos: bigint }>;
  const outside = withExactFallback(db, (sum) =>
    db
      .prepare(
        `SELECT s.currency AS currency, ${sum('s.billed_cost_nanos')} AS nanos, COUNT(*) AS lines
    FROM spend_lines s JOIN billing_imports i ON i.id = s.import_id
    WHERE i.status = 'active' AND s.track_id IN (SELECT value FROM json_each(@tracks)) AND (s.charge_period_start < @from OR s.charge_period_start >= @to) GROUP BY s.currency`,
      )
      .safeIntegers(true)
      .all({ from, to: toExclusive, tracks }),
  ) as Array<{ currency: string; nanos: bigint; lines: bigint }>;
  return {
    unallocated: unallocated.map((r) => ({
      currency: r.currency,
      nanos: toBigInt(r.nanos),
      lines: Number(r.lines),
      inWindow: Number(r.inWindow),
      inWindowNanos: toBigInt(r.inWindowNanos),
    })),
    outside: outside.map((r) => ({ currency: r.currency, nanos: toBigInt(r.nanos), lines: Number(r.lines) })),
  };
}

/** Per active import and currency: its lines in the window [from, toExclusive), and those of them on the given tracks. */
export function selectImportWindowTotals(
  db: Database,
  trackIds: string[],
  from: string,
  toExclusive: string,
  importIds?: number[],
): Array<{ importId: number; currency: string; lines: number; nanos: bigint; assignedLines: number; assignedNanos: bigint }> {
  const onTrack = 's.track_id IN (SELECT value FROM json_each(@tracks))';
  const rows = withExactFallback(db, (sum) =>
    db
      .prepare(
        `SELECT s.import_id AS importId, s.currency AS currency, COUNT(*) AS lines, ${sum('s.billed_cost_nanos')} AS nanos,
      SUM(CASE WHEN ${onTrack} THEN 1 ELSE 0 END) AS assignedLines, ${sum(`CASE WHEN ${onTrack} THEN s.billed_cost_nanos ELSE 0 END`)} AS assignedNanos
    FROM spend_lines s JOIN billing_imports i ON i.id = s.import_id
    WHERE i.status = 'active' AND s.charge_period_start >= @from AND s.charge_period_start < @to
      ${importIds ? 'AND s.import_id IN (SELECT value FROM json_each(@importIds))' : ''}
    GROUP BY s.import_id, s.currency`,
      )
      .safeIntegers(true)
      .all({ from, to: toExclusive, tracks: JSON.stringify(trackIds), ...(importIds ? { importIds: JSON.stringify(importIds) } : {}) }),
  ) as Array<{ importId: bigint; currency: string; lines: bigint; nanos: bigint; assignedLines: bigint; assignedNanos: bigint }>;
  return rows.map((r) => ({
    importId: Number(r.importId),
    currency: r.currency,
    lines: Number(r.lines),
    nanos: toBigInt(r.nanos),
    assignedLines: Number(r.assignedLines),
    assignedNanos: toBigInt(r.assignedNanos),
  }));
}
