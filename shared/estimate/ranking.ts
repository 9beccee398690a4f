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
