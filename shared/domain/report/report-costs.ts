/** The cost section: the plan's GPU cost by track, month and provider, each grouping adding up to the plan's total. */
import Big from 'big.js';
import type { ReportContext } from './report-context';
import type { ReportModel } from './report-model-types';
import { money, round, sum } from './report-numbers';

function group<T>(items: T[], key: (t: T) => string, usd: (t: T) => string, hours: (t: T) => number) {
  const m = new Map<string, { usd: Big; gpuHours: number }>();
  for (const item of items) {
    const k = key(item);
    const g = m.get(k) ?? { usd: new Big(0), gpuHours: 0 };
    g.usd = g.usd.plus(usd(item));
    g.gpuHours += hours(item);
    m.set(k, g);
  }
  return [...m.entries()].map(([k, g]) => ({ key: k, usd: money(g.usd), gpuHours: round(g.gpuHours) }));
}

export function reportCosts({ plan, analysis, weeks, trackById, offeringById, allocationUsd }: ReportContext): ReportModel['costs'] {
  const weekStart = new Map(weeks.map((w) => [w.week, w.start]));
  // Each grouping adds up to the plan's total (one figure, one value): the cents lost to rounding each allocation go
  // to the largest row.
  const reconcile = (rows: Array<{ key: string; usd: string; gpuHours: number }>) => {
    if (rows.length === 0) return rows;
    const diff = new Big(analysis.totals.usd).minus(sum(rows.map((r) => r.usd)));
    const largest = rows.reduce((m, r) => (Number(r.usd) > Number(m.usd) ? r : m), rows[0]!);
    largest.usd = money(new Big(largest.usd).plus(diff));
    return rows;
  };
  const allocationsBy = (key: (a: (typeof plan.allocations)[number]) => string) =>
    group(
      plan.allocations,
      key,
      (a) => allocationUsd(a.id),
      (a) => a.hours * a.gpuCount,
    );
  return {
    byTrack: reconcile(allocationsBy((a) => trackById.get(a.trackId)?.name ?? a.trackId)),
    byMonth: reconcile(allocationsBy((a) => (weekStart.get(a.week) ?? a.week).slice(0, 7)).sort((a, b) => a.key.localeCompare(b.key))),
    byProvider: reconcile(
      allocationsBy((a) => (a.offeringId ? (offeringById.get(a.offeringId)?.providerName ?? a.offeringId) : 'unpriced')),
    ),
    total: money(analysis.totals.usd),
  };
}
