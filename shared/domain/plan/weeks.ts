/**
 * ISO weeks (Monday start) with date-fns: keys `2025-W51`, ranges, month grouping for the zoomed-out timeline.
 * Dates are plain ISO days (`YYYY-MM-DD`), handled as calendar days whatever the time zone.
 */
import {
  addDays,
  addWeeks,
  differenceInCalendarDays,
  format,
  getISOWeek,
  getISOWeekYear,
  isValid,
  parseISO,
  startOfISOWeek,
  startOfISOWeekYear,
} from 'date-fns';

const WEEK_KEY = /^(\d{4})-W(\d{2})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = parseISO(value);
  return isValid(d) && format(d, 'yyyy-MM-dd') === value;
}

export function parseDay(day: string): Date {
  return parseISO(day);
}

export function formatDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** The ISO week key of a day: `2025-12-21` → `2025-W51`. */
export function weekOf(day: string | Date): string {
  const d = typeof day === 'string' ? parseISO(day) : day;
  return `${getISOWeekYear(d)}-W${String(getISOWeek(d)).padStart(2, '0')}`;
}

export function isWeekKey(value: string): boolean {
  const m = WEEK_KEY.exec(value);
  if (!m) return false;
  const week = Number(m[2]);
  if (week < 1 || week > 53) return false;
  return weekOf(weekStartDate(value)) === value;
}

function weekStartDate(week: string): Date {
  const m = WEEK_KEY.exec(week);
  if (!m) throw new Error(`Not an ISO week key: ${week}`);
  const yearStart = startOfISOWeekYear(new Date(Number(m[1]), 0, 4));
  return addWeeks(yearStart, Number(m[2]) - 1);
}

/** Monday of the week, `YYYY-MM-DD`. */
export function weekStart(week: string): string {
  return formatDay(weekStartDate(week));
}

/** Sunday of the week, `YYYY-MM-DD`. */
export function weekEnd(week: string): string {
  return formatDay(addDays(weekStartDate(week), 6));
}

export function addWeeksToKey(week: string, n: number): string {
  return weekOf(addWeeks(weekStartDate(week), n));
}

/** Whole weeks from a to b (b − a). */
export function weeksBetween(a: string, b: string): number {
  return Math.round(differenceInCalendarDays(weekStartDate(b), weekStartDate(a)) / 7);
}

/** Every week key from the week of `start` to the week of `end`, inclusive. */
export function weeksInRange(start: string, end: string): string[] {
  const first = startOfISOWeek(parseISO(start));
  const last = startOfISOWeek(parseISO(end));
  const out: string[] = [];
  for (let d = first; d <= last; d = addWeeks(d, 1)) out.push(weekOf(d));
  return out;
}

/** Days of [start, end] (inclusive) that fall in the week. */
export function daysInWeek(week: string, start: string, end: string): number {
  const ws = weekStartDate(week);
  const we = addDays(ws, 6);
  const s = parseISO(start);
  const e = parseISO(end);
  const from = s > ws ? s : ws;
  const to = e < we ? e : we;
  const n = differenceInCalendarDays(to, from) + 1;
  return n > 0 ? n : 0;
}

/** Inclusive day count of a date range. */
export function daysInclusive(start: string, end: string): number {
  return differenceInCalendarDays(parseISO(end), parseISO(start)) + 1;
}

/** Month a week belongs to for the month zoom: the month of its Thursday (so each week is in exactly one month, like ISO years). */
export function monthOfWeek(week: string): string {
  return format(addDays(weekStartDate(week), 3), 'yyyy-MM');
}

/** The month rule in words, where month totals are shown (Budget screen, PDF): one rule for the screen, PDF and CSV. */
export const PROJECT_MONTH_RULE =
  "a week's planned cost counts in the month holding most of its days within the project's dates (a whole week: the month of its Thursday, as ISO weeks); spend counts on its own day";

/**
 * Month a week's costs count in for a project (issue 28 item 9): the month holding most of the week's days within the
 * project's dates. A whole week is the month of its Thursday (the ISO rule, monthOfWeek); the week of a project that
 * starts on Sunday 1 September 2024 (Monday 26 August to Sunday 1 September, Thursday in August) counts in September,
 * the only month of its days in the project. A tie goes to the earlier month; a week outside the dates is monthOfWeek.
 */
export function projectMonthOfWeek(week: string, projectStart: string, projectEnd: string): string {
  const first = weekStartDate(week);
  const days = new Map<string, number>();
  for (let d = 0; d < 7; d++) {
    const day = addDays(first, d);
    const iso = format(day, 'yyyy-MM-dd');
    if (iso < projectStart || iso > projectEnd) continue;
    const month = iso.slice(0, 7);
    days.set(month, (days.get(month) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [month, n] of days) if (best === null || n > days.get(best)!) best = month;
  return best ?? monthOfWeek(week);
}

export interface MonthGroup {
  month: string;
  label: string;
  weeks: string[];
}

export function groupWeeksByMonth(weeks: string[]): MonthGroup[] {
  const groups: MonthGroup[] = [];
  for (const week of weeks) {
    const month = monthOfWeek(week);
    const last = groups[groups.length - 1];
    if (last && last.month === month) last.weeks.push(week);
    else groups.push({ month, label: format(parseISO(`${month}-01`), 'MMM yyyy'), weeks: [week] });
  }
  return groups;
}

/** Short label of a week for column headers: `W51 · 15 Dec`. */
export function weekLabel(week: string): string {
  return `W${week.slice(6)} · ${format(weekStartDate(week), 'd MMM')}`;
}

/** Number of hours in one ISO week: the most one GPU can run in it. */
export const HOURS_PER_WEEK = 168;
