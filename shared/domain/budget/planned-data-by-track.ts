/**
 * The plan's storage and data transfer by track, for the budget's track rows: an item stated for a track adds to that
 * track's planned figure; an item for the whole project (or for a track the plan no longer has) goes to the
 * project-wide row, so the rows add up to the project's planned total (GPU + storage + transfer).
 */
import Big from 'big.js';
import { monthOfWeek } from '../plan/weeks';
import type { DataCostTotals } from '../data-costs/weekly';

/** Items stated for the whole project: planned storage + transfer in all and by month (exact). */
export interface ProjectWideData {
  total: Big;
  byMonth: Map<string, Big>;
}

/** The key of a track's sum over a period (an ISO week or a month) in the overview's maps. */
export const periodKey = (trackId: string, period: string) => `${trackId}|${period}`;

export function bump(map: Map<string, Big>, k: string, v: Big): void {
  map.set(k, (map.get(k) ?? new Big(0)).plus(v));
}

/**
 * Adds each track's planned storage and transfer to its week and month sums (`periodKey`); returns what belongs to the
 * whole project (items without a track, or for a track the plan no longer has).
 */
export function addPlannedData(
  dataCosts: DataCostTotals | undefined,
  trackIds: ReadonlySet<string>,
  byTrackWeek: Map<string, Big>,
  byTrackMonth: Map<string, Big>,
): ProjectWideData {
  const projectWide: ProjectWideData = { total: new Big(0), byMonth: new Map() };
  for (const [week, w] of Object.entries(dataCosts?.weeks ?? {}))
    for (const [trackId, exact] of Object.entries(w.byTrackExact)) {
      const v = new Big(exact);
      if (trackIds.has(trackId)) {
        bump(byTrackWeek, periodKey(trackId, week), v);
        bump(byTrackMonth, periodKey(trackId, monthOfWeek(week)), v);
      } else {
        projectWide.total = projectWide.total.plus(v);
        bump(projectWide.byMonth, monthOfWeek(week), v);
      }
    }
  return projectWide;
}

/**
 * Cents for amounts that add up to `total` (largest remainder): the cents the rounded amounts miss go to the largest
 * remainders, the cents they overshoot come off the smallest, so a table's rows add up to its total row.
 */
export function centsAddingUp(amounts: readonly Big[], total: string): string[] {
  if (amounts.length === 0) return [];
  const floors = amounts.map((x) => Number(x.times(100).round(0, Big.roundDown).toFixed(0)));
  const rest = amounts.map((x, i) => x.times(100).minus(floors[i]!));
  let left = Number(new Big(total).times(100).round(0, Big.roundHalfUp).toFixed(0)) - floors.reduce((s, f) => s + f, 0);
  const byRest = amounts.map((_, i) => i).sort((a, b) => rest[b]!.cmp(rest[a]!) || a - b);
  for (let k = 0; left !== 0; k += 1) {
    const i = left > 0 ? byRest[k % byRest.length]! : byRest[byRest.length - 1 - (k % byRest.length)]!;
    floors[i] = floors[i]! + Math.sign(left);
    left -= Math.sign(left);
  }
  return floors.map((f) => (f / 100).toFixed(2));
}

/**
 * Makes the "By track and month" rows add up: each track's planned figure and month cells, and the project-wide
 * storage row, in cents that sum to the project's planned total and to each month's planned figure.
 */
export function addUpTrackRows(
  tracks: Array<{ trackId: string; planned: string; months: Record<string, { planned: string }> }>,
  byTrackMonth: ReadonlyMap<string, Big>,
  projectWide: ProjectWideData,
  months: ReadonlyArray<{ month: string; planned: string }>,
  total: string,
): { planned: string; months: Record<string, string> } | null {
  const cell = (trackId: string, month: string) => byTrackMonth.get(periodKey(trackId, month)) ?? new Big(0);
  const wide = (month: string) => projectWide.byMonth.get(month) ?? new Big(0);
  const hasWide = !projectWide.total.eq(0);
  const rowExacts = tracks.map((t) => months.reduce((s, m) => s.plus(cell(t.trackId, m.month)), new Big(0)));
  const rows = centsAddingUp(hasWide ? [...rowExacts, projectWide.total] : rowExacts, total);
  tracks.forEach((t, i) => (t.planned = rows[i]!));
  const wideMonths: Record<string, string> = {};
  for (const m of months) {
    const cells = centsAddingUp([...tracks.map((t) => cell(t.trackId, m.month)), ...(hasWide ? [wide(m.month)] : [])], m.planned);
    tracks.forEach((t, i) => ((t.months[m.month] ??= { planned: '0.00' }).planned = cells[i]!));
    if (hasWide) wideMonths[m.month] = cells[tracks.length]!;
  }
  return hasWide ? { planned: rows[tracks.length]!, months: wideMonths } : null;
}
