/**
 * Pure value parsers for billing exports: exact decimals (big.js, never floats), null tokens, the date forms of
 * FORMATS.md and tag columns (JSON, brace-less Azure EA JSON, GCP key/value lists in JSON or Python repr).
 */
import { MAX_YEAR, MIN_YEAR } from '../field-bounds';
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

const SIMPLE_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

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

// ---------------------------------------------------------------------------------------------------------------- dates

export type DateFormat = 'auto' | 'YYYY-MM-DD' | 'MM/DD/YYYY' | 'DD/MM/YYYY' | 'DD.MM.YYYY' | 'YYYYMMDD';
export const DATE_FORMATS: readonly DateFormat[] = ['auto', 'YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function isoFromParts(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, offsetMinutes = 0): string | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 60 || !Number.isFinite(offsetMinutes)) return null;
  if (y < MIN_YEAR || y > MAX_YEAR) return null;
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - offsetMinutes * 60_000;
  const t = new Date(ms);
  if (Number.isNaN(t.getTime())) return null;
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}T${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}Z`;
}

const TIME = String.raw`(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?`;
const ISO_RE = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})${TIME}$`, 'i');
const SLASH_RE = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})${TIME}(?:\s*([AP]M))?$`, 'i');
const DOT_RE = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})${TIME}$`, 'i');
const COMPACT_RE = /^(\d{4})(\d{2})(\d{2})$/;

function offsetOf(zone: string | undefined): number {
  if (!zone || /^(z|utc)$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  // Real offsets run from -12:00 to +14:00; `+99:99` is no time zone.
  if (Number(m[2]) > 14 || Number(m[3]) > 59) return NaN;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * Parses a billing date or timestamp into an ISO UTC timestamp (`YYYY-MM-DDTHH:mm:ssZ`). Zoneless values are UTC.
 * Forms: `2024-09-18`, `2024-09-18 22:00:00`, `2023-06-01T00:00:00Z`, `…+00:00`, `…T00:00:00.000Z`, `09/21/2023`,
 * `3/1/21` (US month/day; two-digit years are 20yy), `18.09.2024`, `20240918`; `dateFormat` forces day/month order.
 */
const dateCache = new Map<string, ParseResult<string>>();

export function parseBillingDate(raw: string, dateFormat: DateFormat = 'auto'): ParseResult<string> {
  // Billing files repeat the same few hundred timestamps: memoize (bounded).
  const key = dateFormat === 'auto' ? raw : `${dateFormat}|${raw}`;
  const cached = dateCache.get(key);
  if (cached) return cached;
  const result = parseBillingDateUncached(raw, dateFormat);
  if (dateCache.size >= 20_000) dateCache.clear();
  dateCache.set(ownCopy(key), result);
  return result;
}

function parseBillingDateUncached(raw: string, dateFormat: DateFormat): ParseResult<string> {
  const inRange = `between ${MIN_YEAR} and ${MAX_YEAR}, with a time zone offset of at most ±14:00`;
  const expected =
    dateFormat === 'auto'
      ? `a date such as 2024-09-18, 2024-09-18T22:00:00Z or 09/21/2023, ${inRange}`
      : `a date as ${dateFormat}, ${inRange}`;
  const t = stripBom(raw).trim();
  let m: RegExpExecArray | null;
  let iso: string | null = null;
  if ((dateFormat === 'auto' || dateFormat === 'YYYY-MM-DD') && (m = ISO_RE.exec(t))) {
    iso = isoFromParts(+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), offsetOf(m[7]));
  } else if ((dateFormat === 'auto' || dateFormat === 'MM/DD/YYYY' || dateFormat === 'DD/MM/YYYY') && (m = SLASH_RE.exec(t))) {
    const year = m[3]!.length === 2 ? 2000 + +m[3]! : +m[3]!;
    const [month, day] = dateFormat === 'DD/MM/YYYY' ? [+m[2]!, +m[1]!] : [+m[1]!, +m[2]!];
    let hour = +(m[4] ?? 0);
    const ampm = m[8]?.toUpperCase();
    if (ampm === 'PM' && hour < 12) hour += 12;
    if (ampm === 'AM' && hour === 12) hour = 0;
    iso = isoFromParts(year, month, day, hour, +(m[5] ?? 0), +(m[6] ?? 0), offsetOf(m[7]));
  } else if ((dateFormat === 'auto' || dateFormat === 'DD.MM.YYYY') && (m = DOT_RE.exec(t))) {
    iso = isoFromParts(+m[3]!, +m[2]!, +m[1]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), offsetOf(m[7]));
  } else if ((dateFormat === 'auto' || dateFormat === 'YYYYMMDD') && (m = COMPACT_RE.exec(t))) {
    iso = isoFromParts(+m[1]!, +m[2]!, +m[3]!);
  }
  return iso ? { ok: true, value: iso } : { ok: false, expected };
}

export function parseNullableDate(raw: string | null | undefined, dateFormat: DateFormat = 'auto'): ParseResult<string | null> {
  if (isNullValue(raw)) return { ok: true, value: null };
  return parseBillingDate(raw!, dateFormat);
}

/** Adds whole days to an ISO timestamp (Azure's inclusive BillingPeriodEndDate → exclusive end). */
export function addDaysIso(iso: string, days: number): string {
  const d = new Date(Date.parse(iso) + days * 86_400_000);
  return `${d.toISOString().slice(0, 19)}Z`;
}

// ----------------------------------------------------------------------------------------------------------------- tags

function stringify(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);
}

function keyValueList(list: unknown[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const item of list) {
    if (typeof item !== 'object' || item === null || !('key' in item)) return null;
    out[String((item as { key: unknown }).key).trim()] = stringify((item as { value?: unknown }).value);
  }
  return out;
}

const PY_STRING = String.raw`'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"`;
const PY_PAIR = new RegExp(
  String.raw`\{\s*(?:'key'|"key")\s*:\s*(?:${PY_STRING})\s*,\s*(?:'value'|"value")\s*:\s*(?:${PY_STRING}|None|null)\s*\}`,
  'g',
);

/**
 * Parses a tags column: a JSON object (FOCUS, Azure), the brace-less JSON of Azure EA (`"k": "v","k2": "v2"`), or a
 * key/value list (`[{"key": "env", "value": "dev"}]`, GCP's Python repr `[{'key': 'env', 'value': 'dev'}]`). Keys are
 * trimmed (`" org"` → `org`); values become strings.
 */
const tagCache = new Map<string, ParseResult<Record<string, string>>>();

/** Parsed tags are shared between lines with the same raw text: treat them as read-only. */
export function parseTags(raw: string | null | undefined): ParseResult<Record<string, string>> {
  if (raw === null || raw === undefined) return { ok: true, value: {} };
  const cached = tagCache.get(raw);
  if (cached) return cached;
  const result = parseTagsUncached(raw);
  if (tagCache.size >= 5_000) tagCache.clear();
  tagCache.set(ownCopy(raw), result);
  if (result.ok) tagJson.set(result.value, JSON.stringify(result.value));
  return result;
}

/** The JSON text of parsed tags, written once per distinct tags text (see parseTags). */
const tagJson = new WeakMap<Record<string, string>, string>();

/** `JSON.stringify(tags)`, from a cache for tags that parseTags returned. */
export function tagsToJson(tags: Record<string, string>): string {
  return tagJson.get(tags) ?? JSON.stringify(tags);
}

function parseTagsUncached(raw: string | null | undefined): ParseResult<Record<string, string>> {
  const expected = 'tags as JSON ({"key": "value"}), brace-less JSON or a [{key, value}] list';
  if (isNullValue(raw)) return { ok: true, value: {} };
  const t = stripBom(raw!).trim();
  if (t === '{}' || t === '[]') return { ok: true, value: {} };
  const candidates = t.startsWith('{') || t.startsWith('[') ? [t] : [`{${t}}`];
  for (const text of candidates) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) {
        const list = keyValueList(parsed);
        if (list) return { ok: true, value: list };
      } else if (typeof parsed === 'object' && parsed !== null) {
        return { ok: true, value: Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k.trim(), stringify(v)])) };
      }
    } catch {
      // fall through to the Python-repr reading
    }
  }
  if (t.startsWith('[')) {
    const out: Record<string, string> = {};
    let matched = 0;
    for (const m of t.matchAll(PY_PAIR)) {
      matched += 1;
      const key = (m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1').trim();
      out[key] = (m[3] ?? m[4] ?? '').replace(/\\(.)/g, '$1');
    }
    if (matched > 0) return { ok: true, value: out };
  }
  return { ok: false, expected };
}

/** GCP `credits` column: the sum of its `amount`s (negative), from JSON or Python repr; null/[] → 0. */
export function sumGcpCredits(raw: string | null | undefined): ParseResult<Decimal> {
  if (isNullValue(raw)) return { ok: true, value: '0' };
  let total = new Big(0);
  for (const m of raw!.matchAll(/['"]amount['"]\s*:\s*([^,}\s]+)/g)) {
    const parsed = parseDecimal(m[1]!.replace(/^['"]|['"]$/g, ''), { decimalSeparator: '.' });
    if (!parsed.ok) return { ok: false, expected: 'credits as a list of {amount: number}' };
    total = total.plus(parsed.value);
  }
  return { ok: true, value: canonicalDecimal(total) };
}
