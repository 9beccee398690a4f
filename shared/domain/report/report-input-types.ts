/**
 * What the report is assembled from: the plan view, the estimator's answers across the catalog, the catalog's dated
 * prices, the budget's actuals and the cost constants. Main gathers them (electron/services/report/report-inputs.ts).
 */
import type { RunRate } from '../plan/run-rate';
import type { Price } from '../catalog';
import type { PlanView } from '../plan/plan-view';
import type { ScenarioSummary } from './brief';
import type { ReportSectionId } from './report-sections';

export interface Range {
  low: number;
  high: number;
}
export interface Sourced {
  source: string;
}

/** One alternative of the estimator for a phase's workload (cheapest priced offering per GPU). */
export interface HardwareAlternative {
  gpuId: string;
  gpuName: string;
  offeringId: string;
  offering: string;
  priceKind: string;
  hoursPerRun: number;
  /** wall-clock hours to a trained model on this offering (setup, input pipeline, validation, checkpoints, restarts). */
  wallClockHours: number | null;
  /** GPU-only hours of a run (data already on the GPU). */
  gpuHoursPerRun: number | null;
  /** the parts of the wall clock in words, or null. */
  wallClockParts: string | null;
  usdPerRun: string;
  fits: boolean;
  requiredGiB: number;
  gpuMemoryGiB: number;
  bound: string;
  planned: boolean;
  priceAsOf: string;
  priceSource: string;
  /** null or absent: the GPU is measured; else why its range is widened ("no measurement on this GPU (…): range widened to …"). */
  noMeasurement?: string | null;
}

export interface PhaseEstimateInput {
  phaseId: string;
  /** the estimator's answer across the catalog, reduced to what the report shows, or null without a workload. */
  workloadLabel: string | null;
  alternatives: HardwareAlternative[];
  error: string | null;
}

export interface BudgetInput {
  /** false while the budget domain has no service or no imported billing data. */
  available: boolean;
  message: string;
  actualUsd: string | null;
  actualByMonth: Array<{ month: string; usd: string }>;
  /** actual cumulative spend per ISO week (null after the data's last date). */
  actualCumulativeByWeek: Record<string, number | null>;
  forecastUsd: string | null;
  /** The forecast's method with its figures, in words (the budget overview's forecast.basis). */
  forecastBasis: string | null;
  /** The forecast's rule in words (FORECAST_RULE). */
  forecastRule?: string | null;
  /** The forecast's cumulative line per ISO week (null before the week with the last data): the Budget screen's. */
  forecastCumulativeByWeek?: Record<string, number | null>;
  status: string | null;
  alerts: string[];
  source: string;
  /** imported billing lines that do not count for this project (outside its window or not allocated to a track). */
  otherLines: number;
  /** the project's month budgets (YYYY-MM → amount), when the budget domain has them. */
  budgetByMonth?: Record<string, string>;
}

/** The budget section: the budget input with the plan's budget line and its burn-up. */
export interface ReportBudget extends BudgetInput {
  budgetUsd: string;
  burnUp: Array<{ week: string; plannedCumulativeUsd: number; budgetLineUsd: number }>;
}

export interface CatalogOfferingInput {
  id: string;
  providerName: string;
  sku: string;
  gpuId: string;
  gpuCount: number;
  prices: Array<Pick<Price, 'kind' | 'usd' | 'per' | 'usdLow' | 'usdHigh' | 'asOf' | 'source'>>;
}

/** A row of the scenario comparison with the author's own figures for it. */
export interface ReportScenarioRow extends ScenarioSummary {
  authorUsd: Range | null;
  authorDays: Range | null;
  authorRisk: string | null;
}

export interface ReportInputs {
  view: PlanView;
  scenarios: ReportScenarioRow[];
  scenarioId: string | null;
  offerings: CatalogOfferingInput[];
  gpus: Array<{ id: string; name: string; memoryGiB: number; source: string }>;
  phaseEstimates: PhaseEstimateInput[];
  budget: BudgetInput;
  constants: { efficiency: Record<string, number>; memory: Record<string, number>; cost: Record<string, number> };
  calibration: { summary: string; source: string; rows: Array<{ workload: string; measured: number; model: number; ratio: number }> };
  costRule: string;
  generatedAt: string;
  appVersion: string;
  sections?: ReportSectionId[] | undefined;
  /** The project's setups per run / month / year (seed 003's example), when it defines any. */
  runRates?: RunRate[] | undefined;
  /** the claims evaluated now (shared/domain/claims): the app's figure beside the author's; absent → stored verdicts. */
  claimEvaluations?:
    Array<{ claimId: string; verdict: string; authorText: string; appText: string; stale: boolean; inputs: string }> | undefined;
  /** The last accepted auto-plan suggestion: when, which, and what it moved in sentences (suggestion-diff.ts). */
  whatMoved?: ReportWhatMoved | null | undefined;
}

export interface ReportWhatMoved {
  promotedAt: string;
  label: string;
  lines: string[];
}
