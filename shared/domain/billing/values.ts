/**
 * Pure value parsers for billing exports: null tokens and exact decimals (big.js, never floats). The date forms of
 * FORMATS.md are read in billing-dates.ts, tag columns in billing-tags.ts; exact sums are kept in decimal-sums.ts.
 */
import Big from 'big.js';
import type { Decimal } from './spend-line';

/** Strings that mean "no value" in billing exports. An empty cost is null, never 0. */
export const NULL_TOKENS: ReadonlySet<string> = new Set(['', 'null', '\\n', 'none', 'nan', 'n/a']);

/**
 * A copy of `text` that shares no memory with the string it was cut from. The CSV tokenizer's fields are slices of
 * a whole decoded chunk (about 1 MiB): anything kept beyond the row (a cache key, an error, a set of accounts) must
 * be a copy, or it keeps its whole chunk alive and a large import would hold most of its file in memory.
 */
export function ownCopy(text: string): string {
  // Concatenation makes a cons string; slicing it flattens it into a new string: the slice's parent is that copy.
  return ` ${text}`.slice(1);
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function isNullValue(raw: string | null | undefined): boolean {
  if (raw === null || raw === undefined || raw.length === 0) return true;
  const first = raw.charCodeAt(0);
  const last = raw.charCodeAt(raw.length - 1);
  // Fast path: between printable ASCII characters (nothing to trim), anything longer than every null token is a
  // value, and so is anything that starts with a character no null token starts with (n, N, \).
  if (first > 32 && first < 127 && last > 32 && last < 127 && (raw.length > 5 || (first !== 110 && first !== 78 && first !== 92)))
    return false;
  const t = stripBom(raw).trim();
  return t === '\\N' || NULL_TOKENS.has(t.toLowerCase());
}

export interface DecimalOptions {
  /** '.' or ','; undefined = infer per value ("0,5" → 0.5, "1,000" → 1000, "1.234,5" → 1234.5). */
  decimalSeparator?: '.' | ',' | undefined;
  /** 'as-is' keeps the file's sign; 'negate' flips it (ledgers that show spend as negative). */
  sign?: 'as-is' | 'negate' | undefined;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; expected: string };

const PLAIN_DECIMAL = /^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** Longest amount text read (a 10 MB field of digits is not an amount). */
export const MAX_DECIMAL_CHARS = 100;
/** Exponents beyond ±40 are refused before big.js expands them (`1e999999999` would be a billion digits). */
export const MAX_DECIMAL_EXPONENT = 40;
/**
 * The largest amount one line can hold: its nano-units (1e-9) must fit SQLite's 64-bit integers (2^63 - 1). Sums of
 * lines are exact at any size (queries fall back to big integers); one line beyond this is refused with its line.
 */
export const MAX_LINE_AMOUNT = '9223372036.854775807';
const MAX_LINE_AMOUNT_BIG = new Big(MAX_LINE_AMOUNT);
export const LINE_AMOUNT_EXPECTED = `an amount between -${MAX_LINE_AMOUNT.slice(0, 13)} and ${MAX_LINE_AMOUNT.slice(0, 13)} (the most one line can hold)`;

/** Whether one line's amount fits the nano-unit integers SQLite sums (|amount| ≤ MAX_LINE_AMOUNT). */
export function lineAmountInRange(value: Decimal): boolean {
  const point = value.indexOf('.');
  const digits = (point < 0 ? value.length : point) - (value.startsWith('-') ? 1 : 0);
  if (digits < 10) return true;
  if (digits > 10) return false;
  return new Big(value).abs().lte(MAX_LINE_AMOUNT_BIG);
}

/** Canonical exact decimal string (no exponent, no trailing zeros) of a big.js value. */
export function canonicalDecimal(value: Big): Decimal {
  const text = value.toFixed();
  return text === '-0' ? '0' : text;
}

/**
 * The canonical form of a plain `-?digits(.digits)?` (as SIMPLE_DECIMAL, without a regex), or null. Most billing
 * amounts are canonical already: returned as they are, nothing allocated.
 */
function canonicalPlain(raw: string): Decimal | null {
  const n = raw.length;
  const negative = n > 0 && raw.charCodeAt(0) === 45;
  const wholeStart = negative ? 1 : 0;
  let i = wholeStart;
  while (i < n && (raw.charCodeAt(i) - 48) >>> 0 <= 9) i += 1;
  const wholeEnd = i;
  if (wholeEnd === wholeStart) return null;
  let end = n;
  if (i < n) {
    if (raw.charCodeAt(i) !== 46 || i === n - 1) return null;
    for (i += 1; i < n; i += 1) if ((raw.charCodeAt(i) - 48) >>> 0 > 9) return null;
    // Trailing zeros of the fraction, then the point itself if nothing is left after it.
    while (raw.charCodeAt(end - 1) === 48) end -= 1;
    if (end === wholeEnd + 1) end = wholeEnd;
  }
  let start = wholeStart;
  while (start < wholeEnd - 1 && raw.charCodeAt(start) === 48) start += 1;
  if (end === start + 1 && raw.charCodeAt(start) === 48) return '0';
  if (start === wholeStart && end === n) return raw;
  const body = raw.slice(start, end);
  return negative ? `-${body}` : body;
}

/**
 * Parses an amount exactly: E-notation (`4.0E-7`, `5e-06`), any number of decimals, thousands separators
 * (`1,000`, `1 000`, `1'000`), decimal commas (`0,5`), signs (`-`, `+`, trailing `-`, accounting parentheses) and a
 * leading currency symbol. Null tokens are not numbers: use {@link parseNullableDecimal} where null is allowed.
 */
export function parseDecimal(raw: string, options: DecimalOptions = {}): ParseResult<Decimal> {
  if (raw.length > MAX_DECIMAL_CHARS) return { ok: false, expected: `a decimal number of at most ${MAX_DECIMAL_CHARS} characters` };
  if (options.sign !== 'negate' && options.decimalSeparator !== ',') {
    const simple = canonicalPlain(raw);
    if (simple !== null) return { ok: true, value: simple };
  }
  const expected = 'a decimal number (e.g. 12.34, -0.5, 4.0E-7)';
  let t = stripBom(raw).trim();
  if (t === '') return { ok: false, expected };
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1).trim();
  }
  if (t.endsWith('-') && t.length > 1 && !/e-$/i.test(t)) {
    negative = !negative;
    t = t.slice(0, -1).trim();
  }
  let sign = '';
  if (t.startsWith('-') || t.startsWith('+')) {
    sign = t[0]!;
    t = t.slice(1).trim();
  }
  const withoutSymbol = t.replace(/^[$€£¥]|^(?:USD|EUR|GBP|NOK|CAD)\s+/i, '').trim();
  const hadSymbol = withoutSymbol !== t;
  t = withoutSymbol;
  if (hadSymbol && sign === '' && (t.startsWith('-') || t.startsWith('+'))) {
    sign = t[0]!;
    t = t.slice(1);
  }
  t = t.replace(/[\s\u00a0\u202f']/g, '');
  const separator = options.decimalSeparator ?? inferDecimalSeparator(t);
  if (separator === ',') {
    if (!/^(?:\d{1,3}(?:\.\d{3})+|\d*)(?:,\d*)?(?:e[+-]?\d+)?$/i.test(t)) return { ok: false, expected };
    t = t.replace(/\./g, '').replace(',', '.');
  } else {
    if (t.includes(',')) {
      if (!/^\d{1,3}(?:,\d{3})+(?:\.\d*)?(?:e[+-]?\d+)?$/i.test(t)) return { ok: false, expected };
      t = t.replace(/,/g, '');
    }
  }
  if (!PLAIN_DECIMAL.test(t)) return { ok: false, expected };
  const exponent = /e([+-]?\d+)$/i.exec(t);
  if (exponent && Math.abs(Number(exponent[1])) > MAX_DECIMAL_EXPONENT) {
    return { ok: false, expected: `a decimal number with an exponent between -${MAX_DECIMAL_EXPONENT} and ${MAX_DECIMAL_EXPONENT}` };
  }
  let value = new Big(t);
  if (sign === '-') value = value.neg();
  if (negative) value = value.neg();
  if (options.sign === 'negate') value = value.neg();
  return { ok: true, value: canonicalDecimal(value) };
}

function inferDecimalSeparator(t: string): '.' | ',' {
  const comma = t.lastIndexOf(',');
  if (comma < 0) return '.';
  const dot = t.lastIndexOf('.');
  if (dot >= 0) return comma > dot ? ',' : '.';
  // Only commas: "1,000" / "12,345,678" are thousands; "0,5", "1,25", "1234,5" are decimal commas.
  return /^\d{1,3}(?:,\d{3})+$/.test(t) ? '.' : ',';
}

export function parseNullableDecimal(raw: string | null | undefined, options: DecimalOptions = {}): ParseResult<Decimal | null> {
  if (isNullValue(raw)) return { ok: true, value: null };
  return parseDecimal(raw!, options);
}

export function addDecimals(a: Decimal, b: Decimal): Decimal {
  return canonicalDecimal(new Big(a).plus(b));
}
