/**
 * The kit every billing dialect's row mapper is built with (dialects/*.ts, dialect-line-mapper.ts): the header index, typed
 * getters, the per-row context that parses and records errors, and the blank spend line.
 */
import type { BillingDialect, Decimal, SpendLine } from './spend-line';
import { parseBillingDate, parseNullableDate, type DateFormat } from './billing-dates';
import { parseTags } from './billing-tags';
import { CURRENCY_EXPECTED, isIso4217Code } from './iso-4217';
import {
  LINE_AMOUNT_EXPECTED,
  lineAmountInRange,
  isNullValue,
  ownCopy,
  parseDecimal,
  parseNullableDecimal,
  stripBom,
  type DecimalOptions,
} from './values';

export interface RowError {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  /** Column name as the file writes it. */
  column: string;
  value: string;
  expected: string;
  message: string;
}

export interface RowOutcome {
  lines: SpendLine[];
  errors: RowError[];
  /** The file's own total/subtotal row: not a line item. */
  total?: boolean;
}

export interface RowMapper {
  dialect: BillingDialect;
  /** Indices of the header's columns the mapper reads (others may be left empty). */
  usedColumns?: number[];
  /** What the header says about the file (e.g. "FOCUS 1.0", "Azure EA actual/amortized"). */
  description: string;
  map(record: readonly string[], line: number): RowOutcome;
  /**
   * Where the fields a slice tests come from (issue 32: Parquet row groups skipped by their statistics): a header
   * index whose text the line gets as written (trimmed), `null` when no column feeds it (the field is null on every
   * line, or, for the date, every line is refused), a string when every line gets that text. Absent: not known, so
   * every row group is read.
   */
  sliceColumns?: SliceColumns;
}

export interface SliceColumns {
  billingAccountId: number | null;
  subAccountId: number | null;
  provider: number | string | null;
  chargePeriodStart: number | null;
}

/** Header name as compared: BOM stripped, trimmed, lower case; Azure's localized `Name (MeterCategory)` → `metercategory`. */
export function normalizeHeaderName(name: string): string {
  let t = stripBom(name)
    .replace(/\ufeff/g, '')
    .trim();
  const localized = /\(([A-Za-z][A-Za-z0-9_]*)\)\s*$/.exec(t);
  if (localized && !/^\(/.test(t)) t = localized[1]!;
  return t.toLowerCase();
}

/** Columns whose names are the same once compared (case, BOM and spaces aside): each group's indices, in order. */
export function duplicateColumns(raw: readonly string[]): Array<{ name: string; columns: number[] }> {
  const byName = new Map<string, number[]>();
  raw.forEach((r, i) => {
    const n = normalizeHeaderName(r);
    if (n !== '') byName.set(n, [...(byName.get(n) ?? []), i]);
  });
  return [...byName.values()].filter((c) => c.length > 1).map((columns) => ({ name: stripBom(raw[columns[0]!]!).trim(), columns }));
}

export class Header {
  readonly names: string[];
  private readonly index = new Map<string, number>();
  /** Column indices the mapper reads (a Parquet reader fetches only these). */
  readonly used = new Set<number>();
  constructor(readonly raw: readonly string[]) {
    this.names = raw.map(normalizeHeaderName);
    this.names.forEach((n, i) => {
      if (!this.index.has(n)) this.index.set(n, i);
    });
  }
  has(...names: string[]): boolean {
    return names.some((n) => this.index.has(n.toLowerCase()));
  }
  /** Index of the first alias present, or -1. */
  find(...names: string[]): number {
    for (const n of names) {
      const i = this.index.get(n.toLowerCase());
      if (i !== undefined) {
        this.used.add(i);
        return i;
      }
    }
    return -1;
  }
}

// ------------------------------------------------------------------------------------------------------ row mapping kit

export type Getter = (record: readonly string[]) => string | null;

export function getter(h: Header, ...names: string[]): Getter {
  const i = h.find(...names);
  if (i < 0) return () => null;
  return (record) => {
    const v = record[i];
    if (v === undefined) return null;
    const t = v.charCodeAt(0) === 0xfeff ? v.slice(1) : v;
    return isNullValue(t) ? null : t.trim();
  };
}

export class RowContext {
  readonly errors: RowError[] = [];
  constructor(
    readonly header: Header,
    readonly record: readonly string[],
    readonly line: number,
  ) {}
  private columnName(names: string[]): string {
    const i = this.header.find(...names);
    return i >= 0 ? stripBom(this.header.raw[i]!).trim() : names[0]!;
  }
  fail(names: string[], value: string | null, expected: string): void {
    const column = this.columnName(names);
    const i = this.header.find(...names);
    const missing = i >= 0 && i >= this.record.length;
    // Copies: the record's fields are slices of a large chunk of the file, and errors outlive the row.
    this.errors.push({
      line: this.line,
      column,
      value: ownCopy(value ?? ''),
      expected,
      message: ownCopy(
        missing
          ? `line ${this.line}: column ${column} is missing (the row has ${this.record.length} of ${this.header.raw.length} fields); expected ${expected}`
          : `line ${this.line}, column ${column}: "${(value ?? '').slice(0, 60)}" is not ${expected}`,
      ),
    });
  }
  cost(get: Getter, names: string[], options: DecimalOptions = {}): Decimal | null {
    const raw = get(this.record);
    if (raw === null) {
      this.fail(names, raw, 'an amount (an empty cost is not 0)');
      return null;
    }
    const parsed = parseDecimal(raw, options);
    if (!parsed.ok) {
      this.fail(names, raw, parsed.expected);
      return null;
    }
    if (!lineAmountInRange(parsed.value)) {
      this.fail(names, raw, LINE_AMOUNT_EXPECTED);
      return null;
    }
    return parsed.value;
  }
  /**
   * The row's currency: an ISO 4217 code (`usd` read as USD); `US$`, `dollars`, `ABCDEFGHIJ` or any other text is
   * refused with the line and column. An empty field, or a file without the column, states no currency ('' — the
   * totals say "currency not stated"); a row cut short before the column is refused — its amount would have none.
   */
  currency(get: Getter, names: string[]): string {
    const raw = get(this.record);
    if (raw === null) {
      if (this.header.find(...names) >= this.record.length) this.fail(names, raw, CURRENCY_EXPECTED);
      return '';
    }
    const code = raw.toUpperCase();
    if (isIso4217Code(code)) return code;
    this.fail(names, raw, CURRENCY_EXPECTED);
    return '';
  }
  optionalDecimal(get: Getter, names: string[], options: DecimalOptions = {}): Decimal | null {
    const parsed = parseNullableDecimal(get(this.record), options);
    if (!parsed.ok) {
      this.fail(names, get(this.record), parsed.expected);
      return null;
    }
    return parsed.value;
  }
  date(get: Getter, names: string[], format: DateFormat = 'auto'): string | null {
    const raw = get(this.record);
    if (raw === null) {
      this.fail(names, raw, 'a date');
      return null;
    }
    const parsed = parseBillingDate(raw, format);
    if (!parsed.ok) {
      this.fail(names, raw, parsed.expected);
      return null;
    }
    return parsed.value;
  }
  optionalDate(get: Getter, names: string[]): string | null {
    const raw = get(this.record);
    const parsed = parseNullableDate(raw);
    if (!parsed.ok) {
      this.fail(names, raw, parsed.expected);
      return null;
    }
    return parsed.value;
  }
  tags(get: Getter, names: string[]): Record<string, string> {
    const raw = get(this.record);
    const parsed = parseTags(raw);
    if (!parsed.ok) {
      this.fail(names, raw, parsed.expected);
      return {};
    }
    return parsed.value;
  }
}

export const TOTAL_LABEL = /^(?:grand\s+)?(?:sub)?totals?(?:\s+costs?)?(?:\s*\(.*\))?:?$|^service total$/i;

/** A row is the file's own sum when a label field says Total and it has no date of its own. */
export function isTotalRow(record: readonly string[], dateValue: string | null): boolean {
  if (dateValue !== null) return false;
  return record.some((v) => TOTAL_LABEL.test(v.trim()));
}

export function emptyLine(line: number): SpendLine {
  return {
    sourceLine: line,
    chargePeriodStart: '',
    chargePeriodEnd: null,
    billingPeriodStart: null,
    billingPeriodEnd: null,
    billedCost: '0',
    effectiveCost: null,
    currency: '',
    provider: null,
    service: null,
    sku: null,
    resourceId: null,
    resourceName: null,
    billingAccountId: null,
    subAccountId: null,
    region: null,
    chargeCategory: null,
    pricingCategory: null,
    instanceType: null,
    usageQuantity: null,
    usageUnit: null,
    tags: {},
  };
}

/** A getter per column key, each reading the first of the key's candidate header names the file has. */
export function gettersFor<K extends string>(h: Header, names: Record<K, string[]>): Record<K, Getter> {
  const entries = Object.entries<string[]>(names).map(([key, candidates]) => [key, getter(h, ...candidates)]);
  return Object.fromEntries(entries) as Record<K, Getter>;
}

/**
 * The opening of a row mapping: the row's context, an empty spend line with its charge period's start read, and
 * that start's raw text (`finish` tells a total row by it).
 */
export function beginLine(
  h: Header,
  record: readonly string[],
  lineNo: number,
  start: { get: Getter; names: string[]; format?: DateFormat },
): { ctx: RowContext; line: SpendLine; dateRaw: string | null } {
  const ctx = new RowContext(h, record, lineNo);
  const line = emptyLine(lineNo);
  const dateRaw = start.get(record);
  line.chargePeriodStart = ctx.date(start.get, start.names, start.format) ?? '';
  return { ctx, line, dateRaw };
}

/** The `errors` of every row without any: shared, so frozen. */
export const NO_ERRORS = Object.freeze([]) as unknown as RowError[];

/** ISO 4217 codes are upper case: `usd` and `USD` are one currency (never two totals). */
function normalizeCurrency(line: SpendLine): void {
  if (/^[a-z]{3}$/i.test(line.currency)) line.currency = line.currency.toUpperCase();
}

export function finish(ctx: RowContext, line: SpendLine, dateRaw: string | null): RowOutcome {
  normalizeCurrency(line);
  if (ctx.errors.length > 0) {
    if (isTotalRow(ctx.record, dateRaw)) return { lines: [], errors: NO_ERRORS, total: true };
    return { lines: [], errors: ctx.errors };
  }
  return { lines: [line], errors: NO_ERRORS };
}

export class MappingError extends Error {
  constructor(
    message: string,
    readonly column: string,
  ) {
    super(message);
    this.name = 'MappingError';
  }
}
