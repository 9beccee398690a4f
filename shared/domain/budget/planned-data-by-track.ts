/**
 * The plan's storage and data transfer by track, for the budget's track rows: an item stated for a track adds to that
 * track's planned figure; an item for the whole project (or for a track the plan no longer has) goes to the
 * project-wide row, so the rows add up to the project's planned total (GPU + storage + transfer).
 */
import Big from 'big.js';
import { apportionCents, shownCents } from '../apportion';
import { monthOfWeek } from '../plan/weeks';
import type { DataCostTotals } from '../data-costs/weekly';

/** Items stated for the whole project: planned storage + transfer in all, by month and by week (exact). */
export interface ProjectWideData {
  total: Big;
  byMonth: Map<string, Big>;
  byWeek: Map<string, Big>;
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
  /** the month a week's costs count in (the project's: projectMonthOfWeek). */
  monthOf: (week: string) => string = monthOfWeek,
): ProjectWideData {
  const projectWide: ProjectWideData = { total: new Big(0), byMonth: new Map(), byWeek: new Map() };
  for (const [week, w] of Object.entries(dataCosts?.weeks ?? {}))
    for (const [trackId, exact] of Object.entries(w.byTrackExact)) {
      const v = new Big(exact);
      if (trackIds.has(trackId)) {
        bump(byTrackWeek, periodKey(trackId, week), v);
        bump(byTrackMonth, periodKey(trackId, monthOf(week)), v);
      } else {
        projectWide.total = projectWide.total.plus(v);
        bump(projectWide.byMonth, monthOf(week), v);
        bump(projectWide.byWeek, week, v);
      }
    }
  return projectWide;
}

/** Cents for amounts that add up to `total` (largest remainder): the one rule, shared/domain/apportion.ts. */
export const centsAddingUp = (amounts: readonly Big[], total: string): string[] => apportionCents(amounts, total);

/**
 * The track rows' planned cents (each row: its GPU and its storage + transfer, exact): GPU apportioned from the plan's
 * GPU total, storage + transfer from the plan's storage and transfer totals (each rounded, as the planned total adds
 * them), each row their sum — so the rows add up to the planned total and no row is below its GPU cost.
 */
export function rowsPlannedCents(
  rows: ReadonlyArray<{ gpu: Big; data: Big }>,
  totals: { gpu: Big; storage: Big; transfer: Big },
): string[] {
  const gpu = apportionCents(
    rows.map((r) => r.gpu),
    shownCents(totals.gpu),
  );
  const data = apportionCents(
    rows.map((r) => r.data),
    new Big(shownCents(totals.storage)).plus(shownCents(totals.transfer)),
  );
  return gpu.map((g, i) => new Big(g).plus(data[i]!).toFixed(2));
}

/**
 * Makes the "By track and month" month cells add up: each track's month cells, and the project-wide storage row's, in
 * cents that sum to each month's planned figure. The rows' planned figures (`tracks[].planned`, `widePlanned`) are
 * apportioned by the caller (GPU, storage and transfer each from its own total).
 */
export function addUpTrackRows(
  tracks: Array<{ trackId: string; planned: string; months: Record<string, { planned: string }> }>,
  byTrackMonth: ReadonlyMap<string, Big>,
  projectWide: ProjectWideData,
  months: ReadonlyArray<{ month: string; planned: string }>,
  widePlanned: string,
): { planned: string; months: Record<string, string> } | null {
  const cell = (trackId: string, month: string) => byTrackMonth.get(periodKey(trackId, month)) ?? new Big(0);
  const wide = (month: string) => projectWide.byMonth.get(month) ?? new Big(0);
  const hasWide = !projectWide.total.eq(0);
  const wideMonths: Record<string, string> = {};
  for (const m of months) {
    const cells = centsAddingUp([...tracks.map((t) => cell(t.trackId, m.month)), ...(hasWide ? [wide(m.month)] : [])], m.planned);
    tracks.forEach((t, i) => ((t.months[m.month] ??= { planned: '0.00' }).planned = cells[i]!));
    if (hasWide) wideMonths[m.month] = cells[tracks.length]!;
  }
  return hasWide ? { planned: widePlanned, months: wideMonths } : null;
}
