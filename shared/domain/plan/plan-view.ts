/**
 * The plan view: the plan, its checks and weekly totals, and the catalog facts it is costed with — what `plan:get-plan`
 * and every edit answer, and what the report reads. A domain shape (the IPC contract, contract/plan.ts, answers with it),
 * so domain code such as the report never imports the contract.
 */
import { z } from 'zod';
import { dataCostTotalsSchema } from '../data-costs/schema';
import { dataRateSchema } from '../data-costs/rate-schema';
import { SUBSCRIPTION_UNITS, subscriptionSchema } from '../subscriptions';
import { planSchema, scenarioAuthorSchema } from './schema';

export const scenarioInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  variation: z.string(),
  author: scenarioAuthorSchema.nullable(),
  createdAt: z.string(),
});

export const cellRefSchema = z.object({
  row: z.enum(['track', 'pool', 'totals', 'milestone']),
  trackId: z.string().optional(),
  poolId: z.string().optional(),
  week: z.string().optional(),
  allocationId: z.string().optional(),
  milestoneId: z.string().optional(),
  phaseId: z.string().optional(),
});

export const problemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  week: z.string().optional(),
  trackId: z.string().optional(),
  milestoneId: z.string().optional(),
  message: z.string(),
  cell: cellRefSchema,
});

export const weekTotalSchema = z.object({
  week: z.string(),
  start: z.string(),
  month: z.string(),
  gpuHours: z.number(),
  usd: z.string(),
  usdExact: z.string(),
  byTrack: z.record(z.string(), z.object({ gpuHours: z.number(), usd: z.string(), usdExact: z.string() })),
  cumulativeUsd: z.string(),
  budgetShareUsd: z.string(),
  cumulativeBudgetUsd: z.string(),
  unpricedAllocationIds: z.array(z.string()),
  storageUsd: z.string(),
  transferUsd: z.string(),
  allCostsUsd: z.string(),
  storageExact: z.string(),
  transferExact: z.string(),
  allCostsExact: z.string(),
});

/** How the catalog's USD became the project's currency, week by week (plan-currency.ts). */
export const planConversionSchema = z.object({
  from: z.string(),
  to: z.string(),
  rule: z.string(),
  weeks: z.record(z.string(), z.object({ day: z.string(), factor: z.string(), text: z.string(), rate: z.string(), stale: z.boolean() })),
  missing: z.array(z.object({ week: z.string(), day: z.string() })),
});

/** A subscription's month as the totals give it (shared/domain/plan/subscription-pricing.ts). */
export const subscriptionMonthSchema = z.object({
  subscriptionId: z.string().nullable(),
  name: z.string(),
  month: z.string(),
  unit: z.enum(SUBSCRIPTION_UNITS).nullable(),
  unitWord: z.string(),
  feeUsd: z.string(),
  includedUnits: z.string().nullable(),
  usedUnits: z.string(),
  overUnits: z.string(),
  topUps: z.array(z.object({ units: z.number(), usd: z.string(), count: z.number().int() })),
  topUpUsd: z.string(),
  uncoveredUnits: z.string(),
  usd: z.string(),
  gpuHours: z.record(z.string(), z.number()),
  allocations: z.array(
    z.object({
      allocationId: z.string(),
      week: z.string(),
      offeringId: z.string(),
      gpuHours: z.number(),
      units: z.string(),
      usd: z.string(),
    }),
  ),
  source: z.string(),
});

const hoursPercentiles = z.object({ p10: z.number(), p50: z.number(), p90: z.number() });
const moneyPercentiles = z.object({ p10: z.string(), p50: z.string(), p90: z.string() });
const datePercentiles = z.object({ p10: z.string(), p50: z.string(), p90: z.string() });

/** The plan's P10–P90 ranges (plan-ranges.ts, issue 29 item 5). */
export const planRangesSchema = z.object({
  currency: z.string(),
  milestones: z.array(
    z.object({
      milestoneId: z.string(),
      code: z.string(),
      hours: hoursPercentiles,
      cost: moneyPercentiles,
      plannedEnd: z.string().nullable(),
      end: datePercentiles.nullable(),
      phases: z.array(
        z.object({
          milestoneId: z.string(),
          phaseId: z.string(),
          hours: hoursPercentiles,
          cost: moneyPercentiles,
          source: z.enum(['app', 'author', 'none']),
          basis: z.string(),
        }),
      ),
    }),
  ),
  total: moneyPercentiles,
  plannedTotal: z.string(),
  finish: datePercentiles.extend({ planned: z.string() }).nullable(),
  budget: z.string(),
  budgetHolds: z.number(),
  samples: z.number().int(),
  seed: z.number().int(),
  rules: z.object({ distribution: z.string(), combination: z.string(), cost: z.string(), finish: z.string(), budget: z.string() }),
});

export const analysisSchema = z.object({
  problems: z.array(problemSchema),
  totals: z.object({
    weeks: z.array(weekTotalSchema),
    gpuHours: z.number(),
    usd: z.string(),
    budget: z.string(),
    remainingUsd: z.string(),
    allocationUsd: z.record(z.string(), z.string()),
    storageUsd: z.string(),
    transferUsd: z.string(),
    allCostsUsd: z.string(),
    remainingAllCostsUsd: z.string(),
    dataCosts: dataCostTotalsSchema,
    currency: z.string(),
    conversion: planConversionSchema.nullable(),
    unconvertedAllocationIds: z.array(z.string()),
    subscriptions: z.array(subscriptionMonthSchema),
  }),
  pools: z.array(
    z.object({
      poolId: z.string(),
      weeks: z.record(
        z.string(),
        z.object({
          gpuHours: z.number(),
          concurrentGpus: z.number(),
          vcpus: z.number(),
          capacityHours: z.number(),
          over: z.boolean(),
          turns: z.boolean(),
        }),
      ),
    }),
  ),
  phases: z.array(
    z.object({
      milestoneId: z.string(),
      phaseId: z.string(),
      neededHours: z.number().nullable(),
      neededBasis: z.string(),
      allocatedHours: z.number(),
      bookedHours: z.number(),
    }),
  ),
  /** Absent only in views built before ranges (plan-context.ts adds them to every view). */
  ranges: planRangesSchema.optional(),
});

export const offeringFactsSchema = z.object({
  id: z.string(),
  gpuId: z.string(),
  gpuCount: z.number(),
  vcpus: z.number().nullable(),
  label: z.string(),
  gpuName: z.string().optional(),
  deleted: z.boolean(),
  prices: z.array(
    z.object({
      kind: z.string(),
      usd: z.union([z.number(), z.string()]),
      per: z.enum(['hour', 'month', 'once']),
      asOf: z.string(),
      source: z.string(),
    }),
  ),
});

export const planViewSchema = z.object({
  plan: planSchema,
  revision: z.number().int(),
  weeks: z.array(z.string()),
  analysis: analysisSchema,
  catalog: z.object({
    offerings: z.array(offeringFactsSchema),
    dataRates: z.array(dataRateSchema).optional(),
    subscriptions: z.array(subscriptionSchema).optional(),
  }),
  history: z.object({ undoLabel: z.string().nullable(), redoLabel: z.string().nullable() }),
  /** How long the checks and totals took on this edit, ms (main process). */
  analysisMs: z.number(),
  /** Set when this view is a scenario's plan (edits, undo and redo then go to the scenario). */
  scenario: scenarioInfoSchema.nullable().optional(),
});
export type PlanView = z.output<typeof planViewSchema>;
