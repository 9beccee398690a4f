/** Ranking of (offering, price kind) rows: Pareto front of time against cost, deadline and budget questions. */
import { addHours, parseISO } from 'date-fns';

export interface RankableRow {
  key: string;
  hours: number;
  usd: number;
  fits: boolean;
}

export function rowKey(offeringId: string, priceKind: string): string {
  return `${offeringId}|${priceKind}`;
}

/** Rows no other row beats on both time and cost (ties kept); rows that do not fit are never on the front. */
export function paretoFront<R extends RankableRow>(rows: R[]): Set<string> {
  const candidates = rows
    .filter((r) => r.fits && Number.isFinite(r.hours) && Number.isFinite(r.usd))
    .sort((a, b) => a.hours - b.hours || a.usd - b.usd);
  const front = new Set<string>();
  let bestUsd = Infinity;
  for (const r of candidates) {
    if (r.usd < bestUsd) {
      front.add(r.key);
      bestUsd = r.usd;
    }
  }
  return front;
}

/** Sorted by cost, then time. */
export function rankByCost<R extends RankableRow>(rows: R[]): R[] {
  return [...rows].sort((a, b) => Number(b.fits) - Number(a.fits) || a.usd - b.usd || a.hours - b.hours);
}

/** Calendar finish of a run started at `start` (ISO) with `hoursPerDay` of GPU time a day. */
export function finishDate(start: string, hours: number, hoursPerDay: number): string {
  const days = hours / Math.max(0.1, Math.min(24, hoursPerDay));
  return addHours(parseISO(start), days * 24).toISOString();
}

/** The cheapest row that finishes by `deadline` (YYYY-MM-DD, end of day UTC), or null. */
export function cheapestFinishingBy<R extends RankableRow>(rows: R[], start: string, deadline: string, hoursPerDay: number): R | null {
  const limit = parseISO(`${deadline}T23:59:59Z`).getTime();
  const ok = rows.filter((r) => r.fits && parseISO(finishDate(start, r.hours, hoursPerDay)).getTime() <= limit);
  return rankByCost(ok)[0] ?? null;
}

/** The fastest row whose cost is at most `usd`, or null. */
export function fastestUnder<R extends RankableRow>(rows: R[], usd: number): R | null {
  const ok = rows.filter((r) => r.fits && r.usd <= usd).sort((a, b) => a.hours - b.hours || a.usd - b.usd);
  return ok[0] ?? null;
}

/** A number typed in an answer field, or the words saying what is wrong with it (never NaN, never clamped). */
export type TypedNumber = { ok: true; value: number } | { ok: false; message: string };

function typedNumber(text: string, what: string, min: number, max: number, example: string): TypedNumber {
  const t = text.trim();
  if (t === '') return { ok: false, message: `Enter ${what}.` };
  const n = /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(n)) return { ok: false, message: `${what[0]!.toUpperCase()}${what.slice(1)} is a number, such as ${example}.` };
  if (n < min)
    return {
      ok: false,
      message:
        min > 0 ? `Enter more than 0 for ${what}; it cannot be 0 or negative.` : `Enter 0 or more for ${what}; it cannot be negative.`,
    };
  if (n > max) return { ok: false, message: `Enter at most ${max} for ${what}.` };
  return { ok: true, value: n };
}

/** GPU hours a day: above 0, at most 24. */
export const parseHoursPerDay = (text: string) => typedNumber(text, 'the GPU hours per day', 0.1, 24, '8 or 24');
/** A budget in USD: 0 or more. */
export const parseBudgetUsd = (text: string) => typedNumber(text, 'a budget in USD', 0, 1e12, '500');
