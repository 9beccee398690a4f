/**
 * Every table the report holds, as CSV-ready header + rows (the same figures the PDF prints). CSV text is made by
 * shared/domain/csv.ts `toCsv` (RFC 4180, UTF-8, optional BOM).
 */
import type { CsvValue } from '../csv';
import type { ReportModel } from './report-model';

export const REPORT_TABLES = [
  'catalog',
  'estimates',
  'allocations',
  'milestones',
  'tracks',
  'spend',
  'costs-by-track',
  'costs-by-month',
  'costs-by-provider',
  'weeks',
  'prices',
  'problems',
] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export interface CsvTable {
  header: string[];
  rows: CsvValue[][];
}

/** The report's own tables (catalog and spend come from their services). */
export function reportTable(model: ReportModel, table: Exclude<ReportTable, 'catalog' | 'spend'>): CsvTable {
  switch (table) {
    case 'estimates':
      return {
        header: [
          'phase',
          'gpu',
          'offering',
          'priceKind',
          'hoursPerRun',
          'usdPerRun',
          'fits',
          'requiredGiB',
          'gpuMemoryGiB',
          'bound',
          'planned',
          'priceAsOf',
          'priceSource',
        ],
        rows: model.recommendations.flatMap((r) =>
          r.alternatives.map((a) => [
            r.title,
            a.gpuId,
            a.offeringId,
            a.priceKind,
            a.hoursPerRun,
            a.usdPerRun,
            a.fits,
            a.requiredGiB,
            a.gpuMemoryGiB,
            a.bound,
            a.planned,
            a.priceAsOf,
            a.priceSource,
          ]),
        ),
      };
    case 'allocations':
      return {
        header: ['week', 'track', 'gpuId', 'gpuCount', 'offeringId', 'hours', 'usd', 'note'],
        rows: model.allocations.map((a) => [a.week, a.track, a.gpuId, a.gpuCount, a.offeringId, a.hours, a.usd, a.note]),
      };
    case 'milestones':
      return {
        header: [
          'code',
          'milestone',
          'phase',
          'track',
          'owner',
          'start',
          'end',
          'hardware',
          'runsLow',
          'runsHigh',
          'appHours',
          'appUsd',
          'allocatedHours',
          'authorUsdLow',
          'authorUsdHigh',
          'basis',
        ],
        rows: model.milestones.map((m) => [
          m.code,
          m.milestone,
          m.phase,
          m.trackName,
          m.owner,
          m.start,
          m.end,
          m.hardware,
          m.runs.low,
          m.runs.high,
          m.appHours,
          m.appUsd,
          m.allocatedHours,
          m.authorUsd?.low ?? null,
          m.authorUsd?.high ?? null,
          m.appBasis,
        ]),
      };
    case 'tracks':
      return {
        header: ['id', 'name', 'owner', 'focus', 'start', 'end', 'gpuHours', 'usd'],
        rows: model.tracks.map((t) => [t.id, t.name, t.owner, t.focus, t.start, t.end, t.gpuHours, t.usd]),
      };
    case 'costs-by-track':
      return { header: ['track', 'gpuHours', 'usd'], rows: model.costs.byTrack.map((c) => [c.key, c.gpuHours, c.usd]) };
    case 'costs-by-month':
      return { header: ['month', 'gpuHours', 'usd'], rows: model.costs.byMonth.map((c) => [c.key, c.gpuHours, c.usd]) };
    case 'costs-by-provider':
      return { header: ['provider', 'gpuHours', 'usd'], rows: model.costs.byProvider.map((c) => [c.key, c.gpuHours, c.usd]) };
    case 'weeks':
      return {
        header: ['week', 'start', 'gpuHours', 'usd', 'cumulativeUsd', 'cumulativeBudgetUsd'],
        rows: model.timeline.weeks.map((w) => [w.week, w.start, w.gpuHours, w.usd, w.cumulativeUsd, w.cumulativeBudgetUsd]),
      };
    case 'prices':
      return {
        header: ['offeringId', 'provider', 'sku', 'gpuId', 'kind', 'usd', 'per', 'asOf', 'source', 'usedFor'],
        rows: model.prices.map((p) => [p.offeringId, p.provider, p.sku, p.gpuId, p.kind, p.usd, p.per, p.asOf, p.source, p.usedFor]),
      };
    case 'problems':
      return { header: ['severity', 'kind', 'week', 'message'], rows: model.problems.map((p) => [p.severity, p.kind, p.week, p.message]) };
  }
}
