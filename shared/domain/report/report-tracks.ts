/** The tracks section (each track's GPU-hours and cost) and the allocation table, names in place of ids. */
import type { ReportContext } from './report-context';
import type { ReportModel } from './report-model-types';
import { money, round, sum } from './report-numbers';

export function reportTracks({ plan, allocationUsd }: ReportContext): ReportModel['tracks'] {
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
      usd: money(sum(own.map((a) => allocationUsd(a.id)))),
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
      gpuId: gpuName(a.gpuId),
      gpuCount: a.gpuCount,
      offeringId: a.offeringId ? offeringLabel(a.offeringId) : null,
      hours: a.hours,
      usd: money(allocationUsd(a.id)),
      note: a.note ? words(a.note) : null,
    }));
}
