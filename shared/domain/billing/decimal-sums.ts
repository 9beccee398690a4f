/**
 * Exact sums of billing amounts: plain decimals read as integers (the hot path of a large import), nano-units (1e-9)
 * for SQLite's integer sums, and running sums per currency that never go through floats.
 */
import Big from 'big.js';
import type { Decimal } from './spend-line';
import { canonicalDecimal, ownCopy } from './values';

const SIMPLE_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

// Plain decimals (`-?digits(.digits)?`, what parseDecimal returns) read as integers without big.js or regexes: the
// hot path of a large import. `plain` is scratch space filled by readPlain (single-threaded, never re-entered).
const plain = {
  negative: false,
  /** All digits as an integer (NaN when not exact as a number). */ units: 0,
  fractionDigits: 0,
  /** Digits read before the point. */ wholeDigits: 0,
};

/** Reads a plain decimal into `plain`; false when it is not one (the caller falls back to big.js). */
function readPlain(value: string, maxFractionDigits = Infinity): boolean {
  const n = value.length;
  let i = 0;
  const negative = n > 0 && value.charCodeAt(0) === 45;
  if (negative) i = 1;
  let units = 0;
  const wholeStart = i;
  for (; i < n; i += 1) {
    const d = value.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    units = units * 10 + d;
  }
  const wholeDigits = i - wholeStart;
  if (wholeDigits === 0) return false;
  let fractionDigits = 0;
  if (i < n) {
    if (value.charCodeAt(i) !== 46 || i === n - 1) return false;
    for (i += 1; i < n; i += 1) {
      const d = value.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return false;
      if (fractionDigits < maxFractionDigits) units = units * 10 + d;
      fractionDigits += 1;
    }
  }
  plain.negative = negative;
  plain.units = units <= Number.MAX_SAFE_INTEGER ? units : Number.NaN;
  plain.fractionDigits = fractionDigits;
  plain.wholeDigits = wholeDigits;
  return true;
}

const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * Nano-units of a plain decimal as an exact number, rounded half-even beyond 9 decimals (integer arithmetic only);
 * null when it is not plain or not a safe integer.
 */
function plainNanos(value: string): number | null {
  if (!readPlain(value, 9)) return null;
  let units = plain.units;
  if (Number.isNaN(units)) return null;
  const kept = Math.min(plain.fractionDigits, 9);
  units *= POW10[9 - kept]!;
  if (units > Number.MAX_SAFE_INTEGER) return null;
  if (plain.fractionDigits > 9) {
    // Half-even on the digits past the ninth: the tenth decides, the rest break a tie.
    const dot = value.length - plain.fractionDigits;
    const tenth = value.charCodeAt(dot + 9) - 48;
    let rest = false;
    for (let i = dot + 10; i < value.length && !rest; i += 1) rest = value.charCodeAt(i) !== 48;
    if (tenth > 5 || (tenth === 5 && (rest || units % 2 === 1))) units += 1;
    if (units > Number.MAX_SAFE_INTEGER) return null;
  }
  return plain.negative && units !== 0 ? -units : units;
}

/** Integer nano-units (1e-9) of an exact decimal, rounded half-even: for fast SQL sums exact to the nano. */
export function decimalToNanos(value: Decimal): bigint {
  const fast = plainNanos(value);
  if (fast !== null) return BigInt(fast);
  const simple = SIMPLE_DECIMAL.exec(value);
  if (simple && (simple[3] ?? '').length <= 9) {
    const units = BigInt(`${simple[2]}${(simple[3] ?? '').padEnd(9, '0')}`);
    return simple[1] ? -units : units;
  }
  return BigInt(new Big(value).times(1e9).round(0, Big.roundHalfEven).toFixed(0));
}

/** Nano-units as a JS number when exact (|n| < 2^53), else a bigint: cheaper to bind in SQLite for common amounts. */
export function decimalToNanosValue(value: Decimal): number | bigint {
  return plainNanos(value) ?? decimalToNanos(value);
}

export function nanosToDecimal(nanos: bigint | number): Decimal {
  return canonicalDecimal(new Big(nanos.toString()).div(1e9));
}

/** An exact sum of integers: added as a number while the total is a safe integer, carried into a bigint beyond. */
export class IntegerSum {
  private small = 0;
  private big = 0n;

  add(n: number | bigint): void {
    if (typeof n === 'bigint') {
      this.big += n;
      return;
    }
    const next = this.small + n;
    // Both addends are safe integers: the float sum is exact exactly when it is a safe integer.
    if (Number.isSafeInteger(next)) this.small = next;
    else {
      this.big += BigInt(this.small) + BigInt(n);
      this.small = 0;
    }
  }

  /** Multiplies the sum so far (a change of decimal scale). */
  scaleBy(factor: bigint): void {
    this.big = this.value() * factor;
    this.small = 0;
  }

  value(): bigint {
    return this.big + BigInt(this.small);
  }
}

/**
 * An exact running sum of decimals: integers at the largest scale seen (an IntegerSum); amounts that are not plain
 * decimals go through big.js.
 */
export class DecimalSum {
  private scale = 0;
  private readonly units = new IntegerSum();
  private other: Big | null = null;

  add(amount: Decimal): void {
    if (!readPlain(amount)) {
      this.other = (this.other ?? new Big(0)).plus(amount);
      return;
    }
    const digits = plain.fractionDigits;
    if (digits > this.scale) {
      this.units.scaleBy(10n ** BigInt(digits - this.scale));
      this.scale = digits;
    }
    const units = plain.units * POW10[this.scale - digits]!;
    if (Number.isNaN(units) || this.scale - digits > 15 || units > Number.MAX_SAFE_INTEGER) {
      // Too many digits for a number: as a bigint.
      const text = plain.negative ? amount.slice(1) : amount;
      const big = BigInt(text.replace('.', '')) * 10n ** BigInt(this.scale - digits);
      this.units.add(plain.negative ? -big : big);
      return;
    }
    this.units.add(plain.negative ? -units : units);
  }

  value(): Decimal {
    const units = this.units.value();
    const negative = units < 0n;
    let text = (negative ? -units : units).toString();
    if (this.scale > 0) {
      text = text.padStart(this.scale + 1, '0');
      text = `${text.slice(0, -this.scale)}.${text.slice(-this.scale)}`;
    }
    const exact = new Big(negative ? `-${text}` : text);
    return canonicalDecimal(this.other ? exact.plus(this.other) : exact);
  }
}

/** Sums exact decimals per currency. */
export class CurrencyTotals {
  private readonly sums = new Map<string, DecimalSum>();
  add(currency: string, amount: Decimal): void {
    let sum = this.sums.get(currency);
    if (!sum) this.sums.set(ownCopy(currency), (sum = new DecimalSum()));
    sum.add(amount);
  }
  toJSON(): Record<string, Decimal> {
    return Object.fromEntries([...this.sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([c, v]) => [c, v.value()]));
  }
}
