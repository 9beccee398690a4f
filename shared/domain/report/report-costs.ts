/**
 * The cost section: the plan's GPU cost by track, month and provider. Each grouping's cents are apportioned from the
 * plan's GPU total by the one rounding rule (shared/domain/apportion.ts), so each adds up to it and a track or a month
 * reads the same here, in the tracks table, on the Budget screen and in the brief.
 */
import Big from 'big.js';
import { apportionCents } from '../apportion';
import { shownMonthCosts } from '../plan/totals';
import { monthOfWeek } from '../plan/weeks';
import type { ReportContext } from './report-context';
import type { ReportModel } from './report-model-types';
import { money, round } from './report-numbers';
import { gpuCostByTrack } from './report-tracks';

type Row = { key: string; usd: string; gpuHours: number };

/** GPU-hours by group (the allocations'), in the order the groups first appear. */
function hoursBy<T>(items: readonly T[], key: (t: T) => string, hours: (t: T) => number): Map<string, number> {
  const m = new Map<string, number>();
  for (const item of items) m.set(key(item), (m.get(key(item)) ?? 0) + hours(item));
  return m;
}

export function reportCosts({ plan, analysis, weeks, trackById, offeringById, allocationUsd }: ReportContext): ReportModel['costs'] {
  const gpuTotal = analysis.totals.usd;
  const hours = (a: (typeof plan.allocations)[number]) => a.hours * a.gpuCount;
  const trackName = (id: string) => trackById.get(id)?.name ?? id;

  const byTrackUsd = gpuCostByTrack(
    plan.tracks.map((t) => t.id),
    weeks,
    gpuTotal,
  );
  const trackHours = hoursBy(plan.allocations, (a) => a.trackId, hours);
  const byTrack: Row[] = [...byTrackUsd.entries()]
    .filter(([id, usd]) => trackHours.has(id) || Number(usd) !== 0)
    .map(([id, usd]) => ({ key: trackName(id), usd, gpuHours: round(trackHours.get(id) ?? 0) }));

  // Months: each week in the month holding most of its days within the project (WeekTotal.month), as the Budget screen,
  // the CSV and the brief group them.
  const weekMonth = new Map(weeks.map((w) => [w.week, w.month]));
  const monthHours = hoursBy(plan.allocations, (a) => weekMonth.get(a.week) ?? monthOfWeek(a.week), hours);
  const byMonth: Row[] = shownMonthCosts(weeks)
    .filter((m) => monthHours.has(m.month) || Number(m.gpu) !== 0)
    .map((m) => ({ key: m.month, usd: m.gpu, gpuHours: round(monthHours.get(m.month) ?? 0) }));

  // Providers: each allocation's cost (to the cent, the finest the plan keeps), apportioned to the GPU total.
  const provider = (a: (typeof plan.allocations)[number]) =>
    a.offeringId ? (offeringById.get(a.offeringId)?.providerName ?? a.offeringId) : 'unpriced';
  const providerUsd = new Map<string, Big>();
  for (const a of plan.allocations) providerUsd.set(provider(a), (providerUsd.get(provider(a)) ?? new Big(0)).plus(allocationUsd(a.id)));
  const providerHours = hoursBy(plan.allocations, provider, hours);
  const providers = [...providerUsd.keys()];
  const providerShown = apportionCents(
    providers.map((p) => providerUsd.get(p)!),
    gpuTotal,
  );
  const byProvider: Row[] = providers.map((p, i) => ({ key: p, usd: providerShown[i]!, gpuHours: round(providerHours.get(p) ?? 0) }));

  return { byTrack, byMonth, byProvider, total: money(gpuTotal) };
}
