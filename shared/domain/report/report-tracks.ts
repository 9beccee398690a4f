/** The tracks section (each track's GPU-hours and cost) and the allocation table, names in place of ids. */
import Big from 'big.js';
import { apportionCents } from '../apportion';
import type { WeekTotal } from '../plan/totals';
import type { ReportContext } from './report-context';
import type { ReportModel } from './report-model-types';
import { money, round } from './report-numbers';

/**
 * The plan's GPU cost by track as every table shows it (tracks, costs-by-track, their CSVs): each track's exact sum
 * over the weeks, its cents apportioned from the plan's GPU total, so the tracks add up to it. Tracks the allocations
 * name that the plan no longer lists come after the plan's own, in order of first appearance.
 */
export function gpuCostByTrack(trackIds: readonly string[], weeks: readonly WeekTotal[], gpuTotal: string): Map<string, string> {
  const exact = new Map<string, Big>(trackIds.map((id) => [id, new Big(0)]));
  for (const w of weeks) for (const [t, v] of Object.entries(w.byTrack)) exact.set(t, (exact.get(t) ?? new Big(0)).plus(v.usdExact));
  const ids = [...exact.keys()];
  const shown = apportionCents(
    ids.map((id) => exact.get(id)!),
    gpuTotal,
  );
  return new Map(ids.map((id, i) => [id, shown[i]!]));
}

export function reportTracks({ plan, analysis, weeks }: ReportContext): ReportModel['tracks'] {
  const usd = gpuCostByTrack(
    plan.tracks.map((t) => t.id),
    weeks,
    analysis.totals.usd,
  );
  return plan.tracks.map((t) => {
    const own = plan.allocations.filter((a) => a.trackId === t.id);
    return {
      id: t.id,
      name: t.name,
      owner: t.owner,
      focus: t.focus,
      start: t.start,
      end: t.end,
      colour: t.colour,
      gpuHours: round(own.reduce((s, a) => s + a.hours * a.gpuCount, 0)),
      usd: usd.get(t.id) ?? '0.00',
    };
  });
}

export function reportAllocations({
  plan,
  trackById,
  gpuName,
  offeringLabel,
  allocationUsd,
  words,
}: ReportContext): ReportModel['allocations'] {
  return [...plan.allocations]
    .sort((a, b) => a.week.localeCompare(b.week) || a.trackId.localeCompare(b.trackId))
    .map((a) => ({
      week: a.week,
      track: trackById.get(a.trackId)?.name ?? a.trackId,
      gpu: gpuName(a.gpuId),
      gpuId: a.gpuId,
      gpuCount: a.gpuCount,
      offering: a.offeringId ? offeringLabel(a.offeringId) : null,
      offeringId: a.offeringId,
      hours: a.hours,
      usd: money(allocationUsd(a.id)),
      note: a.note ? words(a.note) : null,
    }));
}
