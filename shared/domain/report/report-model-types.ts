/** The assembled review report: every section's figures, each with where it comes from (the print view renders it). */
import type { ReferenceRate } from '../plan/plan-currency';
import type { RunRate } from '../plan/run-rate';
import type { Brief } from './brief';
import type { ReportDataCosts } from './report-data-costs';
import type { HardwareAlternative, Range, ReportBudget, ReportInputs, ReportWhatMoved } from './report-input-types';
import type { ReportSectionId } from './report-sections';

export interface ReportMilestonePhase {
  milestoneId: string;
  code: string;
  milestone: string;
  phaseId: string;
  phase: string;
  trackName: string;
  owner: string;
  start: string;
  end: string;
  gpuId: string | null;
  hardware: string;
  runs: Range;
  appHours: number | null;
  appHoursPerRun: number | null;
  appUsd: string | null;
  appBasis: string;
  allocatedHours: number;
  /** every GPU-hour booked on the phase's track and hardware in its weeks (no cap at what it needs). */
  bookedHours: number;
  authorHours: Range | null;
  authorUsd: Range | null;
  authorText: string | null;
  /** P10–P50–P90 of the phase's GPU-hours and cost (project's currency) and where the range comes from (plan-ranges.ts). */
  appRange: { hours: { p10: number; p50: number; p90: number }; cost: { p10: string; p50: string; p90: string }; basis: string } | null;
}

/** The plan's total and finish as P10–P90 and how likely the budget holds (plan-ranges.ts, issue 29 item 5). */
export interface ReportRanges {
  /** "All costs $510.00–$824.00 (P10–P90, median …); … the budget holds with probability 41 % (budget …)." */
  sentence: string;
  total: { p10: string; p50: string; p90: string };
  plannedTotal: string;
  finish: { planned: string; p10: string; p50: string; p90: string } | null;
  budgetHolds: number;
  /** The rules behind the ranges, in words. */
  rules: string;
}

export interface ReportModel {
  generatedAt: string;
  /** The document's title (PDF metadata and the first heading). */
  title: string;
  brief: Brief;
  /** null when the plan view carries no ranges. */
  ranges: ReportRanges | null;
  sections: ReportSectionId[];
  cover: {
    projectId: string;
    projectName: string;
    description: string;
    scenario: string;
    scenarioId: string | null;
    date: string;
    revision: number;
    appVersion: string;
    start: string;
    end: string;
    currency: string;
    /**
     * 1 USD in the project's currency for the figures without a week of their own (the authors' figures, the
     * catalog's price list): the rate of the plan's first week; null for a project in USD.
     */
    catalogRate: ReferenceRate | null;
  };
  summary: {
    /** GPU + storage + transfer (the same total as the Plan's weekly totals and the Budget screen). */
    plannedUsd: string;
    /** The GPU part of it (the costs section's total). */
    plannedGpuUsd: string;
    plannedGpuHours: number;
    appMilestoneUsd: { low: string; high: string };
    /** GPU-hours of the milestone runs by the app's estimate, runs low … high. */
    appMilestoneHours: { low: number; high: number };
    /** Phases the app estimated whose price is a subscription or purchase: their runs cost nothing per hour. */
    appPhasesWithoutHourlyPrice: number;
    authorMilestoneUsd: Range;
    budgetUsd: string;
    remainingUsd: string;
    budgetStatus: 'within' | 'over';
    /** The status in words with its tone: open errors make "within budget" a warning, never green. */
    status: { label: string; tone: 'good' | 'warn' | 'bad' };
    budgetSource: string;
    durationDays: number;
    firstWeek: string | null;
    lastWeek: string | null;
    topRisks: Array<{ severity: string; message: string }>;
    errors: number;
    warnings: number;
    costRule: string;
  };
  tracks: Array<{
    id: string;
    name: string;
    owner: string;
    focus: string;
    start: string;
    end: string;
    colour: string;
    gpuHours: number;
    usd: string;
  }>;
  milestones: ReportMilestonePhase[];
  /** What the last accepted auto-plan suggestion moved (the current plan only; null otherwise). */
  whatMoved: ReportWhatMoved | null;
  /** Storage and data transfer: own lines, never in the GPU cost (issue 19 item 15). */
  dataCosts: ReportDataCosts;
  timeline: {
    tracks: Array<{ id: string; name: string; colour: string }>;
    weeks: Array<{
      week: string;
      start: string;
      hoursByTrack: Record<string, number>;
      gpuHours: number;
      /** GPU cost of the week and its running total. */
      usd: string;
      cumulativeUsd: string;
      /** GPU + storage + transfer of the week and its running total (ends on the plan's total, as the brief). */
      allCostsUsd: string;
      allCostsCumulativeUsd: string;
      cumulativeBudgetUsd: string;
    }>;
  };
  allocations: Array<{
    week: string;
    track: string;
    /** The GPU's and the offering's names as the PDF prints them, and their catalog ids (CSV: both). */
    gpu: string;
    gpuId: string;
    gpuCount: number;
    offering: string | null;
    offeringId: string | null;
    hours: number;
    usd: string;
    note: string | null;
  }>;
  recommendations: Array<{
    phaseId: string;
    title: string;
    workload: string | null;
    planned: string;
    recommended: HardwareAlternative | null;
    alternatives: HardwareAlternative[];
    why: string[];
    error: string | null;
  }>;
  costs: {
    byTrack: Array<{ key: string; usd: string; gpuHours: number }>;
    byMonth: Array<{ key: string; usd: string; gpuHours: number }>;
    byProvider: Array<{ key: string; usd: string; gpuHours: number }>;
    total: string;
  };
  budget: ReportBudget;
  assumptions: {
    planNotes: string[];
    costRule: string;
    calibration: ReportInputs['calibration'];
    claims: Array<{
      quote: string;
      where: string;
      verdict: string;
      explanation: string;
      authorFigure: string;
      appFigure: string;
      inputs: string;
    }>;
    /** every claim counted by verdict ("9 ok, 18 wrong…"), how many the table shows (those not ok), and the rule. */
    claimsSummary: { total: number; shown: number; counts: string; rule: string } | null;
    scenarios: ReportInputs['scenarios'];
    runRates: RunRate[];
  };
  /** The technical appendix: the estimation model's constants in words, each with its value and source (no code names). */
  technical: { intro: string; rows: Array<{ group: string; name: string; value: string; source: string }> };
  prices: Array<{
    offeringId: string;
    provider: string;
    sku: string;
    gpuId: string;
    kind: string;
    usd: string;
    per: string;
    asOf: string;
    source: string;
    usedFor: string;
  }>;
  problems: Array<{ severity: string; kind: string; kindWords: string; week: string | null; message: string }>;
  nextSteps: Array<{ text: string; source: string }>;
}
