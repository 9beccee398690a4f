/**
 * The date forms of billing exports (FORMATS.md): ISO dates and timestamps with or without a zone, US and European
 * day/month orders, compact `YYYYMMDD`; all read into ISO UTC timestamps within the years the app accepts.
 */
import { MAX_YEAR, MIN_YEAR } from '../field-bounds';
import { isNullValue, ownCopy, stripBom, type ParseResult } from './values';

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
 * `3/1/21` (US month/day; a two-digit year, see {@link twoDigitYear}), `18.09.2024`, `20240918`; `dateFormat` forces
 * day/month order.
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

/**
 * A two-digit year (Excel's `m/d/yy`, as in Azure's EnterpriseCamel export `3/1/21`), by one rule: `yy` is 20yy when
 * that year is no later than next year (a billing period may end in January); anything later — `1/1/99`, which would
 * be 2099 — is refused, never guessed (19yy lies before any cloud bill the app reads, 2000). `thisYear` is the year
 * of the import (UTC).
 */
export function twoDigitYear(yy: number, thisYear: number): number | null {
  const year = 2000 + yy;
  return year <= thisYear + 1 ? year : null;
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
    const thisYear = new Date().getUTCFullYear();
    const year = m[3]!.length === 2 ? twoDigitYear(+m[3]!, thisYear) : +m[3]!;
    if (year === null)
      return {
        ok: false,
        expected: `a date with a four-digit year: "${m[3]}" as a two-digit year would be 20${m[3]}, after ${thisYear + 1} (write the year in full, e.g. 19${m[3]} or 20${m[3]})`,
      };
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
