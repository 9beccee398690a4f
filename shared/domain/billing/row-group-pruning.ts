/**
 * Which Parquet row groups a slice excludes from their column statistics alone (issue 32 item 3): a group is skipped
 * undecoded only when no line of it can pass the filter, whatever the values between its bounds; anything the bounds
 * do not settle (statistics absent, flagged inexact or truncated, a type or text the test cannot order, leading blanks
 * a trim would remove) reads the group. Pure: the reader turns a column chunk's statistics into `ColumnBounds`.
 */
import { globMatches } from '../budget/glob';
import { isEmptyFilter, type FilterKind, type ImportFilter } from './import-filter';

/** What a row group's statistics say of the column a line field is copied from. */
export type ColumnBounds =
  /** Nothing usable: the group is read. */
  | { kind: 'unknown' }
  /** No value: the file has no such column, or every value of the group is null (the field is null on every line). */
  | { kind: 'none' }
  /** The same text on every line whatever the file holds (CUR's provider, AWS). */
  | { kind: 'constant'; value: string }
  /** Exact bounds of the text, in UTF-8 byte order (Parquet's unsigned order for strings). */
  | { kind: 'text'; min: string; max: string }
  /** The UTC days (YYYY-MM-DD) every line's charge period starts within, inclusive. */
  | { kind: 'days'; min: string; max: string };

/** The bounds of each field the slice tests (accounts: either id may match), for one row group. */
export interface GroupBounds {
  billingAccountId: ColumnBounds;
  subAccountId: ColumnBounds;
  provider: ColumnBounds;
  chargePeriodStart: ColumnBounds;
}

/** Characters of a pattern's literal prefix whose case variants are known: printable ASCII but `i` and `k` (İ, K). */
const SAFE_PREFIX_CHAR = /^[\x21-\x7e]$/;
const MAX_CASE_LETTERS = 8;

/** The literal start of a normalised glob (lower case, before its first `*` or `?`), cut where case folding is unsure. */
function literalPrefix(pattern: string): string {
  const p = pattern.trim().toLowerCase();
  let out = '';
  let letters = 0;
  for (const ch of p) {
    if (ch === '*' || ch === '?' || ch === 'i' || ch === 'k' || !SAFE_PREFIX_CHAR.test(ch)) break;
    if (ch >= 'a' && ch <= 'z') {
      if (letters === MAX_CASE_LETTERS) break;
      letters += 1;
    }
    out += ch;
  }
  return out;
}

/** Every spelling of an ASCII prefix a case-insensitive match accepts (`ab` → ab, aB, Ab, AB). */
function caseVariants(prefix: string): string[] {
  let out = [''];
  for (const ch of prefix) {
    const upper = ch.toUpperCase();
    out = upper === ch ? out.map((s) => s + ch) : out.flatMap((s) => [s + ch, s + upper]);
  }
  return out;
}

/**
 * Whether a text starting with `prefix` (ASCII) can lie in [min, max]. With an ASCII prefix, JavaScript's comparison
 * agrees with UTF-8 byte order: the first position that differs holds an ASCII character on the prefix's side.
 */
function prefixMeetsRange(prefix: string, min: string, max: string): boolean {
  if (max < prefix && !max.startsWith(prefix)) return false;
  return min.startsWith(prefix) || min < prefix;
}

/** Whether some value the bounds allow can match the glob (true whenever the bounds cannot tell). */
export function textMayMatch(pattern: string, bounds: ColumnBounds): boolean {
  switch (bounds.kind) {
    case 'none':
      return false; // a null field matches no pattern
    case 'constant':
      return globMatches(pattern, bounds.value);
    case 'text': {
      const { min, max } = bounds;
      // Leading blanks, a BOM or non-ASCII first characters: the value the line gets (trimmed) is not ordered by them.
      const first = min.charCodeAt(0);
      const last = max.charCodeAt(0);
      if (!(first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f)) return true;
      const prefix = literalPrefix(pattern);
      if (prefix === '') return true;
      return caseVariants(prefix).some((variant) => prefixMeetsRange(variant, min, max));
    }
    default:
      return true;
  }
}

/**
 * The filter whose statistics exclude the whole group — in the order `filterRejects` counts a line (account, tag,
 * provider, date), tags never (they live in maps and JSON) — or null when the group must be read.
 */
export function groupExcludedBy(filter: ImportFilter | null | undefined, bounds: GroupBounds): FilterKind | null {
  if (!filter || isEmptyFilter(filter)) return null;
  if (
    filter.accounts.length > 0 &&
    !filter.accounts.some((a) => textMayMatch(a, bounds.billingAccountId) || textMayMatch(a, bounds.subAccountId))
  )
    return 'account';
  if (filter.providers.length > 0 && !filter.providers.some((p) => textMayMatch(p, bounds.provider))) return 'provider';
  if ((filter.from || filter.to) && bounds.chargePeriodStart.kind === 'days') {
    const { min, max } = bounds.chargePeriodStart;
    if ((filter.from && max < filter.from) || (filter.to && min > filter.to)) return 'date';
  }
  return null;
}

/** The day before or after an ISO day (YYYY-MM-DD). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * The days of a text date column's bounds, or unknown. Both bounds must start YYYY-MM-DD with the same first two
 * characters: then every text between them does too, and a date the reader parses there is ISO (a `m/d/yyyy` text
 * sorts below them). A day written with an offset (`…T23:00:00-05:00`) may be the next or the previous day in UTC:
 * one day of margin each side.
 */
export function daysOfTextBounds(min: string, max: string): ColumnBounds {
  if (!ISO_DAY.test(min) || !ISO_DAY.test(max) || min.slice(0, 2) !== max.slice(0, 2)) return { kind: 'unknown' };
  const lo = min.slice(0, 10);
  const hi = max.slice(0, 10);
  if (Number.isNaN(Date.parse(`${lo}T00:00:00Z`)) || Number.isNaN(Date.parse(`${hi}T00:00:00Z`))) return { kind: 'unknown' };
  return { kind: 'days', min: shiftDay(lo, -1), max: shiftDay(hi, 1) };
}

/** What a reader found: groups and lines skipped undecoded, counted under the filter that excluded them. */
export interface RowGroupsSkipped {
  groups: number;
  rows: number;
  skipped: Record<FilterKind, number>;
}
