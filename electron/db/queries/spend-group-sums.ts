/** Billed cost per group and currency: from the daily rollup where it can answer, else from the spend lines. */
import type { Database } from 'better-sqlite3';
import { nanosText, toBigInt, TWO_POW_62, withExactFallback } from './exact-sums';
import { spendLineWhere, spendRollupWhere, type SpendFilters, type SpendGroupBy } from './spend-filters';
import { rollupComplete } from './spend-rollup';

export interface GroupSumRow {
  key: string;
  currency: string;
  total: string;
  lines: number;
}

const LINE_GROUP_KEY: Record<SpendGroupBy, string> = {
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

const ROLLUP_GROUP_KEY: Record<SpendGroupBy, string> = {
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

/**
 * Sums billed cost per group and currency. `exact` sums the decimal text (decimal_sum, big.js); otherwise the
 * integer nano-units (SQLite integer SUM: exact to 1e-9 per line, fast over millions of lines).
 */
export function selectGroupSums(db: Database, by: SpendGroupBy, filters: SpendFilters, exact: boolean): GroupSumRow[] {
  const rollup = exact || !rollupComplete(db) ? null : spendRollupWhere(filters);
  if (rollup) {
    const rows = withExactFallback(db, (sum) =>
      db
        .prepare(
          `SELECT ${ROLLUP_GROUP_KEY[by]} AS key, r.currency AS currency, ${sum('r.nanos')} AS total, SUM(r.nanos_high) AS high, SUM(r.lines) AS lines
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
  const { sql, params } = spendLineWhere(filters);
  const rows = withExactFallback(db, (sumOf) => {
    const sum = exact ? 'decimal_sum(s.billed_cost)' : sumOf('s.billed_cost_nanos');
    const stmt = db.prepare(
      `SELECT ${LINE_GROUP_KEY[by]} AS key, s.currency AS currency, ${sum} AS total, COUNT(*) AS lines
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
