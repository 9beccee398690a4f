/** The budget overview's input and result shapes (computeOverview in overview.ts). */
import type { WeekTotal } from '../plan/totals';
import type { Plan } from '../plan/types';
import type { DataCostTotals } from '../data-costs/weekly';
import type { AllocationRule, Budget, BudgetSpendLine, CurrencyTotals, ExchangeRate } from './types';

export const UNALLOCATED = 'unallocated';

/** The one sign convention of every variance (cards, tables, weeks, months, tracks, the PDF). */
export const VARIANCE_CONVENTION =
  'Variance = budget or plan − actual or forecast: positive means money left or under plan (good), negative means over (bad).';

export interface OverviewInput {
  plan: Plan;
  /** The plan's weekly totals (analyzePlan(...).totals.weeks). */
  planWeeks: WeekTotal[];
  lines: readonly BudgetSpendLine[];
  rules: readonly AllocationRule[];
  budgets: readonly Budget[];
  rates: readonly ExchangeRate[];
  /** Today (YYYY-MM-DD), for the record; the data's own date drives actual vs forecast. */
  today: string;
  /** The plan's storage and transfer (analyzePlan(...).totals.dataCosts): each item's cost counts in its track's row. */
  dataCosts?: DataCostTotals;
}

export interface WeekRow {
  week: string;
  start: string;
  month: string;
  plannedUsd: string;
  plannedCumulative: string;
  /** null after the last day with spend data. */
  actual: string | null;
  actualCumulative: string | null;
  /** null before the last week with spend data. */
  forecastCumulative: string | null;
  /** planned − actual (positive: under plan, good), null where there is no actual yet. */
  variance: string | null;
  /** A past week with no spend assigned to a track: the forecast keeps its planned figure. */
  plannedKept: boolean;
  /** The week's planned GPU, storage and transfer (plannedUsd is their sum: their own lines, never folded silently). */
  plannedGpuUsd: string;
  plannedStorageUsd: string;
  plannedTransferUsd: string;
  /** Planned storage + transfer so far (the burn-up's own series under the total). */
  plannedDataCumulative: string;
  plannedGpuHours: number;
  actualGpuHours: number;
}

export interface MonthRow {
  month: string;
  planned: string;
  actual: string;
  budget: string | null;
  /** planned − actual (positive: under plan, good) */
  variance: string;
}

export interface TrackRow {
  trackId: string;
  name: string;
  colour: string;
  budget: string | null;
  planned: string;
  actual: string;
  forecast: string;
  /** budget − forecast (positive: money left), null without a budget. */
  variance: string | null;
  months: Record<string, { planned: string; actual: string }>;
  notConverted: CurrencyTotals;
  lineCount: number;
}

export type AlertLevel = 'info' | 'warning' | 'critical';

export interface BudgetAlert {
  /** Stable id: scope, measure and threshold — a new id means a threshold newly crossed. */
  id: string;
  level: AlertLevel;
  scope: 'project' | 'track' | 'month' | 'currency';
  subject: string;
  measure: 'actual' | 'forecast' | 'conversion';
  threshold: number | null;
  percent: number | null;
  message: string;
}

export interface BudgetOverview {
  projectId: string;
  projectName: string;
  currency: string;
  today: string;
  /** Last day with spend data in the project's window, null before any. */
  dataAsOf: string | null;
  status: 'ok' | 'watch' | 'over' | 'no-budget';
  budget: { total: string | null; source: string; thresholds: number[]; byMonth: Record<string, string> };
  actual: {
    value: string;
    notConverted: CurrencyTotals;
    lineCount: number;
    gpuLineCount: number;
    gpuUsd: string;
    gpuHours: number;
    rates: string[];
    basis: string;
  };
  /** GPU + storage + transfer: the same total as the plan's weekly totals and the brief. */
  planned: { total: string; gpuUsd: string; storageUsd: string; transferUsd: string; toDate: string; gpuHours: number; basis: string };
  /** The one forecast (forecast.ts): the KPI, the burn-up's line (weeks[].forecastCumulative) and the track rows. */
  forecast: {
    value: string;
    fromPlan: string;
    fromBurnRate: string | null;
    burnRatePerDay: string | null;
    /** Which of the rule's two figures is the forecast. */
    method: 'plan' | 'burn-rate';
    /** The rule in words (FORECAST_RULE). */
    rule: string;
    /** The method with this project's figures, in words. */
    basis: string;
    /** The part in no track (storage and transfer for the whole project): tracks' forecasts + this = value, to the cent. */
    unassigned: string;
    /** Set while spend in the project's dates is assigned to no track: the forecast is incomplete until it is. */
    incomplete: { lineCount: number; totals: CurrencyTotals; message: string } | null;
    /** Past weeks without assigned spend whose planned figure the forecast keeps. */
    plannedKeptWeeks: string[];
  };
  variance: { atCompletion: string | null; toDate: string; basis: string };
  weeks: WeekRow[];
  months: MonthRow[];
  /** Planned storage and transfer of the items stated for the whole project (no track), by month; null without any. */
  projectWideData: { planned: string; months: Record<string, string> } | null;
  tracks: TrackRow[];
  unallocated: { count: number; totals: CurrencyTotals; inWindowCount: number; inWindowTotals: CurrencyTotals };
  outsideWindow: { count: number; totals: CurrencyTotals };
  alerts: BudgetAlert[];
}
