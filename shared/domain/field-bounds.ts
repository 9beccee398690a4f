/**
 * Bounds every form and request field shares, so a value no plan can hold (a budget of "1e999", week 9999-W01, a price
 * of 1e308) is refused at its field with words saying what is expected, before any service sees it.
 */
import { z } from 'zod';

/** Plans, prices and bills are dated within this range of years. */
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;
/** The largest amount of money a field accepts, in the field's currency (a trillion). */
export const MAX_AMOUNT = 1e12;
const MAX_AMOUNT_TEXT = '1,000,000,000,000';

const yearInRange = (year: number) => year >= MIN_YEAR && year <= MAX_YEAR;

/** `YYYY-MM-DD`, a real calendar day, in 2000–2100. */
export function isPlausibleDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m || !yearInRange(Number(m[1]))) return false;
  const t = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(value);
}

/** `YYYY-Www`, week 01–53 (53 only in long years), in 2000–2100. */
export function isPlausibleWeek(value: string): boolean {
  const m = /^(\d{4})-W(\d{2})$/.exec(value);
  if (!m || !yearInRange(Number(m[1]))) return false;
  const week = Number(m[2]);
  if (week < 1 || week > 53) return false;
  if (week < 53) return true;
  // A year has 53 ISO weeks when 1 January is a Thursday, or a Wednesday in a leap year.
  const year = Number(m[1]);
  const jan1 = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return jan1 === 4 || (leap && jan1 === 3);
}

export const plausibleDay = z
  .string()
  .refine(isPlausibleDay, `a date as YYYY-MM-DD between ${MIN_YEAR}-01-01 and ${MAX_YEAR}-12-31, such as 2025-12-15`);

export const plausibleWeek = z
  .string()
  .refine(isPlausibleWeek, `an ISO week between ${MIN_YEAR}-W01 and ${MAX_YEAR}-W52, such as 2025-W51`);

const plainDecimal = /^\d{1,40}(\.\d{1,12})?$/;
/** Digits grouped by thousands with commas, spaces or thin spaces: "3,000", "1 234 567.50". */
const groupedDecimal = /^\d{1,3}(?:([,\u00a0\u202f ])\d{3})(?:\1\d{3})*(\.\d{1,12})?$/;

/**
 * An amount as a lead types it, written plain: "3,000" → "3000", " 1 234.50 " → "1234.50". Only well-formed
 * thousands groups are read (every group three digits, one separator); anything else is returned trimmed, for
 * the check to refuse with its message ("3,5" is not read as 3.5 nor as 35).
 */
export function plainAmount(text: string): string {
  const t = text.trim();
  return groupedDecimal.test(t) ? t.replace(/[,\u00a0\u202f ]/g, '') : t;
}

/** A plain decimal amount of 0 or more (no exponent), up to a trillion: `615`, `615.50`, also typed `3,000`. */
export const amountText = z
  .string()
  .transform(plainAmount)
  .refine((s) => plainDecimal.test(s), 'an amount of 0 or more written with digits, such as 615, 3,000 or 615.50')
  .refine((s) => !plainDecimal.test(s) || Number(s) <= MAX_AMOUNT, `an amount of at most ${MAX_AMOUNT_TEXT}`);

/** A number amount (prices): finite, 0 or more, up to a trillion. */
export const amountNumber = z
  .number({ error: 'an amount written with digits, such as 2.49' })
  .finite('an amount written with digits, such as 2.49')
  .nonnegative('an amount of 0 or more')
  .max(MAX_AMOUNT, `an amount of at most ${MAX_AMOUNT_TEXT}`);
