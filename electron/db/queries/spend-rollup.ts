/**
 * The daily rollup of spend lines (migration 0005: per import, day, currency, track, provider, service, sub-account
 * and instance type), summed while an import's lines are written, or again from the lines.
 */
import type { Database } from 'better-sqlite3';
import type { SpendLine } from '../../../shared/domain/billing/spend-line';
import { IntegerSum } from '../../../shared/domain/billing/decimal-sums';
import { isIntegerOverflow, registerNanosSum, splitNanos } from './exact-sums';

/** The imports being written (staged): their lines are in no total until they are made visible. */
export const PENDING_IDS = 'SELECT id FROM billing_imports WHERE pending_owner IS NOT NULL';

/** A rollup row's billed nano-units (exact) and its line count. */
interface PendingSum {
  nanos: IntegerSum;
  lines: number;
}
type PendingRollup = Map<number, Map<string, PendingSum>>;
const pendingRollups = new WeakMap<Database, PendingRollup>();

/** The rollup fields of a line as it is written. */
export type RollupLine = Pick<SpendLine, 'chargePeriodStart' | 'currency' | 'provider' | 'service' | 'subAccountId' | 'instanceType'> & {
  trackId?: string | null | undefined;
};

/** Starts summing the rollup of the lines about to be written: the recorder adds one line's nano-units; rebuildSpendRollup writes the sums. */
export function rollupRecorder(db: Database): (importId: number, line: RollupLine, nanos: number | bigint, track?: string | null) => void {
  const pending: PendingRollup = new Map();
  pendingRollups.set(db, pending);
  return (importId, l, nanos, track = l.trackId ?? null) => {
    let perImport = pending.get(importId);
    if (!perImport) pending.set(importId, (perImport = new Map()));
    const key = `${l.chargePeriodStart.slice(0, 10)}\u0000${l.currency}\u0000${track ?? ''}\u0000${l.provider ?? ''}\u0000${l.service ?? ''}\u0000${l.subAccountId ?? ''}\u0000${l.instanceType ?? ''}`;
    let sum = perImport.get(key);
    if (!sum) perImport.set(key, (sum = { nanos: new IntegerSum(), lines: 0 }));
    sum.lines += 1;
    sum.nanos.add(nanos);
  };
}

/** Drops the sums of an import that will not be made visible. */
export function forgetPendingRollup(db: Database, importId: number): void {
  pendingRollups.get(db)?.delete(importId);
}

/** Recomputes the daily rollup (migration 0005) of one import's lines, or of every line. Call inside the import's transaction. */
export function rebuildSpendRollup(db: Database, importId?: number): void {
  // Every line but a staged import's (its rollup is written when it is made visible).
  const where = importId === undefined ? `WHERE import_id NOT IN (${PENDING_IDS})` : 'WHERE import_id = @importId';
  db.prepare(`DELETE FROM spend_rollup ${where}`).run(importId === undefined ? {} : { importId });
  const accumulated = importId === undefined ? undefined : pendingRollups.get(db)?.get(importId);
  if (importId !== undefined) forgetPendingRollup(db, importId);
  if (accumulated) {
    // Summed while the lines were inserted: no second pass over them.
    const insert = db.prepare('INSERT INTO spend_rollup VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    for (const [key, sum] of accumulated) {
      const [day, currency, track, provider, service, subAccount, instanceType] = key.split('\u0000');
      const [nanos, high] = splitNanos(sum.nanos.value());
      insert.run(importId, day, currency, track, provider, service, subAccount, instanceType, nanos, sum.lines, high);
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
    if (!isIntegerOverflow(error)) throw error;
    rebuildOverflowingRollup(db, where, params);
  }
}

/** The rollup of groups whose sum leaves 64 bits: summed exactly, stored split. */
function rebuildOverflowingRollup(db: Database, where: string, params: Record<string, unknown>): void {
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

/**
 * Whether the rollup counts every visible line. Lines written without the importer (tests, tools) are not in it: a read
 * then sums the lines themselves (reads never write, issue 25 item 6).
 */
export function rollupComplete(db: Database): boolean {
  const counted = db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM spend_lines WHERE import_id NOT IN (${PENDING_IDS})) AS lines,
        (SELECT COALESCE(SUM(lines), 0) FROM spend_rollup WHERE import_id NOT IN (${PENDING_IDS})) AS rolled`,
    )
    .get() as { lines: number; rolled: number };
  return counted.lines === counted.rolled;
}
