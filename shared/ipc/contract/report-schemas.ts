/**
 * The review's model (shared/domain/report, `ReportModel`) as a zod schema, so that `report:get-report-model`'s
 * response is checked field by field; the type checks at the end keep the schema equal to the domain's types.
 */
import { runRateSchema } from '../../domain/plan/run-rate';
import { z } from 'zod';
import { REPORT_SECTION_IDS, type BudgetInput, type HardwareAlternative, type ReportModel } from '../../domain/report/report-model';
import type { Assert, Equals } from '../type-check';
import { briefSchema } from './report-brief-schema';
import { reportPhaseRangeSchema, reportRangesSchema } from './report-range-schemas';

const range = z.object({ low: z.number(), high: z.number() });
const tone = z.enum(['good', 'warn', 'bad']);
const usdByKey = z.array(z.object({ key: z.string(), usd: z.string(), gpuHours: z.number() }));

const hardwareAlternativeSchema = z.object({
  gpuId: z.string(),
  gpuName: z.string(),
  offeringId: z.string(),
  offering: z.string(),
  priceKind: z.string(),
  hoursPerRun: z.number(),
  wallClockHours: z.number().nullable(),
  gpuHoursPerRun: z.number().nullable(),
  wallClockParts: z.string().nullable(),
  usdPerRun: z.string(),
  fits: z.boolean(),
  requiredGiB: z.number(),
  gpuMemoryGiB: z.number(),
  bound: z.string(),
  planned: z.boolean(),
  priceAsOf: z.string(),
  priceSource: z.string(),
  noMeasurement: z.string().nullable().optional(),
});

const budgetInputSchema = z.object({
  available: z.boolean(),
  message: z.string(),
  actualUsd: z.string().nullable(),
  actualByMonth: z.array(z.object({ month: z.string(), usd: z.string() })),
  actualCumulativeByWeek: z.record(z.string(), z.number().nullable()),
  forecastUsd: z.string().nullable(),
  forecastBasis: z.string().nullable(),
  forecastRule: z.string().nullable().optional(),
  forecastCumulativeByWeek: z.record(z.string(), z.number().nullable()).optional(),
  status: z.string().nullable(),
  alerts: z.array(z.string()),
  source: z.string(),
  otherLines: z.number(),
  budgetByMonth: z.record(z.string(), z.string()).optional(),
});

const scenarioRowSchema = z.object({
  scenarioId: z.string().nullable(),
  name: z.string(),
  usd: z.string(),
  gpuHours: z.number(),
  durationDays: z.number().nullable(),
  errors: z.number(),
  warnings: z.number(),
  authorUsd: range.nullable(),
  authorDays: range.nullable(),
  authorRisk: z.string().nullable(),
});

const milestonePhaseSchema = z.object({
  milestoneId: z.string(),
  code: z.string(),
  milestone: z.string(),
  phaseId: z.string(),
  phase: z.string(),
  trackName: z.string(),
  owner: z.string(),
  start: z.string(),
  end: z.string(),
  gpuId: z.string().nullable(),
  hardware: z.string(),
  runs: range,
  appHours: z.number().nullable(),
  appHoursPerRun: z.number().nullable(),
  appUsd: z.string().nullable(),
  appBasis: z.string(),
  allocatedHours: z.number(),
  bookedHours: z.number(),
  authorHours: range.nullable(),
  authorUsd: range.nullable(),
  authorText: z.string().nullable(),
  appRange: reportPhaseRangeSchema.nullable(),
});

export const reportModelSchema = z.object({
  generatedAt: z.string(),
  title: z.string(),
  brief: briefSchema,
  ranges: reportRangesSchema.nullable(),
  sections: z.array(z.enum(REPORT_SECTION_IDS)),
  cover: z.object({
    projectId: z.string(),
    projectName: z.string(),
    description: z.string(),
    scenario: z.string(),
    scenarioId: z.string().nullable(),
    date: z.string(),
    revision: z.number(),
    appVersion: z.string(),
    start: z.string(),
    end: z.string(),
    currency: z.string(),
    catalogRate: z.object({ factor: z.string(), text: z.string() }).nullable(),
  }),
  summary: z.object({
    plannedUsd: z.string(),
    plannedGpuUsd: z.string(),
    plannedGpuHours: z.number(),
    appMilestoneUsd: z.object({ low: z.string(), high: z.string() }),
    appMilestoneHours: range,
    appPhasesWithoutHourlyPrice: z.number(),
    authorMilestoneUsd: range,
    budgetUsd: z.string(),
    remainingUsd: z.string(),
    budgetStatus: z.enum(['within', 'over']),
    status: z.object({ label: z.string(), tone }),
    budgetSource: z.string(),
    durationDays: z.number(),
    firstWeek: z.string().nullable(),
    lastWeek: z.string().nullable(),
    topRisks: z.array(z.object({ severity: z.string(), message: z.string() })),
    errors: z.number(),
    warnings: z.number(),
    costRule: z.string(),
  }),
  tracks: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      owner: z.string(),
      focus: z.string(),
      start: z.string(),
      end: z.string(),
      colour: z.string(),
      gpuHours: z.number(),
      usd: z.string(),
    }),
  ),
  milestones: z.array(milestonePhaseSchema),
  whatMoved: z.object({ promotedAt: z.string(), label: z.string(), lines: z.array(z.string()) }).nullable(),
  dataCosts: z.object({
    currency: z.string(),
    gpuUsd: z.string(),
    storageUsd: z.string(),
    transferUsd: z.string(),
    allCostsUsd: z.string(),
    remainingAllCostsUsd: z.string(),
    lines: z.array(
      z.object({
        label: z.string(),
        category: z.enum(['storage', 'transfer']),
        track: z.string(),
        quantity: z.string(),
        usd: z.string(),
        price: z.string(),
        asOf: z.string().nullable(),
        source: z.string(),
      }),
    ),
    rule: z.string(),
  }),
  timeline: z.object({
    tracks: z.array(z.object({ id: z.string(), name: z.string(), colour: z.string() })),
    weeks: z.array(
      z.object({
        week: z.string(),
        start: z.string(),
        hoursByTrack: z.record(z.string(), z.number()),
        gpuHours: z.number(),
        usd: z.string(),
        cumulativeUsd: z.string(),
        allCostsUsd: z.string(),
        allCostsCumulativeUsd: z.string(),
        cumulativeBudgetUsd: z.string(),
      }),
    ),
  }),
  allocations: z.array(
    z.object({
      week: z.string(),
      track: z.string(),
      gpu: z.string(),
      gpuId: z.string(),
      gpuCount: z.number(),
      offering: z.string().nullable(),
      offeringId: z.string().nullable(),
      hours: z.number(),
      usd: z.string(),
      note: z.string().nullable(),
    }),
  ),
  recommendations: z.array(
    z.object({
      phaseId: z.string(),
      title: z.string(),
      workload: z.string().nullable(),
      planned: z.string(),
      recommended: hardwareAlternativeSchema.nullable(),
      alternatives: z.array(hardwareAlternativeSchema),
      why: z.array(z.string()),
      error: z.string().nullable(),
    }),
  ),
  costs: z.object({ byTrack: usdByKey, byMonth: usdByKey, byProvider: usdByKey, total: z.string() }),
  budget: budgetInputSchema.extend({
    budgetUsd: z.string(),
    burnUp: z.array(z.object({ week: z.string(), plannedCumulativeUsd: z.number(), budgetLineUsd: z.number() })),
  }),
  assumptions: z.object({
    planNotes: z.array(z.string()),
    costRule: z.string(),
    calibration: z.object({
      summary: z.string(),
      source: z.string(),
      rows: z.array(z.object({ workload: z.string(), measured: z.number(), model: z.number(), ratio: z.number() })),
    }),
    claims: z.array(
      z.object({
        quote: z.string(),
        where: z.string(),
        verdict: z.string(),
        explanation: z.string(),
        authorFigure: z.string(),
        appFigure: z.string(),
        inputs: z.string(),
      }),
    ),
    claimsSummary: z.object({ total: z.number(), shown: z.number(), counts: z.string(), rule: z.string() }).nullable(),
    scenarios: z.array(scenarioRowSchema),
    runRates: z.array(runRateSchema),
  }),
  technical: z.object({
    intro: z.string(),
    rows: z.array(z.object({ group: z.string(), name: z.string(), value: z.string(), source: z.string() })),
  }),
  prices: z.array(
    z.object({
      offeringId: z.string(),
      provider: z.string(),
      sku: z.string(),
      gpuId: z.string(),
      kind: z.string(),
      usd: z.string(),
      per: z.string(),
      asOf: z.string(),
      source: z.string(),
      usedFor: z.string(),
    }),
  ),
  problems: z.array(
    z.object({ severity: z.string(), kind: z.string(), kindWords: z.string(), week: z.string().nullable(), message: z.string() }),
  ),
  nextSteps: z.array(z.object({ text: z.string(), source: z.string() })),
});

/* The schemas say what the domain's types say (tsc fails on any difference). */
export type _AlternativeChecked = Assert<Equals<z.output<typeof hardwareAlternativeSchema>, HardwareAlternative>>;
export type _BudgetInputChecked = Assert<Equals<z.output<typeof budgetInputSchema>, BudgetInput>>;
export type _ReportModelChecked = Assert<Equals<z.output<typeof reportModelSchema>, ReportModel>>;
