/**
 * Exact sums of billed amounts in SQLite: integer nano-units summed with SQLite's SUM while they fit 64 bits, else
 * with registered big-integer (`nanos_sum`) or big-decimal (`decimal_sum`) aggregates.
 */
import Big from 'big.js';
import type { Database } from 'better-sqlite3';
import { canonicalDecimal } from '../../../shared/domain/billing/values';

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

/** True for SQLite's "integer overflow" of a SUM that left the 64-bit range. */
export function isIntegerOverflow(error: unknown): boolean {
  return /integer overflow/i.test((error as Error).message);
}

/**
 * Runs `query` with SQLite's fast integer SUM; when a partial sum leaves the 64-bit range, again with the exact
 * `nanos_sum` (big integer text). `sum(expr)` writes the aggregate; read its values with {@link toBigInt}.
 */
export function withExactFallback<T>(db: Database, query: (sum: (expr: string) => string) => T): T {
  try {
    return query((expr) => `SUM(${expr})`);
  } catch (error) {
    if (!isIntegerOverflow(error)) throw error;
    registerNanosSum(db);
    return query((expr) => `nanos_sum(${expr})`);
  }
}

export function toBigInt(value: unknown): bigint {
  if (value === null || value === undefined) return 0n;
  return typeof value === 'bigint' ? value : BigInt(String(value));
}

/** The weight of a rollup row's `nanos_high` column. */
export const TWO_POW_62 = 1n << 62n;
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

/** Nano-units as a canonical decimal string. */
export function nanosText(nanos: bigint): string {
  return canonicalDecimal(new Big(nanos.toString()).div(1e9));
}
