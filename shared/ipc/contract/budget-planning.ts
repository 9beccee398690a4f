/**
 * Budget planning channels (budgets and thresholds, allocation rules with their preview, exchange rates, the overview).
 * Merged into `budgetChannels` (contract/budget.ts); the billing import channels live there.
 */
import { z } from 'zod';
import { RULE_KINDS } from '../../domain/budget/types';
import { amountText, plausibleDay } from '../../domain/field-bounds';
import type { ChannelMap } from '../channel';
import { dataCostComparisonSchema } from '../../domain/data-costs/schema';
import { planRangesSchema } from '../../domain/plan/plan-view';

const projectId = z.string().min(1).max(120);
/** An exchange rate: a plain decimal above 0 (no exponent), such as 0.92 or 83.25. */
const rateText = amountText.refine((s) => Number(s) > 0, 'a rate above 0, such as 0.92 or 83.25');
const currency = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, 'a three-letter ISO 4217 code such as USD');
const day = plausibleDay;
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month YYYY-MM');
const thresholds = z.array(z.number().int().min(1).max(1000)).min(1).max(10);
const currencyTotals = z.record(z.string(), z.string());

export const budgetSchema = z.object({
  id: z.number().int(),
  projectId: z.string(),
  trackId: z.string().nullable(),
  month: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  thresholds: z.array(z.number()),
});

const splitPartSchema = z.object({
  parts: z.number().int(),
  allocated: z.string(),
  of: z.string().nullable(),
  remainder: z.string().nullable(),
  over: z.string().nullable(),
});
/** The one budget record's total and how its splits add up (shared/domain/budget/budget-splits.ts). */
export const budgetSplitsSchema = z.object({
  total: z.string().nullable(),
  currency: z.string().nullable(),
  thresholds: z.array(z.number()).nullable(),
  byTrack: splitPartSchema,
  byMonth: splitPartSchema,
  trackMonths: z.array(splitPartSchema.extend({ trackId: z.string() })),
});
/** Something the app did that the user should know (e.g. which of two budgets migration 0015 kept), until dismissed. */
export const noticeSchema = z.object({
  id: z.number().int(),
  projectId: z.string(),
  kind: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

export const ruleSchema = z.object({
  id: z.number().int(),
  projectId: z.string(),
  position: z.number().int(),
  kind: z.enum(RULE_KINDS),
  key: z.string().nullable(),
  pattern: z.string(),
  trackId: z.string(),
});

export const rateSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  rate: z.string(),
  asOf: z.string(),
  source: z.string(),
  origin: z.enum(['user', 'import', 'bundled']).optional(),
});

/** How many rates of each origin the table holds, and their dates. */
export const rateSummarySchema = z.array(
  z.object({ origin: z.enum(['user', 'import', 'bundled']), count: z.number().int(), first: z.string(), last: z.string() }),
);

const ruleDraft = z.object({
  id: z.number().int().optional(),
  projectId,
  kind: z.enum(RULE_KINDS),
  key: z.string().trim().max(200).nullable().default(null),
  pattern: z.string().trim().min(1, 'a pattern (use * for any)').max(500),
  trackId: z.string().min(1, 'a track'),
  position: z.number().int().optional(),
});

const catchSchema = z.object({ count: z.number(), totals: currencyTotals, shadowed: z.number(), sampleLineIds: z.array(z.number()) });
const sampleLine = z.object({
  id: z.number(),
  day: z.string(),
  billedCost: z.string(),
  currency: z.string(),
  service: z.string().nullable(),
  resource: z.string().nullable(),
  sku: z.string().nullable(),
  account: z.string().nullable(),
  tags: z.string(),
});

export const rulePreviewSchema = z.object({
  rules: z.array(catchSchema.extend({ ruleId: z.number(), trackId: z.string(), description: z.string() })),
  unallocated: catchSchema,
  byTrack: z.record(z.string(), catchSchema),
  lineCount: z.number(),
  samples: z.record(z.string(), sampleLine),
});

const alertSchema = z.object({
  id: z.string(),
  level: z.enum(['info', 'warning', 'critical']),
  scope: z.enum(['project', 'track', 'month', 'currency']),
  subject: z.string(),
  measure: z.enum(['actual', 'forecast', 'conversion']),
  threshold: z.number().nullable(),
  percent: z.number().nullable(),
  message: z.string(),
});

export const overviewSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  currency: z.string(),
  today: z.string(),
  dataAsOf: z.string().nullable(),
  status: z.enum(['ok', 'watch', 'over', 'no-budget']),
  budget: z.object({
    total: z.string().nullable(),
    source: z.string(),
    thresholds: z.array(z.number()),
    byMonth: z.record(z.string(), z.string()),
  }),
  actual: z.object({
    value: z.string(),
    notConverted: currencyTotals,
    lineCount: z.number(),
    gpuLineCount: z.number(),
    gpuUsd: z.string(),
    gpuHours: z.number(),
    rates: z.array(z.string()),
    basis: z.string(),
  }),
  planned: z.object({
    total: z.string(),
    gpuUsd: z.string(),
    storageUsd: z.string(),
    transferUsd: z.string(),
    toDate: z.string(),
    gpuHours: z.number(),
    basis: z.string(),
  }),
  forecast: z.object({
    value: z.string(),
    fromPlan: z.string(),
    fromBurnRate: z.string().nullable(),
    burnRatePerDay: z.string().nullable(),
    method: z.enum(['plan', 'burn-rate']),
    rule: z.string(),
    basis: z.string(),
    unassigned: z.string(),
    incomplete: z.object({ lineCount: z.number(), totals: currencyTotals, message: z.string() }).nullable(),
    plannedKeptWeeks: z.array(z.string()),
  }),
  variance: z.object({ atCompletion: z.string().nullable(), toDate: z.string(), basis: z.string() }),
  weeks: z.array(
    z.object({
      week: z.string(),
      start: z.string(),
      month: z.string(),
      plannedUsd: z.string(),
      plannedCumulative: z.string(),
      actual: z.string().nullable(),
      actualCumulative: z.string().nullable(),
      forecastCumulative: z.string().nullable(),
      variance: z.string().nullable(),
      plannedKept: z.boolean(),
      plannedGpuUsd: z.string(),
      plannedStorageUsd: z.string(),
      plannedTransferUsd: z.string(),
      plannedDataCumulative: z.string(),
      plannedGpuHours: z.number(),
      actualGpuHours: z.number(),
    }),
  ),
  months: z.array(
    z.object({ month: z.string(), planned: z.string(), actual: z.string(), budget: z.string().nullable(), variance: z.string() }),
  ),
  tracks: z.array(
    z.object({
      trackId: z.string(),
      name: z.string(),
      colour: z.string(),
      budget: z.string().nullable(),
      planned: z.string(),
      actual: z.string(),
      forecast: z.string(),
      variance: z.string().nullable(),
      months: z.record(z.string(), z.object({ planned: z.string(), actual: z.string() })),
      notConverted: currencyTotals,
      lineCount: z.number(),
    }),
  ),
  projectWideData: z.object({ planned: z.string(), months: z.record(z.string(), z.string()) }).nullable(),
  unallocated: z.object({ count: z.number(), totals: currencyTotals, inWindowCount: z.number(), inWindowTotals: currencyTotals }),
  outsideWindow: z.object({ count: z.number(), totals: currencyTotals }),
  alerts: z.array(alertSchema),
  tracksMeta: z.array(z.object({ id: z.string(), name: z.string(), colour: z.string() })),
  /** Storage and network: the plan's lines against billed storage and network spend (issue 19 item 15). */
  dataCosts: dataCostComparisonSchema,
  /** The plan's P10–P90 ranges and how likely the budget holds: the plan view's own (plan-ranges.ts, issue 29 item 5). */
  planRanges: planRangesSchema.nullable().optional(),
});
export type OverviewView = z.output<typeof overviewSchema>;

export const budgetPlanningChannels = {
  'budget:list-budgets': {
    request: z.object({ projectId }).strict(),
    response: z.object({ budgets: z.array(budgetSchema), splits: budgetSplitsSchema, notices: z.array(noticeSchema) }),
  },
  'budget:dismiss-notice': { request: z.object({ id: z.number().int() }).strict(), response: z.object({ dismissed: z.boolean() }) },
  'budget:save-budget': {
    request: z
      .object({
        id: z.number().int().optional(),
        projectId,
        trackId: z.string().min(1).nullable().default(null),
        month: month.nullable().default(null),
        amount: amountText,
        currency,
        thresholds: thresholds.default([50, 80, 100, 120]),
      })
      .strict(),
    response: z.object({ budget: budgetSchema }),
  },
  'budget:delete-budget': { request: z.object({ id: z.number().int() }).strict(), response: z.object({ deleted: z.boolean() }) },
  'budget:list-rules': { request: z.object({ projectId }).strict(), response: z.object({ rules: z.array(ruleSchema) }) },
  'budget:save-rule': { request: ruleDraft.strict(), response: z.object({ rule: ruleSchema }) },
  'budget:delete-rule': { request: z.object({ id: z.number().int() }).strict(), response: z.object({ deleted: z.boolean() }) },
  'budget:reorder-rules': {
    request: z.object({ projectId, ruleIds: z.array(z.number().int()).max(1000) }).strict(),
    response: z.object({ rules: z.array(ruleSchema) }),
  },
  'budget:replace-rules': {
    request: z
      .object({
        projectId,
        rules: z
          .array(
            z
              .object({
                id: z.number().int().optional(),
                kind: z.enum(RULE_KINDS),
                key: z.string().max(200).nullable().default(null),
                pattern: z.string().max(500),
                trackId: z.string().max(200),
              })
              .strict(),
          )
          .max(1000),
      })
      .strict(),
    response: z.object({ rules: z.array(ruleSchema) }),
  },
  'budget:preview-rules': {
    request: z
      .object({
        projectId,
        rules: z
          .array(ruleDraft.extend({ id: z.number().int() }))
          .max(1000)
          .optional(),
      })
      .strict(),
    response: rulePreviewSchema,
  },
  'budget:list-rates': {
    request: z
      .object({ all: z.boolean().optional(), currency: currency.optional(), limit: z.number().int().min(1).max(100_000).optional() })
      .strict(),
    response: z.object({ rates: z.array(rateSchema), summary: rateSummarySchema }),
  },
  'budget:import-rates': {
    request: z
      .object({ fileName: z.string().trim().min(1).max(300), text: z.string().max(20_000_000, 'a rates file of at most 20 MB') })
      .strict(),
    response: z.object({ imported: z.number().int() }),
  },
  'budget:save-rate': {
    request: z
      .object({
        from: currency,
        to: currency,
        rate: rateText,
        asOf: day,
        source: z.string().trim().min(1, 'where the rate comes from').max(300),
      })
      .strict(),
    response: z.object({ rate: rateSchema }),
  },
  'budget:delete-rate': { request: z.object({ id: z.number().int() }).strict(), response: z.object({ deleted: z.boolean() }) },
  'budget:get-overview': { request: z.object({ projectId: projectId.optional() }).strict(), response: overviewSchema },
} satisfies ChannelMap;
