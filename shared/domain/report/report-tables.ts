/**
 * Every table the report holds, as CSV-ready header + rows (the same figures the PDF prints). CSV text is made by
 * shared/domain/csv.ts `toCsv` (RFC 4180, UTF-8, optional BOM).
 */
import { CATALOG_CURRENCY } from '../plan/plan-currency';
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

/**
 * A table whose columns are properties of its rows, in the order given; `rename` gives a column another name than
 * its property.
 */
function columnsOf<K extends string, T extends Record<K, CsvValue>>(
  rows: readonly T[],
  columns: readonly K[],
  rename: Partial<Record<K, string>> = {},
): CsvTable {
  return { header: columns.map((c) => rename[c] ?? c), rows: rows.map((row) => columns.map((c) => row[c])) };
}

/**
 * Every table with money says its currency: a last `currency` column, the project's for the plan's and the estimator's
 * figures, USD (the catalog's) for the catalog's prices; the seed authors' figures are in the USD their names say. The plan's money columns are
 * named for what they hold (`cost`, `allCosts`), not for a currency.
 */
function withCurrency(table: CsvTable, currency: string): CsvTable {
  return { header: [...table.header, 'currency'], rows: table.rows.map((r) => [...r, currency]) };
}

/** The report's own tables (catalog and spend come from their services). */
export function reportTable(model: ReportModel, table: Exclude<ReportTable, 'catalog' | 'spend'>): CsvTable {
  // The estimator's figures are converted into the project's currency (report-currency.ts); the seed authors' stay in the
  // USD their columns name (authorUsdLow/High), and the catalog's price list in the catalog's USD.
  const currency = table === 'prices' ? CATALOG_CURRENCY : model.cover.currency;
  return table === 'problems' ? reportTableIn(model, table) : withCurrency(reportTableIn(model, table), currency);
}

function reportTableIn(model: ReportModel, table: Exclude<ReportTable, 'catalog' | 'spend'>): CsvTable {
  switch (table) {
    case 'estimates':
      return columnsOf(
        model.recommendations.flatMap((r) => r.alternatives.map((a) => ({ ...a, phase: r.title }))),
        [
          'phase',
          'gpuName',
          'gpuId',
          'offering',
          'offeringId',
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
        { gpuName: 'gpu', usdPerRun: 'costPerRun' },
      );
    case 'allocations':
      return columnsOf(model.allocations, ['week', 'track', 'gpu', 'gpuId', 'gpuCount', 'offering', 'offeringId', 'hours', 'usd', 'note'], {
        usd: 'cost',
      });
    case 'milestones':
      return columnsOf(
        model.milestones.map((m) => ({
          ...m,
          runsLow: m.runs.low,
          runsHigh: m.runs.high,
          authorUsdLow: m.authorUsd?.low ?? null,
          authorUsdHigh: m.authorUsd?.high ?? null,
        })),
        [
          'code',
          'milestone',
          'phase',
          'trackName',
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
          'appBasis',
        ],
        { trackName: 'track', appBasis: 'basis', appUsd: 'appCost' },
      );
    case 'tracks':
      return columnsOf(model.tracks, ['id', 'name', 'owner', 'focus', 'start', 'end', 'gpuHours', 'usd'], { usd: 'cost' });
    case 'costs-by-track':
      return columnsOf(model.costs.byTrack, ['key', 'gpuHours', 'usd'], { key: 'track', usd: 'cost' });
    case 'costs-by-month':
      return columnsOf(model.costs.byMonth, ['key', 'gpuHours', 'usd'], { key: 'month', usd: 'cost' });
    case 'costs-by-provider':
      return columnsOf(model.costs.byProvider, ['key', 'gpuHours', 'usd'], { key: 'provider', usd: 'cost' });
    case 'weeks': {
      // The forecast's cumulative line (the Budget screen's and the PDF's), from the week with the last data on.
      const forecast = model.budget.forecastCumulativeByWeek ?? {};
      return columnsOf(
        model.timeline.weeks.map((w) => {
          const f = forecast[w.week];
          return { ...w, forecastCumulativeUsd: f === null || f === undefined ? null : f.toFixed(2) };
        }),
        [
          'week',
          'start',
          'gpuHours',
          'usd',
          'cumulativeUsd',
          'allCostsUsd',
          'allCostsCumulativeUsd',
          'cumulativeBudgetUsd',
          'forecastCumulativeUsd',
        ],
        {
          usd: 'gpuCost',
          cumulativeUsd: 'gpuCumulative',
          allCostsUsd: 'allCosts',
          allCostsCumulativeUsd: 'allCostsCumulative',
          cumulativeBudgetUsd: 'cumulativeBudget',
          forecastCumulativeUsd: 'forecastCumulative',
        },
      );
    }
    case 'prices':
      return columnsOf(model.prices, ['offeringId', 'provider', 'sku', 'gpuId', 'kind', 'usd', 'per', 'asOf', 'source', 'usedFor']);
    case 'problems':
      return columnsOf(model.problems, ['severity', 'kind', 'week', 'message']);
  }
}
